/**
 * What other areas may use of staffing (DESIGN §3.1): the gate kiosk writes staff 打刻 into
 * `staff_time_entries` through these (modules/kiosk/staff-clock.ts); main.ts starts the 希望休 reminder worker.
 */
export { lockPersonDay } from './clock';
export { validEntries } from './day-data';
export { clockRefusal, minuteOf } from './timeline';
export { startWishReminderWorker } from './wish-reminders';
