// Calls of the notices area (filled by its issue).
export {};
