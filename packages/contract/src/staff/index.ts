/** The staff side's calls (DESIGN §3.1: `src/staff/<area>.ts`). */
export * from './common';
export * from './auth';
export * from './audit';
export * from './facilities';
export * from './children';
export * from './devices';
export * from './members';
export * from './feed';
export * from './pickup';
export * from './events';
export * from './company';
export * from './daily-notes';
export * from './schedules';
export * from './naps';
