import { z } from 'zod';
import { BIRTH_YEARS, isCalendarDate, isInstantInYears } from './dates';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One HTTP call of the API. Paths are written as the spec writes them (`/api/children/{id}`);
 * the server turns `{id}` into Fastify's `:id`, the web client fills them in.
 */
export interface Call<
  M extends HttpMethod = HttpMethod,
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: M;
  path: string;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** Status of a success answer when it is not 200. */
  status?: number;
  /** A multipart/form-data upload instead of a JSON body: the file part's name and the text parts. */
  upload?: {
    file: string;
    fields?: readonly string[];
    /** The file part may be left out (a pick-up person proposed without a photo). */
    optional?: boolean;
    /** What the file may be: a photo (default), or a photo or a PDF (notice attachments). */
    accepts?: 'image' | 'image_or_pdf';
  };
}

export function defineCall<
  M extends HttpMethod,
  R extends z.ZodType,
  P extends z.ZodType = z.ZodUndefined,
  Q extends z.ZodType = z.ZodUndefined,
  B extends z.ZodType = z.ZodUndefined,
>(call: Call<M, P, Q, B, R>): Call<M, P, Q, B, R> {
  return call;
}

export type ParamsOf<C> = C extends Call<HttpMethod, infer P> ? z.infer<P> : never;
export type QueryOf<C> = C extends Call<HttpMethod, z.ZodType, infer Q> ? z.infer<Q> : never;
/** The body as the handler sees it (defaults applied). */
export type BodyOf<C> = C extends Call<HttpMethod, z.ZodType, z.ZodType, infer B> ? z.infer<B> : never;
/** The body as a client sends it (defaulted fields optional). */
export type BodyInputOf<C> = C extends Call<HttpMethod, z.ZodType, z.ZodType, infer B> ? z.input<B> : never;
export type ResponseOf<C> = C extends Call<HttpMethod, z.ZodType, z.ZodType, z.ZodType, infer R> ? z.infer<R> : never;

/** The one error shape of every failed call (DESIGN §4). */
export const errorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

export const messageSchema = z.object({ message: z.string() });

/** The largest PostgreSQL `integer` (int4): every id and every stored whole number fits in it. */
export const INT4_MAX = 2_147_483_647;

/** A numeric id in a path (`/api/children/{id}`). */
export const idParam = z.coerce.number().int().positive().max(INT4_MAX);

/** A numeric id in a JSON body: a whole number the database's ids can hold (a bigger one is a 422, not a 500). */
export const idNumber = (message?: string) =>
  z
    .number(message ? { message } : undefined)
    .int()
    .positive()
    .max(INT4_MAX);

/** A whole number a JSON body may carry into an int4 column (answers, types): within ±int4. */
export const int4 = () => z.number().int().min(-INT4_MAX).max(INT4_MAX);

const dateMessage = '日付の形式が正しくありません';
/**
 * A facility-local business date, `YYYY-MM-DD` (DESIGN §6), that exists in the calendar between
 * 2000 and 2100 (`isCalendarDate`, `BUSINESS_YEARS`): `2026-02-30`, `0000-00-00` and `0020-01-01`
 * are refused here, for every call, before they reach PostgreSQL or a stored list
 * (docs/decisions/platform-dates-in-the-contract.md, platform-date-ranges.md).
 */
export const dateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: dateMessage, abort: true })
  .refine((value) => isCalendarDate(value), { message: dateMessage });

/** A birth date: as `dateString`, from 1900 (`BIRTH_YEARS`); the server adds "not in the future". */
export const birthDateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: dateMessage, abort: true })
  .refine((value) => isCalendarDate(value, BIRTH_YEARS), { message: dateMessage });

/**
 * An instant (ISO 8601 with an offset: `2026-11-27T09:00:00+09:00`) of a business year (2000–2100),
 * with the field's name in the message. Every date-time a call takes is one of these.
 */
export const instantString = (label: string) =>
  z.iso
    .datetime({ offset: true, message: `${label}を正しい日時で入力してください`, abort: true })
    .refine((value) => isInstantInYears(value), { message: `${label}は2000年から2100年までの日時で入力してください` });

/** A month, `YYYY-MM`, of a year `isCalendarDate` takes (not `0000-01`, not `2026-13`). */
export const yearMonthString = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: '年月の形式が正しくありません', abort: true })
  .refine((value) => isCalendarDate(`${value}-01`), { message: '年月の形式が正しくありません' });
/** A time of day, `HH:MM`. */
export const timeString = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: '時刻の形式が正しくありません' });
