import type { ContactBookPayload, FamilyInfoEntry } from '@renraku/contract/client';

/** The contact-book form's values. */
export interface ContactForm {
  sleepTime: string | null;
  wakeTime: string | null;
  bodyTemperature: string;
  thermometryTime: string | null;
  defecationName: string;
  defecationTime: string | null;
  dinner: string;
  breakfast: string;
  message: string;
  isParticipate: boolean | null;
}

export const formFromEntry = (entry: FamilyInfoEntry): ContactForm => ({
  sleepTime: entry.sleep.started_at,
  wakeTime: entry.sleep.ended_at,
  bodyTemperature: entry.thermometry.temperature ?? '',
  thermometryTime: entry.thermometry.done_at,
  defecationName: entry.defecation.name ?? '',
  defecationTime: entry.defecation.done_at,
  dinner: entry.meal.find((m) => m.category_id === 1)?.comment ?? '',
  breakfast: entry.meal.find((m) => m.category_id === 2)?.comment ?? '',
  message: entry.message,
  isParticipate: entry.isParticipate,
});

export const toPayload = (form: ContactForm, entry: FamilyInfoEntry, today: string, isSent: boolean): ContactBookPayload => ({
  childId: entry.childId,
  ...form,
  isParticipate: entry.canShowPool ? form.isParticipate : null,
  canShowPool: entry.canShowPool,
  isSent,
  contactOn: entry.contactOn,
  baseDate: today,
});

/**
 * Unsent input kept while the guardian looks at the confirm page (and comes back to correct it),
 * per child and day; cleared once saved or sent, or when the guardian discards it.
 */
export const pendingForms = new Map<string, ContactForm>();
export const pendingKey = (childId: number, date: string) => `${childId}:${date}`;
