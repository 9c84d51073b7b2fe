import type { Board, ClassDay, Inbox } from '@renraku/contract';
import type { Db } from '../../db/client';
import type { StaffViewer } from '../access';
import { recordAudit } from '../audit/service';

/**
 * The board and the inbox show a child's absence disease (インフルエンザ…), and the board and the
 * entry grid a child's アレルギー: health data of the child's record (staff.md §2). A read that
 * shows one is entered in the audit log, one entry per read naming every child whose disease or
 * allergy it showed (`details.child_ids`, `child_id` when one), so that the audit screen answers
 * "who saw this child's health data" by child. A read that shows none is the day's plan and
 * times: no entry.
 */
export function childrenWithHealthDataOnBoard(board: Board): number[] {
  return board.children.filter((c) => c.allergies !== '' || c.reports.some((r) => r.diseases.length > 0)).map((c) => c.child_id);
}

export function childrenWithAllergies(day: ClassDay): number[] {
  return day.children.filter((c) => c.allergies !== '').map((c) => c.child_id);
}

export function childrenWithDiseasesInInbox(inbox: Inbox): number[] {
  const ids = inbox.items.filter((i) => (i.report?.diseases.length ?? 0) > 0).map((i) => i.child.id);
  return [...new Set(ids)];
}

export interface DiseaseRead {
  companyId: number;
  facilityId: number;
  action: 'day.board.read' | 'day.inbox.read' | 'daily_notes.class.read';
  targetType: 'class' | 'facility';
  targetId: number;
  date: string;
}

export async function recordDiseaseRead(db: Db, staff: StaffViewer, now: Date, read: DiseaseRead, childIds: number[]) {
  if (childIds.length === 0) return;
  await recordAudit(db, staff, now, {
    companyId: read.companyId,
    facilityId: read.facilityId,
    action: read.action,
    targetType: read.targetType,
    targetId: read.targetId,
    childId: childIds.length === 1 ? childIds[0] : null,
    details: { child_ids: childIds, date: read.date },
  });
}
