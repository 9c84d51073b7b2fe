import { tokyoDate, tokyoTime } from '@renraku/contract/dates';
import type { StaffNotice } from '@renraku/contract/staff';
import type { AudienceKind } from './audience-fieldset';
import { newQuestion, type QuestionDraft } from './questionnaire-builder';

/** A datetime-local value (Tokyo) from an instant, and back. */
export const localOf = (instant: string) => `${tokyoDate(instant)}T${tokyoTime(instant)}`;
export const instantOf = (local: string) => (local ? `${local}:00+09:00` : null);
const inDays = (days: number) => localOf(new Date(Date.now() + days * 86_400_000).toISOString()).slice(0, 11) + '18:00';

export interface Fields {
  title: string;
  text: string;
  audience: AudienceKind;
  classIds: string[];
  childIds: string[];
  release: 'now' | 'scheduled';
  releaseAt: string;
  hasQuestionnaire: boolean;
  closeAt: string;
  questions: QuestionDraft[];
}

export const fieldsOf = (notice: StaffNotice | undefined, defaultAudience: Fields['audience']): Fields => ({
  title: notice?.title ?? '',
  text: notice?.text ?? '',
  audience: notice?.audience?.kind ?? defaultAudience,
  classIds: notice?.audience?.kind === 'classes' ? notice.audience.ids.map(String) : [],
  childIds: notice?.audience?.kind === 'children' ? notice.audience.ids.map(String) : [],
  release: notice?.status === 'scheduled' ? 'scheduled' : 'now',
  releaseAt: notice?.status === 'scheduled' && notice.released_at ? localOf(notice.released_at) : '',
  hasQuestionnaire: !!notice?.questionnaire,
  closeAt: notice?.questionnaire ? localOf(notice.questionnaire.close_at) : inDays(7),
  questions: notice?.questionnaire
    ? notice.questionnaire.questions.map((q) => ({ ...q, choices: q.choices.map((c) => c.text) }))
    : [newQuestion()],
});
