import type { BillingStatement, StatementLine, StatementStatus } from '@renraku/contract';
import type { billingStatements } from '../../db/schema';
import type { DraftStatement } from './compute';
import { monthOf } from './inputs';

type StatementRow = typeof billingStatements.$inferSelect;

/** An issued statement as every audience reads it: its snapshot, never recomputed. */
export function presentStatement(row: StatementRow, facilityName: string): BillingStatement {
  return {
    id: row.id,
    number: row.number,
    month: monthOf(row.month),
    facility_name: facilityName,
    payer: { id: row.payerUserId, name: row.payerName },
    children: row.children as { id: number; name: string }[],
    lines: row.lines as StatementLine[],
    total: row.total,
    due_date: row.dueDate,
    status: row.status as StatementStatus,
    issued_at: row.issuedAt.toISOString(),
  };
}

/** A draft: no id, no number yet. */
export function presentDraft(draft: DraftStatement, month: string, facilityName: string): BillingStatement {
  return {
    id: null,
    number: null,
    month,
    facility_name: facilityName,
    payer: { id: draft.payerUserId, name: draft.payerName },
    children: draft.children,
    lines: draft.lines,
    total: draft.total,
    due_date: draft.dueDate,
    status: 'draft',
    issued_at: null,
  };
}
