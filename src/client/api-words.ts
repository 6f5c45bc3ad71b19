/**
 * Laravel's 404 for a model, `No query results for model [App\\Models\\Post] zzzzz`, in fp's
 * words: `post zzzzz not found`. Undefined for any other message.
 */
export function notFoundText(message: string): string | undefined {
  const m = /^No query results for model \[(?:[\w\\]*\\)?(\w+)\]\.?(?: (.+?))?\.?$/.exec(message);
  if (!m) return undefined;
  const model = m[1].replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return m[2] ? `${model} ${m[2]} not found` : `${model} not found`;
}

/** An API error message as fp says it: the model 404 in fp's words, any other message as the API wrote it. */
export const inFpWords = (message: string): string => notFoundText(message) ?? message;
