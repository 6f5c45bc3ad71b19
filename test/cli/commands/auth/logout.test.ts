import { describe, expect, it } from 'vitest';
import { ProfileStore } from '../../../../src/cli/config/profile-store.js';
import { fakeIO } from '../../../support/fake-io.js';
import { fp, storedConfig } from './helpers.js';

async function withProfiles(env: Record<string, string | undefined> = {}) {
  const io = fakeIO({ env });
  const store = await ProfileStore.open(io.env);
  store.save('default', { base_url: 'https://a.example.test', api_key: 'key-a' }, false);
  store.save('staging', { base_url: 'https://b.example.test', api_key: 'key-b' }, true);
  return io;
}

describe('fp auth logout', () => {
  it('removes the current profile when none is named', async () => {
    const io = await withProfiles();
    const r = await fp(['auth', 'logout'], { io });
    expect(r.code).toBe(0);
    expect(r.err).toBe('Logged out of profile staging (https://b.example.test); its key is no longer stored\n');
    expect(Object.keys(storedConfig(io.configDir)!.profiles)).toEqual(['default']);
  });

  it('--profile names the profile to remove', async () => {
    const io = await withProfiles();
    const r = await fp(['auth', 'logout', '--profile', 'default'], { io });
    expect(r.code).toBe(0);
    expect(storedConfig(io.configDir)).toMatchObject({
      current: 'staging',
      profiles: { staging: { api_key: 'key-b' } },
    });
    expect(storedConfig(io.configDir)!.profiles.default).toBeUndefined();
  });

  it('FP_PROFILE names the profile to remove', async () => {
    const io = await withProfiles({ FP_PROFILE: 'default' });
    expect((await fp(['auth', 'logout'], { io })).code).toBe(0);
    expect(Object.keys(storedConfig(io.configDir)!.profiles)).toEqual(['staging']);
  });

  it('an unknown profile exits 2 and lists the stored ones', async () => {
    const io = await withProfiles();
    const r = await fp(['auth', 'logout', '--profile', 'prod'], { io });
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: no profile named "prod"; stored profiles: default, staging\n');
  });

  it('nothing stored exits 2', async () => {
    const r = await fp(['auth', 'logout']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: no current profile to log out of: pass --profile NAME (`fp auth list` shows them)\n');
  });
});
