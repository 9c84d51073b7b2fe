import { defecationCategoryLabels, defecationStatusLabels, type DailyMessage, type FeedFile } from '@renraku/contract';
import type { AppContext } from '../../context';
import type { DailyNoteRecords } from '../../db/schema';
import { displaySize } from '../../lib/files';

/** A feed file as the statement answers it. */
export interface FileRow {
  id: number;
  name: string;
  storageKey: string;
  isDocument: boolean;
  sizeBytes: number;
}

/** An enrolment of the day as the statement answers it: `note` and `family` are whole rows (snake_case keys). */
export interface EnrolmentOfDay {
  noteChildId: number;
  childId: number;
  nursery: string;
  note: {
    id: number;
    attendance_time: string | null;
    leaving_time: string | null;
    text: string | null;
    employee_name: string | null;
    thermometries: DailyNoteRecords['thermometries'];
    sleeps: DailyNoteRecords['sleeps'];
    defecations: DailyNoteRecords['defecations'];
    school_meal: string | null;
    lunch_items: DailyNoteRecords['lunchItems'];
    lunch_note: string | null;
    snack_morning: string | null;
    snack_afternoon: string | null;
    snack_contact_to_parents: string | null;
    milks: DailyNoteRecords['milks'];
  } | null;
  family: FamilyRow | null;
  /** The actual times of the day (child_attendances: the gate kiosk or the board), 'HH:MM'. */
  arrivedAt: string | null;
  pickedUpAt: string | null;
  noteFiles: FileRow[] | null;
  broadcastFiles: FileRow[] | null;
}

export interface FamilyRow {
  sleep_started_at: string | null;
  sleep_ended_at: string | null;
  temperature: number | string | null;
  thermometry_done_at: string | null;
  defecation_category_id: number | null;
  defecation_status_id: number | null;
  defecation_done_at: string | null;
  dinner: string | null;
  breakfast: string | null;
  message: string | null;
  is_participate: boolean | null;
}

/** One enrolment's card of the day, or null when the facility and the family wrote nothing. */
export function presentDailyMessage(ctx: AppContext, day: string, enrolment: EnrolmentOfDay): DailyMessage | null {
  const { noteChildId, childId, nursery, note, family, noteFiles, broadcastFiles, arrivedAt, pickedUpAt } = enrolment;
  const broadcast = (broadcastFiles ?? []).map((file) => presentFile(ctx, file));
  if (!note && !family && broadcast.length === 0 && !arrivedAt && !pickedUpAt) return null;
  return {
    note_child_id: noteChildId,
    child_id: childId,
    date: day,
    nursery,
    // The recorded times (gate or board) win over the note's planned ones, which are marked as
    // planned: a planned 17:00 must not read as a pick-up that happened (issue 29).
    attendances: {
      attendanceTime: arrivedAt ?? note?.attendance_time ?? null,
      leavingTime: pickedUpAt ?? note?.leaving_time ?? null,
      attendanceRecorded: arrivedAt !== null && arrivedAt !== undefined,
      leavingRecorded: pickedUpAt !== null && pickedUpAt !== undefined,
    },
    message:
      note || broadcast.length
        ? {
            employeeInfo: {
              text: note?.text ?? null,
              name: note?.employee_name ?? null,
              broadcastMessageFiles: broadcast,
              employeeMessageFiles: (noteFiles ?? []).map((file) => presentFile(ctx, file)),
              thermometries: note?.thermometries ?? [],
              sleeps: note?.sleeps ?? [],
              defecations: note?.defecations ?? [],
              schoolMeal: note?.school_meal ?? null,
              meals: {
                lunch: { items: note?.lunch_items ?? [], note: note?.lunch_note ?? null },
                snackSet: {
                  morning: note?.snack_morning ?? null,
                  afternoon: note?.snack_afternoon ?? null,
                  contactToParents: note?.snack_contact_to_parents ?? null,
                },
                milks: note?.milks ?? [],
              },
            },
          }
        : null,
    familyInformation: family ? presentFamily(family) : null,
  };
}

function presentFile(ctx: AppContext, file: FileRow): FeedFile {
  const url = ctx.files.url(file.storageKey)!;
  return {
    id: file.id,
    name: file.name,
    url,
    fileUrl: file.isDocument ? url : ctx.files.url(file.storageKey, { variant: 'thumb' })!,
    mediumUrl: file.isDocument ? null : ctx.files.url(file.storageKey, { variant: 'medium' }),
    isDocumentFile: file.isDocument,
    displaySize: displaySize(file.sizeBytes),
  };
}

function presentFamily(family: FamilyRow): DailyMessage['familyInformation'] {
  const meals: { category: string; comment: string }[] = [];
  if (family.dinner) meals.push({ category: '前日の夕食', comment: family.dinner });
  if (family.breakfast) meals.push({ category: '朝食', comment: family.breakfast });
  return {
    thermometry: {
      doneAt: family.thermometry_done_at,
      temperature: family.temperature === null ? null : Number(family.temperature),
    },
    sleep: { startedAt: family.sleep_started_at, endedAt: family.sleep_ended_at },
    defecation: {
      doneAt: family.defecation_done_at,
      category: family.defecation_category_id ? (defecationCategoryLabels[family.defecation_category_id] ?? null) : null,
      status: family.defecation_status_id ? (defecationStatusLabels[family.defecation_status_id] ?? null) : null,
    },
    meals,
    poolAttendance: { isParticipate: family.is_participate },
    text: family.message,
  };
}
