// Tables of the guardians area.
export {};
