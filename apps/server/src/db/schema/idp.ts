// Tables of the idp area.
export {};
