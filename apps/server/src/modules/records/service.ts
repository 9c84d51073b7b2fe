/** The records area's public face (DESIGN §3.1): what the seed and other areas may use. */
export { currentTemplate } from './templates';
export { journalDays } from './periods';
export { storeState } from './socket';
export { loadRecordSettings, progressPeriodOf } from './terms';
export { admissionState, yorokuDate } from './yoroku-admission';
