import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { children, companies, facilities, noteChildren } from './organisation';
import { users } from './users';

/** A facility's notice (お知らせ), plain text, visible from released_at on (F §3 "Notice"). */
export const notices = pgTable(
  'notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The nursery (facility) that sent it. */
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    title: text('title').notNull(),
    text: text('text').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Bumped by the database on every change of the notice, its files or its questionnaire
     * (migration 0009): the list caches what notices show to every family by id and version.
     */
    version: integer('version').notNull().default(1),
    /**
     * draft | published | withdrawn (docs/decisions/notices-staff-authoring.md). Only a published
     * notice has notice_targets rows (written when it is published, removed when it is withdrawn or
     * taken back to a draft), so the guardians' read model never sees the others. Published with a
     * future released_at = scheduled.
     */
    state: text('state').notNull().default('published'),
    /** Whom staff addressed: the facility, classes or children (null: written by the seed or older code). */
    audience: jsonb('audience').$type<{ kind: 'facility' } | { kind: 'classes' | 'children'; ids: number[] }>(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notices_facility_released_idx').on(t.facilityId, t.releasedAt), index('notices_company_idx').on(t.companyId)],
);

/** An image (stored with thumb/medium variants) or a document attached to a notice. */
export const noticeFiles = pgTable(
  'notice_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull(),
    isDocument: boolean('is_document').notNull(),
    byteSize: integer('byte_size').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('notice_files_notice_idx').on(t.noticeId)],
);

/**
 * A notice addressed to one enrolment, with its read state. released_at and facility_id are copies of
 * the notice's, kept by the database (migration 0009: a trigger sets them on every write, another
 * follows a change of the notice), so that the list reads targets by one index without looking each
 * notice up (docs/decisions/notices-release-days.md).
 */
export const noticeTargets = pgTable(
  'notice_targets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    noteChildId: integer('note_child_id')
      .notNull()
      .references(() => noteChildren.id, { onDelete: 'cascade' }),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
    /** The notice's facility: a target of an enrolment elsewhere is wrongly addressed and never shows. */
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notice_targets_notice_note_child_idx').on(t.noticeId, t.noteChildId),
    index('notice_targets_note_child_released_idx').on(t.noteChildId, t.releasedAt),
  ],
);

/**
 * The release days (Tokyo calendar dates) of each enrolment's targets, with the day's first release
 * instant: a read model that the database keeps in step with notice_targets (migration 0009,
 * statement triggers), so that a page of NOTICE_DATES_PER_PAGE days is one index read of that many
 * rows per enrolment (docs/decisions/notices-release-days.md). Only targets of the enrolment's own
 * facility count.
 */
export const noticeReleaseDays = pgTable(
  'notice_release_days',
  {
    noteChildId: integer('note_child_id')
      .notNull()
      .references(() => noteChildren.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    firstReleasedAt: timestamp('first_released_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.noteChildId, t.day] })],
);

/** At most one questionnaire per notice. */
export const questionnaires = pgTable(
  'questionnaires',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    closeAt: timestamp('close_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('questionnaires_notice_idx').on(t.noticeId)],
);

export const questionnaireQuestions = pgTable(
  'questionnaire_questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    isRequired: boolean('is_required').notNull().default(false),
    /** single_choice | multi_choice | free_text */
    answerFormat: text('answer_format').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('questionnaire_questions_questionnaire_idx').on(t.questionnaireId)],
);

export const questionnaireChoices = pgTable(
  'questionnaire_choices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    questionId: integer('question_id')
      .notNull()
      .references(() => questionnaireQuestions.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('questionnaire_choices_question_idx').on(t.questionId)],
);

/** One child's answer sheet: answers are per child, replaced as a whole on re-answer. */
export const questionnaireRespondents = pgTable(
  'questionnaire_respondents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    childId: integer('child_id')
      .notNull()
      .references(() => children.id, { onDelete: 'cascade' }),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('questionnaire_respondents_questionnaire_child_idx').on(t.questionnaireId, t.childId),
    index('questionnaire_respondents_child_idx').on(t.childId),
  ],
);

/** One answer row: a chosen choice (one row per choice) or a free text. */
export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    respondentId: integer('respondent_id')
      .notNull()
      .references(() => questionnaireRespondents.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => questionnaireQuestions.id, { onDelete: 'cascade' }),
    choiceId: integer('choice_id').references(() => questionnaireChoices.id, { onDelete: 'cascade' }),
    text: text('text'),
  },
  (t) => [index('questionnaire_answers_respondent_idx').on(t.respondentId)],
);
