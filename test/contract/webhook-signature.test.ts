import { describe, expect, it } from 'vitest';
import { generateSecret, signatureHeaders, verify } from '../../src/contract/webhook-signature.js';

// The Standard Webhooks reference libraries' own test vector.
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const AT = 1614265330;
const BODY = '{"test": 2432232314}';
const SIGNATURE = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';
const headers = (signature = SIGNATURE, at = AT) => ({
  'webhook-id': ID,
  'webhook-timestamp': String(at),
  'webhook-signature': signature,
});

describe('D-WEBHOOK-SIGNING Standard Webhooks signatures', () => {
  it('signs as the reference libraries do', () => {
    expect(signatureHeaders(SECRET, ID, BODY, AT)).toEqual(headers());
    expect(signatureHeaders(SECRET, ID, Buffer.from(BODY), AT)).toEqual(headers());
  });

  it('accepts the signature within the tolerance, also among others and with headers in any case', () => {
    expect(verify(SECRET, headers(), BODY, { nowSeconds: AT + 299 })).toEqual({ valid: true, id: ID, timestamp: AT });
    const many = { ...headers(`v1,bm90IGl0 ${SIGNATURE} v2,xyz`), 'Webhook-Id': ID };
    expect(verify(SECRET, many, Buffer.from(BODY), { nowSeconds: AT })).toMatchObject({ valid: true });
  });

  it('refuses a changed body, another secret, a missing header and a stale or future timestamp, naming which', () => {
    const now = { nowSeconds: AT };
    expect(verify(SECRET, headers(), `${BODY} `, now)).toMatchObject({ valid: false, problem: 'signature' });
    expect(verify(generateSecret(), headers(), BODY, now)).toMatchObject({ valid: false, problem: 'signature' });
    const { 'webhook-signature': _, ...unsigned } = headers();
    expect(verify(SECRET, unsigned, BODY, now)).toEqual({
      valid: false,
      problem: 'missing-header',
      message: 'the webhook-signature header (or svix-signature) is missing',
    });
    expect(verify(SECRET, headers(), BODY, { nowSeconds: AT + 301 })).toEqual({
      valid: false,
      problem: 'stale',
      message: 'the timestamp is stale: 301 s old, more than the 300 s tolerance',
    });
    expect(verify(SECRET, headers(), BODY, { nowSeconds: AT - 400, toleranceSeconds: 60 })).toMatchObject({
      problem: 'stale',
      message: 'the timestamp is stale: 400 s in the future, more than the 60 s tolerance',
    });
  });

  it('D-WEBHOOK-VERIFY-EXACT refuses a body with a byte the signature does not cover, a trailing newline included, as the libraries do', () => {
    const now = { nowSeconds: AT };
    for (const more of [`${BODY}\n`, `${BODY}\r\n`, `\n${BODY}`])
      expect(verify(SECRET, headers(), more, now)).toMatchObject({ valid: false, problem: 'signature' });
    expect(verify(SECRET, headers(), Buffer.from(`${BODY}\n`), now)).toMatchObject({ valid: false });
  });

  it('D-WEBHOOK-VERIFY-EXACT takes the svix-id, svix-timestamp and svix-signature names too, the svix one first', () => {
    const svix = { 'svix-id': ID, 'Svix-Timestamp': String(AT), 'svix-signature': SIGNATURE };
    expect(verify(SECRET, svix, BODY, { nowSeconds: AT })).toEqual({ valid: true, id: ID, timestamp: AT });
    const both = { ...headers('v1,bm90IGl0'), 'svix-signature': SIGNATURE };
    expect(verify(SECRET, both, BODY, { nowSeconds: AT })).toMatchObject({ valid: true });
  });

  it('generates whsec_ secrets of 32 random bytes', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(generateSecret()).not.toBe(secret);
  });
});
