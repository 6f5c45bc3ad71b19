import * as crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('node:crypto', async (importOriginal) => {
  const original = await importOriginal<typeof crypto>();
  return { ...original, timingSafeEqual: vi.fn(original.timingSafeEqual) };
});

const { isAdminKey } = await import('../../../src/server/oauth/portal-admin.js');

const keys = [
  { token: 'first-admin-key', read_only: false, expires_at: null },
  { token: 'read-only-key', read_only: true, expires_at: null },
  { token: 'expired-key', read_only: false, expires_at: '2026-01-01T00:00:00Z' },
  { token: 'last-admin-key', read_only: false, expires_at: null },
];
// The portal as OAuth reads it: its API keys, in either of the store's spellings.
const portal = { api_keys: keys, apiKeys: { list: () => keys } } as unknown as Parameters<typeof isAdminKey>[0];
const now = new Date('2026-06-01T00:00:00Z');

describe('D-OAUTH-CONSENT the consent page compares API keys in constant time', () => {
  afterEach(() => vi.mocked(crypto.timingSafeEqual).mockClear());

  it.each(['first-admin-key', 'last-admin-key', 'no-such-key', 'f', 'x'.repeat(500)])(
    'compares %s with every key, each through timingSafeEqual on digests of one length',
    (typed) => {
      isAdminKey(portal, typed, now);
      const calls = vi.mocked(crypto.timingSafeEqual).mock.calls;
      expect(calls).toHaveLength(keys.length);
      for (const [a, b] of calls) expect([(a as Buffer).length, (b as Buffer).length]).toEqual([32, 32]);
    },
  );

  it('an administrator is a key that is neither read-only nor expired', () => {
    expect(isAdminKey(portal, 'first-admin-key', now)).toBe(true);
    expect(isAdminKey(portal, 'last-admin-key', now)).toBe(true);
    expect(isAdminKey(portal, 'read-only-key', now)).toBe(false);
    expect(isAdminKey(portal, 'expired-key', now)).toBe(false);
    expect(isAdminKey(portal, 'first-admin-ke', now)).toBe(false);
  });
});
