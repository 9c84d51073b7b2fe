// Tables of the communications area.
export {};
