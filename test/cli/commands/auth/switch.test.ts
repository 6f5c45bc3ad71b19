import { describe, expect, it } from 'vitest';
import { ProfileStore } from '../../../../src/cli/config/profile-store.js';
import { fakeIO } from '../../../support/fake-io.js';
import { fp, storedConfig } from './helpers.js';

async function withProfiles() {
  const io = fakeIO();
  const store = await ProfileStore.open(io.env);
  store.save('default', { base_url: 'https://a.example.test', api_key: 'key-a' }, true);
  store.save('staging', { base_url: 'https://b.example.test', api_key: 'key-b' }, false);
  return io;
}

describe('fp auth switch', () => {
  it('makes the named profile current', async () => {
    const io = await withProfiles();
    const r = await fp(['auth', 'switch', 'staging'], { io });
    expect(r.code).toBe(0);
    expect(r.err).toBe('Switched to profile staging (https://b.example.test)\n');
    expect(storedConfig(io.configDir)!.current).toBe('staging');
  });

  it('an unknown name exits 2, lists the stored profiles and changes nothing', async () => {
    const io = await withProfiles();
    const r = await fp(['auth', 'switch', 'prod'], { io });
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: no profile named "prod"; stored profiles: default, staging\n');
    expect(storedConfig(io.configDir)!.current).toBe('default');
  });

  it('with nothing stored the error says to log in', async () => {
    const r = await fp(['auth', 'switch', 'prod']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: no profile named "prod"; none is stored yet: run `fp auth login`\n');
  });

  it('the name is required (exit 2)', async () => {
    const r = await fp(['auth', 'switch']);
    expect(r.code).toBe(2);
    expect(r.err).toContain("missing required argument 'name'");
  });
});
