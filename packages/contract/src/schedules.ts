// Calls of the schedules area (filled by its issue).
export {};
