import { notFoundText } from '../../client/api-words.js';
import { ApiError } from '../../client/errors.js';

/** `message (status)` for an API error, the message alone for anything else. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return `${err.message} (${err.status})`;
  return (err as Error)?.message ?? String(err);
}

/** A failure's message (`message (status)`) as people read it: an unknown item in fp's words. */
export function inWords(message: string): string {
  const m = /^(.*) \((\d{3})\)$/.exec(message);
  const words = m ? notFoundText(m[1]) : undefined;
  return words ? `${words} (${m![2]})` : message;
}
