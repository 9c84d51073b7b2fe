// Tables of the push area.
export {};
