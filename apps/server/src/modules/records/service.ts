/** The records area's public face (DESIGN §3.1): what the seed and other areas may use. */
export { currentTemplate } from './templates';
export { journalDays } from './periods';
export { loadState, storeState } from './document-store';
export { loadRecordSettings, progressPeriodOf } from './terms';
export { admissionState, yorokuDate } from './yoroku-admission';
