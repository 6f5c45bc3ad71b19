import { describe, expect, it } from 'vitest';
import { checkUrl, reservedDomain } from '../../../../src/server/kb/link-health/check-url.js';

describe('reserved domains', () => {
  it('D-LINK-RESERVED-NAMES links to RFC 6761 reserved domains (.test, .example, .invalid) are flagged without a DNS query', async () => {
    const r = await checkUrl('https://docs.acme.test/install');
    expect(r).toMatchObject({
      ok: false,
      status: null,
      error: 'host not found (reserved domain .test never resolves)',
    });
    expect(reservedDomain('x.EXAMPLE.')).toBe('example');
    expect(reservedDomain('bad.invalid')).toBe('invalid');
    expect(reservedDomain('127.0.0.1')).toBeUndefined();
    expect(reservedDomain('example.com')).toBeUndefined();
  });
});
