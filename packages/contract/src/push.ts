// Calls of the push area (filled by its issue).
export {};
