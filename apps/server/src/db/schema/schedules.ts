// Tables of the schedules area.
export {};
