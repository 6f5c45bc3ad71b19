import { EgressBlocked } from './egress-guard.js';

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'ETIMEDOUT',
]);
const KNOWN_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  EAI_NONAME: 'host not found',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed',
  UND_ERR_SOCKET: 'connection closed by the server',
};

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** Codes from the error, its cause, and an AggregateError's first member (happy-eyeballs connects). */
function errorCodes(err: unknown): string[] {
  const codes: string[] = [];
  const visit = (e: unknown, depth: number) => {
    if (depth > 3 || typeof e !== 'object' || e === null) return;
    const { code, cause, errors } = e as ErrorLike;
    if (typeof code === 'string') codes.push(code);
    visit(cause, depth + 1);
    if (Array.isArray(errors)) visit(errors[0], depth + 1);
  };
  visit(err, 0);
  return codes;
}

/** The guard's refusal, wherever undici wrapped it. */
function egressBlocked(err: unknown, depth = 0): EgressBlocked | undefined {
  if (err instanceof EgressBlocked) return err;
  if (depth > 3 || typeof err !== 'object' || err === null) return undefined;
  const { cause, errors } = err as ErrorLike;
  return egressBlocked(cause, depth + 1) ?? (Array.isArray(errors) ? egressBlocked(errors[0], depth + 1) : undefined);
}

/** A failed outbound request in a few words: refused by the guard, timed out, or the network's own reason. */
export function describeError(err: unknown, timeoutMs: number): string {
  const blocked = egressBlocked(err);
  if (blocked !== undefined) return blocked.message;
  const codes = errorCodes(err);
  if (codes.some((c) => TIMEOUT_CODES.has(c))) return `timed out after ${timeoutMs} ms`;
  // An OS code in the cause says more than undici's wrapper code.
  const known = codes.find((c) => c in KNOWN_CODES && !c.startsWith('UND_')) ?? codes.find((c) => c in KNOWN_CODES);
  if (known !== undefined) return `${KNOWN_CODES[known]} (${known})`;
  const code = codes[0];
  const message = err instanceof Error && err.message ? err.message : 'request failed';
  if (code !== undefined && /CERT|TLS|SSL/.test(code)) return `TLS error: ${message} (${code})`;
  return code !== undefined ? `${message} (${code})` : message;
}
