// Tables of the growths area.
export {};
