/** Relation of a guardian to a child (pivot.type). Labels are ours (A §3 leaves them open). */
export const relationTypes: Record<number, string> = {
  0: '父',
  1: '母',
  2: '祖父',
  3: '兄',
  4: '姉',
  5: '祖母',
  6: 'おじ・おば',
  7: '里親',
  8: '後見人',
  9: 'その他',
};

/** Display order of relation options (A §3, §9). */
export const relationTypeOrder = [0, 1, 2, 5, 6, 3, 4, 7, 8, 9] as const;

export const relationTypeValues = relationTypeOrder.map(Number);

export function relationOptions(labels: Record<string, string> = relationTypes): { value: string; label: string }[] {
  return relationTypeOrder.map((key) => ({ value: String(key), label: labels[key] ?? String(key) }));
}
