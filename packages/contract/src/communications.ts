// Calls of the communications area (filled by its issue).
export {};
