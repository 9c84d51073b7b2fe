// Calls of the feed area (filled by its issue).
export {};
