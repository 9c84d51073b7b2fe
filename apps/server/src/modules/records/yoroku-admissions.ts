import * as Y from 'yjs';
import { yorokuAdmissionLabels, type RecordStatus, type YorokuAdmissionKey, type YorokuAdmissions } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { authorizeClass, type StaffViewer } from '../access';
import { loadState } from './document-store';
import { auditYorokuReads, classYorokuDocuments } from './yoroku-zip';
import { finalYearChildren } from './yoroku-class';

const keys = Object.keys(yorokuAdmissionLabels) as YorokuAdmissionKey[];

/**
 * Who reads the 入所に関する記録 (records.md §7; docs/decisions/records-yoroku-admissions.md): every
 * member of the class's facility, the 事務 too (`facility.read`: the roster's readers); another
 * facility 404. The 保育に関する記録 stay with the records' readers (child-access.ts).
 */
export const authorizeYorokuAdmissions = (ctx: AppContext, staff: StaffViewer, classId: number) =>
  authorizeClass(ctx, staff, classId, 'facility.read');

/** The 入所に関する記録 as the 要録's stored state holds them (what the staff checked), in the 様式's order. */
export function admissionFields(state: Uint8Array | null) {
  const doc = new Y.Doc();
  if (state) {
    try {
      Y.applyUpdate(doc, state);
    } catch {
      // An unreadable state reads as blank fields.
    }
  }
  const fields = keys.map((key) => ({ key, label: yorokuAdmissionLabels[key], value: doc.getText(key).toString().trim() }));
  doc.destroy();
  return fields;
}

/**
 * A class's final-year children with the 入所に関する記録 of their 要録 of the 年度 (latest version,
 * flushed by the caller), and nothing of the 保育に関する記録. Each child whose 要録 is read is in the
 * log as a read of the 要録 (`yoroku.read`, view `admission`), in one statement.
 */
export async function classYorokuAdmissions(
  db: Db,
  staff: StaffViewer,
  access: Awaited<ReturnType<typeof authorizeYorokuAdmissions>>,
  year: number,
  now: Date,
): Promise<YorokuAdmissions> {
  const { klass } = access;
  const [kids, docs] = await Promise.all([finalYearChildren(db, klass.id, year), classYorokuDocuments(db, klass.id, year)]);
  const byChild = new Map(docs.map(({ doc }) => [doc.childId, doc]));
  const states = new Map(await Promise.all(docs.map(async ({ doc }) => [doc.id, await loadState(db, doc.id)] as const)));
  await auditYorokuReads(
    db,
    staff,
    access,
    docs.map(({ doc }) => doc),
    'admission',
    now,
  );
  return {
    class: { id: klass.id, name: klass.name },
    fiscal_year: year,
    children: kids.map((k) => {
      const doc = byChild.get(k.id);
      return {
        id: k.id,
        name: k.name,
        left: k.leftOn !== null && k.leftOn < staff.today,
        document: doc ? { id: doc.id, version: doc.version, status: doc.status as RecordStatus } : null,
        fields: doc ? admissionFields(states.get(doc.id) ?? null) : [],
      };
    }),
  };
}
