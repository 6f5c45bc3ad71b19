import { describe, expect, it } from 'vitest';
import { ProfileStore } from '../../../../src/cli/config/profile-store.js';
import { fakeIO, type FakeIOOptions } from '../../../support/fake-io.js';
import { fp } from './helpers.js';

async function withProfiles(opts: FakeIOOptions = {}) {
  const io = fakeIO(opts);
  const store = await ProfileStore.open(io.env);
  store.save('default', { base_url: 'https://a.example.test', api_key: 'secret-key-aaaa' }, false);
  store.save('staging', { base_url: 'https://b.example.test', api_key: 'secret-key-bbbb' }, true);
  return io;
}

describe('fp auth list', () => {
  it('prints one row a profile with the current marker and masked keys', async () => {
    const io = await withProfiles();
    const r = await fp(['auth', 'list'], { io });
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      'CURRENT\tNAME\tBASE URL\tAPI KEY\n' +
        '\tdefault\thttps://a.example.test\t****aaaa\n' +
        '*\tstaging\thttps://b.example.test\t****bbbb\n',
    );
  });

  it('--json gives the profiles with masked keys only', async () => {
    const io = await withProfiles();
    const r = await fp(['auth', 'list', '--json'], { io });
    expect(r.code).toBe(0);
    expect(r.io.json()).toEqual([
      { current: false, name: 'default', base_url: 'https://a.example.test', api_key: '****aaaa' },
      { current: true, name: 'staging', base_url: 'https://b.example.test', api_key: '****bbbb' },
    ]);
    expect(r.out).not.toContain('secret-key');
  });

  it('a table on a terminal', async () => {
    const io = await withProfiles({ tty: true, env: { NO_COLOR: '1' } });
    const r = await fp(['auth', 'list'], { io });
    expect(r.out).toMatch(/^\*\s+staging\s+https:\/\/b\.example\.test\s+\*\*\*\*bbbb$/m);
  });

  it('no profiles is success with a hint on stderr', async () => {
    const r = await fp(['auth', 'list'], { tty: true });
    expect(r.code).toBe(0);
    expect(r.out).toBe('');
    expect(r.err).toBe('No profiles stored. Run `fp auth login`.\n');
  });
});
