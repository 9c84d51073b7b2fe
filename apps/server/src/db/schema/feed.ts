// Tables of the feed area.
export {};
