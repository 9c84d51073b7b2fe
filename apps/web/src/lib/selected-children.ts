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

/** The children the home feed shows (F §2): the stored choice where still activated, else every activated child. */
export function homeChildIds(stored: number[], activatedIds: number[]): number[] {
  const valid = stored.filter((id) => activatedIds.includes(id));
  return valid.length > 0 ? valid : activatedIds;
}
