import { getSession } from '../../../lib/session';
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
 * Unsent input, per child and day, kept on the device as it is typed (issue 20: a reload, a
 * sleeping phone or a lost network loses nothing) and while the guardian looks at the confirm
 * page; cleared once saved or sent, or when the guardian discards it. Per signed-in user, so
 * another guardian on the same phone never sees it.
 */
const storageKey = (key: string) => `contactDraft:${getSession().user?.id ?? 0}:${key}`;
export const pendingForms = {
  get(key: string): ContactForm | undefined {
    try {
      const raw = localStorage.getItem(storageKey(key));
      return raw ? (JSON.parse(raw) as ContactForm) : undefined;
    } catch {
      return undefined;
    }
  },
  set(key: string, form: ContactForm) {
    try {
      localStorage.setItem(storageKey(key), JSON.stringify(form));
    } catch {
      // Storage full or off (private mode): the input stays on the screen only.
    }
  },
  delete(key: string) {
    try {
      localStorage.removeItem(storageKey(key));
    } catch {
      // As above.
    }
  },
};
export const pendingKey = (childId: number, date: string) => `${childId}:${date}`;
