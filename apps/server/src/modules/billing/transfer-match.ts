import { SMALL_TO_FULL } from '@renraku/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { statementsWithBalance } from './balances';
import { billingStatements, children } from '../../db/schema';

/**
 * Which open statement a 振込 credit pays (docs/decisions/billing-transfer-matching.md): the amount
 * must equal what is still open, and the 振込依頼人名 must name the family: the payer's registered
 * 口座名義 or a child's full name (strong), else a child's family name as a word of the 摘要 (weak).
 * Exactly one strong candidate matches; with none, exactly one weak one; anything else waits for the
 * 事務, so a credit is never guessed onto the wrong family.
 */

/** A name as a comparable key: full-width katakana, small kana full size, no ー, spaces or symbols. */
export function kanaKey(value: string): string {
  return [...value.normalize('NFKC')]
    .map((ch) => (ch >= 'ぁ' && ch <= 'ゖ' ? String.fromCharCode(ch.charCodeAt(0) + 0x60) : ch))
    .map((ch) => SMALL_TO_FULL[ch] ?? ch.toUpperCase())
    .filter((ch) => /[\u30A1-\u30FA0-9A-Z]/.test(ch))
    .join('');
}

export interface OpenStatement {
  row: typeof billingStatements.$inferSelect;
  remaining: number;
  /** Full names (child's kana, the account's 名義) and family names, as keys. */
  names: string[];
  familyNames: string[];
}

/** The facility's statements that can still take a payment (未払い, 引落不能), with what is open and the names. */
export async function openStatements(db: Db, facilityId: number): Promise<OpenStatement[]> {
  const rows = await statementsWithBalance(db)
    .where(and(eq(billingStatements.facilityId, facilityId), inArray(billingStatements.status, ['unpaid', 'failed'])))
    .orderBy(billingStatements.month, billingStatements.number);
  const childIds = [...new Set(rows.flatMap((r) => r.s.childIds))];
  const kana = childIds.length
    ? await db
        .select({ id: children.id, last: children.lastNameKana, first: children.firstNameKana })
        .from(children)
        .where(inArray(children.id, childIds))
    : [];
  const byId = new Map(kana.map((k) => [k.id, k]));
  return rows.map(({ s, paid, holder }) => {
    const kids = s.childIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    return {
      row: s,
      remaining: s.total - paid,
      names: [...kids.map((k) => kanaKey(k.last + k.first)), ...(holder ? [kanaKey(holder)] : [])].filter(Boolean),
      familyNames: [...new Set(kids.map((k) => kanaKey(k.last)).filter(Boolean))],
    };
  });
}

/** The one statement the credit pays, or null when none or several fit. */
export function matchCredit(credit: { description: string; amount: number }, open: OpenStatement[]): OpenStatement | null {
  const text = kanaKey(credit.description);
  const words = credit.description
    .normalize('NFKC')
    .split(/[\s\u3000]+/)
    .map(kanaKey)
    .filter(Boolean);
  const sameAmount = open.filter((o) => o.remaining === credit.amount);
  const strong = sameAmount.filter((o) => o.names.some((n) => text.includes(n)));
  if (strong.length > 0) return strong.length === 1 ? strong[0]! : null;
  const weak = sameAmount.filter((o) => o.familyNames.some((n) => words.some((w) => w.startsWith(n))));
  return weak.length === 1 ? weak[0]! : null;
}
