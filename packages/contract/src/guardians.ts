// Calls of the guardians area (filled by its issue).
export {};
