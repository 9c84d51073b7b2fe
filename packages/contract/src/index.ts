export * from './common';
export * from './messages';
export * from './relation-types';
export * from './operator';
export * from './auth';
export * from './users';
export * from './settings';
export * from './children';
