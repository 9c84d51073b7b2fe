import { messages } from '@renraku/contract';

/** An error that becomes the JSON answer `{message, errors?}` with its status (DESIGN §4). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string = messages.notFound) => new HttpError(404, message);
export const forbidden = (message: string = messages.forbidden) => new HttpError(403, message);
export const unauthenticated = () => new HttpError(401, messages.unauthenticated);
export const conflict = (message: string) => new HttpError(409, message);
export const tooMany = (message: string = messages.tooManyRequests, retryAfterSec?: number) =>
  new HttpError(429, message, undefined, retryAfterSec ? { 'retry-after': String(retryAfterSec) } : undefined);
/** 422 with the message also listed under its field. */
export const invalid = (field: string, message: string) => new HttpError(422, message, { [field]: [message] });
export const invalidMany = (errors: Record<string, string[]>) =>
  new HttpError(422, Object.values(errors)[0]?.[0] ?? messages.invalidInput, errors);
