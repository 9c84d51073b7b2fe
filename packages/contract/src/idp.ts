// Calls of the idp area (filled by its issue).
export {};
