import { relationTypes } from '@renraku/contract/client';

/** The label of a relation type from the server constants (falls back to the contract's list). */
export function relationLabel(labels: Record<string, string> | undefined, type: number): string {
  return labels?.[String(type)] ?? relationTypes[type] ?? '';
}
