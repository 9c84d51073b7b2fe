// Calls of the events area (filled by its issue).
export {};
