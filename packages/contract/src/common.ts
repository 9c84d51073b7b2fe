import { z } from 'zod';

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

/** A numeric id in a path (`/api/children/{id}`). */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/** A facility-local date, `YYYY-MM-DD` (DESIGN §6). */
export const dateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: '日付の形式が正しくありません' });
/** A time of day, `HH:MM`. */
export const timeString = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: '時刻の形式が正しくありません' });
