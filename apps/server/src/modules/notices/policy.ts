import { noticeTexts } from '@renraku/contract';
import { forbidden } from '../../lib/errors';

/** The caller's link to one child, as the notices area needs it. */
export interface ChildLink {
  childId: number;
  main: boolean;
  writable: boolean;
}

/**
 * Who may do what in the notices area. Reading a notice and marking it read is for every activated
 * guardian of an addressed child (read-only ones too: reading writes nothing for the child);
 * answering a questionnaire is for the main guardian only (F §6).
 */
export const noticePolicy = {
  mayAnswer: (link: ChildLink) => link.main,
};

export function authorizeAnswer(link: ChildLink) {
  if (!noticePolicy.mayAnswer(link)) throw forbidden(noticeTexts.noPermission);
}
