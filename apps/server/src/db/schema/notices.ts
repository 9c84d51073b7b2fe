// Tables of the notices area.
export {};
