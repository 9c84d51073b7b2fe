import { readLocal, writeLocal } from './storage';

/** The local storage key of the selected child ids, one per user (A §9): another user on the same phone never inherits them. */
export const selectedChildrenKey = (userId: number) => `selectedChildren:${userId}`;

export function readSelectedChildren(userId: number): number[] {
  const value = readLocal<unknown>(selectedChildrenKey(userId), []);
  return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
}

export function writeSelectedChildren(userId: number, childIds: number[]): void {
  writeLocal(selectedChildrenKey(userId), childIds);
}
