import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Webhook signing as the Standard Webhooks specification writes it (the portal's own
 * header and algorithm are not public: D-WEBHOOK-SIGNING): the key is the base64 part
 * of a `whsec_` secret; the signature is `v1,` and the base64 HMAC-SHA256 of
 * `<webhook-id>.<webhook-timestamp>.<body>`.
 */
const SIGNATURE_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/**
 * The names Svix sends the same three under. A receiver takes either, the `svix-` one first
 * where both come, as the svix library reads them.
 */
const SVIX_HEADERS = {
  id: 'svix-id',
  timestamp: 'svix-timestamp',
  signature: 'svix-signature',
} as const;

/** How far a timestamp may be from the receiver's clock, either way. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export function generateSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

/** `v1,<base64>` for one message. */
function sign(secret: string, id: string, timestamp: number, body: string | Buffer): string {
  const mac = createHmac('sha256', keyOf(secret));
  mac.update(`${id}.${timestamp}.`);
  mac.update(body);
  return `v1,${mac.digest('base64')}`;
}

/** The three headers of a delivery signed now. */
export function signatureHeaders(
  secret: string,
  id: string,
  body: string | Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): Record<string, string> {
  return {
    [SIGNATURE_HEADERS.id]: id,
    [SIGNATURE_HEADERS.timestamp]: String(nowSeconds),
    [SIGNATURE_HEADERS.signature]: sign(secret, id, nowSeconds, body),
  };
}

export type Verdict =
  | { valid: true; id: string; timestamp: number }
  | { valid: false; problem: 'missing-header' | 'stale' | 'signature'; message: string };

type HeaderBag = Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  const value = headers[name] ?? headers[Object.keys(headers).find((k) => k.toLowerCase() === name) ?? ''];
  return Array.isArray(value) ? value[0] : value;
}

const signed = (headers: HeaderBag, part: keyof typeof SIGNATURE_HEADERS): string | undefined =>
  header(headers, SVIX_HEADERS[part]) || header(headers, SIGNATURE_HEADERS[part]);

/**
 * Checks a delivery's headers and body against a secret, as the Standard Webhooks libraries
 * do: the body is the exact bytes received (a byte more, a trailing newline included, is
 * another body); the timestamp must be within `toleranceSeconds` of `nowSeconds`, and one
 * of the space-separated `v1` signatures must match. The headers may be named `webhook-*`
 * or `svix-*`.
 */
export function verify(
  secret: string,
  headers: HeaderBag,
  body: string | Buffer,
  opts: { toleranceSeconds?: number; nowSeconds?: number } = {},
): Verdict {
  const id = signed(headers, 'id');
  const stamp = signed(headers, 'timestamp');
  const given = signed(headers, 'signature');
  const missing = (['id', 'timestamp', 'signature'] as const).find(
    (part) => !{ id, timestamp: stamp, signature: given }[part],
  );
  if (missing) {
    const message = `the ${SIGNATURE_HEADERS[missing]} header (or ${SVIX_HEADERS[missing]}) is missing`;
    return { valid: false, problem: 'missing-header', message };
  }
  const timestamp = /^\d+$/.test(stamp!) ? Number(stamp) : NaN;
  const now = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  const tolerance = opts.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (!Number.isSafeInteger(timestamp)) {
    return { valid: false, problem: 'stale', message: `the timestamp "${stamp}" is not Unix seconds` };
  }
  if (Math.abs(now - timestamp) > tolerance) {
    const age = now - timestamp;
    const when = age > 0 ? `${age} s old` : `${-age} s in the future`;
    return {
      valid: false,
      problem: 'stale',
      message: `the timestamp is stale: ${when}, more than the ${tolerance} s tolerance`,
    };
  }
  const expected = Buffer.from(sign(secret, id!, timestamp, body).slice(3), 'base64');
  const matches = given!.split(' ').some((candidate) => {
    const [version, value] = candidate.split(',', 2);
    if (version !== 'v1' || !value) return false;
    const actual = Buffer.from(value, 'base64');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  });
  if (!matches) {
    return { valid: false, problem: 'signature', message: 'the signature does not match the body and the secret' };
  }
  return { valid: true, id: id!, timestamp };
}
