import { createRequire } from 'node:module';
import type * as Htmlparser2 from 'htmlparser2';
import { notFoundText } from '../client/api-words.js';
import { ApiError, NetworkError, RequestValidationError, ResponseShapeError } from '../client/errors.js';
import { terminalLines } from './output/terminal-text.js';

/** A command line that cannot work: bad flags, missing arguments, values refused before sending. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** No credentials to use, or credentials refused. */
export class AuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AuthError';
  }
}

/** A name the portal does not know (a status, tag, tab, section or user): exit 1, as an unknown id's 404 (D-UNKNOWN-NAME). */
export class UnknownName extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnknownName';
  }
}

/** A run that finished but must exit non-zero (e.g. some items of a bulk run failed); already reported. */
export class SilentExit extends Error {
  constructor(readonly code: number) {
    super(`exit ${code}`);
  }
}

/** A wait that ended before the work did (its deadline passed, or its progress stopped); the work goes on. */
export class GaveUpWaiting extends Error {
  constructor(
    message: string,
    /** How to go on waiting. */
    readonly resume: string,
  ) {
    super(message);
    this.name = 'GaveUpWaiting';
  }
}

export const EXIT = { ok: 0, failure: 1, usage: 2, changes: 3, auth: 4, gaveUp: 5, interrupted: 130 } as const;

/**
 * The one map from failures to exit codes and the lines printed on stderr. A message may quote
 * the server (its `message`, field errors, a header): control characters are shown, not obeyed.
 */
export function describeFailure(err: unknown, opts: DescribeOptions = {}): { code: number; lines: string[] } {
  const { code, lines } = failureLines(err, opts);
  return { code, lines: lines.map(terminalLines) };
}

export interface DescribeOptions {
  /** --json or --debug: the server's message exactly as sent, not put in fp's words. */
  raw?: boolean;
}

function failureLines(err: unknown, opts: DescribeOptions): { code: number; lines: string[] } {
  if (err instanceof SilentExit) return { code: err.code, lines: [] };
  if (err instanceof ApiError) {
    const code = err.status === 401 || err.status === 403 ? EXIT.auth : EXIT.failure;
    const hint = err.hint ?? HINTS[err.status];
    const message = repeatsFieldError(err) ? 'The given data was invalid.' : cleanText(err.message);
    return {
      code,
      lines: [
        `error: ${(!opts.raw && notFoundText(message)) || message} (${err.status})`,
        ...fieldLines(err.fieldErrors),
        ...retryLines(err),
        ...(hint ? [`hint: ${hint}`] : []),
      ],
    };
  }
  if (err instanceof RequestValidationError) {
    return { code: EXIT.usage, lines: [`error: ${err.message}`, ...fieldLines(err.fieldErrors)] };
  }
  if (err instanceof UsageError) return { code: EXIT.usage, lines: [`error: ${err.message}`] };
  if (err instanceof AuthError) return { code: EXIT.auth, lines: [`error: ${err.message}`] };
  if (err instanceof UnknownName) return { code: EXIT.failure, lines: [`error: ${err.message}`] };
  if (err instanceof GaveUpWaiting)
    return { code: EXIT.gaveUp, lines: [`error: ${err.message}`, `hint: ${err.resume}`] };
  if (err instanceof NetworkError) return { code: EXIT.failure, lines: [`error: ${err.message}`, ...retryLines(err)] };
  if (err instanceof ResponseShapeError) return { code: EXIT.failure, lines: [`error: ${err.message}`] };
  if (
    (err as { name?: string })?.name === 'ExitPromptError' ||
    (err as { name?: string })?.name === 'AbortPromptError'
  ) {
    return { code: EXIT.interrupted, lines: [] };
  }
  return { code: EXIT.failure, lines: [`error: ${(err as Error)?.message ?? String(err)}`] };
}

/**
 * Laravel words a 422's message as its first field error (`X`, or `X (and 2 more errors)`): the
 * field line says it, so the error line says what the message means instead of saying it twice.
 */
function repeatsFieldError(err: ApiError): boolean {
  if (err.status !== 422) return false;
  const first = cleanText(err.message).replace(/ \(and \d+ more errors?\)$/, '');
  return Object.values(err.fieldErrors).some((messages) => messages.some((m) => cleanText(m) === first));
}

function retryLines(err: ApiError | NetworkError): string[] {
  return err.retry ? [`  ${err.retry}`] : [];
}

const HINTS: Record<number, string> = {
  401: 'the portal refused the API key: run `fp auth login` (or set FP_API_KEY) with a valid key; `fp auth status` shows which key is in use',
  403: 'the API key may not do this: use a key with more rights (`fp auth status` shows which key is in use)',
};

/**
 * A server text as one clean line: HTML tags and entities removed (read by htmlparser2, in one
 * pass whatever the text), whitespace collapsed, and a page-long body cut (the full body is in --debug).
 */
export function cleanText(text: string): string {
  let plain = '';
  if (text.includes('<') || text.includes('&')) {
    let hidden = 0;
    htmlparser ??= require('htmlparser2') as typeof Htmlparser2;
    const parser = new htmlparser.Parser(
      {
        onopentag(name) {
          if (name === 'script' || name === 'style') hidden++;
          plain += ' ';
        },
        ontext(piece) {
          if (hidden === 0) plain += piece;
        },
        onclosetag(name) {
          if ((name === 'script' || name === 'style') && hidden > 0) hidden--;
          plain += ' ';
        },
      },
      { decodeEntities: true, lowerCaseTags: true },
    );
    // After the last `>` no tag can end: a `<` there is text (`x<y`), not a tag cut short.
    const end = text.lastIndexOf('>') + 1;
    parser.write(text.slice(0, end) + text.slice(end).replaceAll('<', '&lt;'));
    parser.end();
  } else plain = text;
  plain = plain.replace(/\s+/g, ' ').trim();
  return plain.length > 200 ? `${plain.slice(0, 199)}…` : plain;
}

// Loaded for the first text with markup, not when fp starts.
const require = createRequire(import.meta.url);
let htmlparser: typeof Htmlparser2 | undefined;

function fieldLines(errors: Record<string, string[]>): string[] {
  return Object.entries(errors).flatMap(([field, messages]) => messages.map((m) => `  ${field}: ${cleanText(m)}`));
}
