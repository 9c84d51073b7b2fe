/**
 * Factories that create any missing parents, so each test sets up only what it talks about
 * (`buildChild()` makes its facility and company, `buildScheduleWindow()` its facility). One module
 * per area; they write through the database schema only, never through the app's modules.
 */
export * from './core';
export * from './children';
export * from './communications';
export * from './feed';
export * from './notices';
export * from './planning';
export * from './staff';
