import { and, asc, eq, sql } from 'drizzle-orm';
import {
  communicationMessages as M,
  defaultFocusHours,
  defecations,
  hourOptions,
  limits,
  minuteOptions,
  temperatureOptions,
  type BodyOf,
  type ResponseOf,
  type getFamiliesInformation,
  type postFamiliesInformation,
} from '@renraku/contract';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { childUser, children, facilities, familyInformation, noteChildren } from '../../db/schema';
import { conflict, invalid } from '../../lib/errors';
import { callerValues, confirmCaller, sessionStateOfCaller, sessionUserId, type Caller } from '../../lib/sessions';
import { activeLinksOf, enrolmentCovers, type EnrolledGrant } from '../access';
import { canShowPool, isEditableDay, presentEntry } from './presenter';

/* The contact book (連絡帳, F §2 Communications): the day's entries, drafts and sends. */

export const familyInfoConst = (today: string) => ({
  today,
  defecations: defecations.map((d) => ({ ...d })),
  temperatures: [...temperatureOptions],
  hours: [...hourOptions],
  minutes: [...minuteOptions],
  defaultFocusHours: { ...defaultFocusHours },
  maxTextLength: limits.contactBookText,
});

/** Every enrolled, activated child of the caller with its contact-book row of the day, if any. */
const familyDayStatement = prepared('families_information', (db, name) =>
  db
    .select({
      owner: {
        childId: children.id,
        childName: children.firstName,
        facilityName: facilities.name,
        noteChildId: noteChildren.id,
        writable: childUser.writable,
      },
      row: familyInformation,
      session: sessionStateOfCaller,
    })
    .from(childUser)
    .innerJoin(children, eq(children.id, childUser.childId))
    .innerJoin(noteChildren, and(eq(noteChildren.childId, children.id), enrolmentCovers(noteChildren, sql.placeholder('today'))))
    .innerJoin(facilities, eq(facilities.id, noteChildren.facilityId))
    .leftJoin(
      familyInformation,
      and(eq(familyInformation.noteChildId, noteChildren.id), eq(familyInformation.contactOn, sql.placeholder('day'))),
    )
    .where(activeLinksOf(childUser, sessionUserId))
    .orderBy(asc(childUser.sortOrder), asc(children.id))
    .prepare(name),
);

/**
 * The day's entry of every enrolled, activated child of the caller. One prepared statement, the
 * session lookup included (a second one only when the caller has no enrolled child).
 */
export async function familyInformationOf(
  ctx: AppContext,
  caller: Caller,
  date: string | undefined,
): Promise<ResponseOf<typeof getFamiliesInformation>> {
  const { today } = caller;
  const day = date ?? today;
  const rows = await familyDayStatement(ctx.db).execute({ ...callerValues(caller), today, day });
  await confirmCaller(ctx.db, caller, rows[0]?.session);
  if (rows.length === 0) return { familyInfo: [], const: [] };
  return {
    familyInfo: rows.map(({ owner, row }) => presentEntry(owner, row ?? undefined, day, today)),
    const: familyInfoConst(today),
  };
}

type ContactBody = Omit<BodyOf<typeof postFamiliesInformation>, 'childId'>;

function checkContactDay(body: { contactOn: string; isSent: boolean }, today: string) {
  if (body.isSent && body.contactOn !== today) throw invalid('contactOn', M.sendOnlyToday);
  if (!isEditableDay(body.contactOn, today)) throw invalid('contactOn', M.draftOutOfRange);
}

/** Confirm: every check of a send, nothing written. */
export async function confirmContactBook(ctx: AppContext, access: EnrolledGrant, body: ContactBody, today: string) {
  checkContactDay({ contactOn: body.contactOn, isSent: true }, today);
  const [row] = await ctx.db
    .select({ isSent: familyInformation.isSent })
    .from(familyInformation)
    .where(and(eq(familyInformation.noteChildId, access.enrolment.id), eq(familyInformation.contactOn, body.contactOn)));
  if (row?.isSent) throw conflict(M.alreadySent);
  return { result: true };
}

/** Draft save or send. A sent entry is never changed: the upsert only touches unsent rows (409 otherwise). */
export async function saveContactBook(
  ctx: AppContext,
  access: EnrolledGrant,
  userId: number,
  body: ContactBody,
  now: Date,
  today: string,
  clientKey: string | null = null,
) {
  // A repeat delivery of a send is answered as the first, before the day checks (it may have been
  // queued on the device past midnight).
  const stored = clientKey ? await sentWithKey(ctx.db, access.enrolment.id, body.contactOn, clientKey) : undefined;
  if (stored) return { ...presentSaved(access, stored, body.contactOn, today), replayed: true };
  checkContactDay(body, today);
  const defecation = defecations.find((d) => d.name === body.defecationName);
  const values = {
    sleepStartedAt: body.sleepTime,
    sleepEndedAt: body.wakeTime,
    temperature: body.bodyTemperature,
    thermometryDoneAt: body.thermometryTime,
    defecationCategoryId: defecation?.category_id ?? null,
    defecationStatusId: defecation?.status_id ?? null,
    defecationDoneAt: body.defecationTime,
    dinner: body.dinner,
    breakfast: body.breakfast,
    message: body.message,
    // The pool answer only exists in the pool season (the client's canShowPool is not trusted).
    isParticipate: canShowPool(body.contactOn) ? (body.isParticipate ?? null) : null,
    isSent: body.isSent,
    sentAt: body.isSent ? now : null,
    clientKey: body.isSent ? clientKey : null,
    updatedBy: userId,
    updatedAt: now,
  };
  const [row] = await ctx.db
    .insert(familyInformation)
    .values({
      companyId: access.enrolment.companyId,
      noteChildId: access.enrolment.id,
      contactOn: body.contactOn,
      createdAt: now,
      ...values,
    })
    .onConflictDoUpdate({
      target: [familyInformation.noteChildId, familyInformation.contactOn],
      set: values,
      setWhere: eq(familyInformation.isSent, false),
    })
    .returning();
  if (!row) {
    // Sent meanwhile by this very send, delivered twice at once: the same answer, nothing written.
    const again = clientKey ? await sentWithKey(ctx.db, access.enrolment.id, body.contactOn, clientKey) : undefined;
    if (again) return { ...presentSaved(access, again, body.contactOn, today), replayed: true };
    throw conflict(M.alreadySent);
  }
  return { ...presentSaved(access, row, body.contactOn, today), replayed: false };
}

async function sentWithKey(db: Db, noteChildId: number, day: string, clientKey: string) {
  const [row] = await db
    .select()
    .from(familyInformation)
    .where(
      and(
        eq(familyInformation.noteChildId, noteChildId),
        eq(familyInformation.contactOn, day),
        eq(familyInformation.clientKey, clientKey),
      ),
    );
  return row;
}

function presentSaved(access: EnrolledGrant, row: typeof familyInformation.$inferSelect, day: string, today: string) {
  return {
    result: true,
    familyInfo: presentEntry(
      {
        childId: access.child.id,
        childName: access.child.firstName,
        facilityName: access.facilityName,
        noteChildId: access.enrolment.id,
        writable: true,
      },
      row,
      day,
      today,
    ),
  };
}
