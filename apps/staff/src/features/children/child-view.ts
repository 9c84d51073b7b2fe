import { AUDIT_VIEW_HEADER } from '@renraku/contract/staff';

/**
 * One open of a child's page is one read in the audit log (issue 29), though the page makes three
 * audited calls (the record, the guardians, the pick-up persons) and refetches them after a change:
 * each mount of the page takes a new random view id, and its calls send it, so the server writes
 * one `child.read` entry per view (docs/decisions/staff-audit-screen.md).
 */
const openViews = new Map<number, string>();

/** Called once per mount of the child's page (a useState initialiser): a new view of that child. */
export function openChildView(childId: number): string {
  // getRandomValues, not randomUUID: a tablet may reach the embedded server over plain http.
  const view = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  openViews.set(childId, view);
  return view;
}

/** The headers of the child's audited reads: the open view's id, when the page is open. */
export function childViewHeaders(childId: number): Record<string, string> {
  const view = openViews.get(childId);
  return view ? { [AUDIT_VIEW_HEADER]: view } : {};
}
