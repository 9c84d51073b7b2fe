export * from './organisation';
export * from './users';
