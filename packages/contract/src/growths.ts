// Calls of the growths area (filled by its issue).
export {};
