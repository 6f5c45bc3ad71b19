import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfileStore } from '../../../../src/cli/config/profile-store.js';
import { ADMIN_KEY, OTHER_KEY } from '../../../support/fixture-seed.js';
import { fakeIO } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';
import { fp, storedConfig } from './helpers.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

/** What the person types at the address and key prompts, and what was asked; the prompt module is replaced so no terminal is needed. */
const terminal = vi.hoisted(() => ({ url: '', key: '', asked: [] as string[] }));
vi.mock('@inquirer/prompts', () => ({
  input: async ({ default: defaultUrl }: { default?: string }) => {
    terminal.asked.push(`url (default ${defaultUrl})`);
    return terminal.url;
  },
  password: async () => {
    terminal.asked.push('key');
    return terminal.key;
  },
}));

function answers(url: string, key: string) {
  Object.assign(terminal, { url, key, asked: [] });
  return terminal;
}

describe('fp auth login', () => {
  it('--with-key reads the key from stdin, checks it and saves the profile as current in a 0600 file', async () => {
    const previous = process.umask(0o022);
    try {
      const r = await fp(['auth', 'login', '--with-key', '--base-url', server.url], { stdin: `${ADMIN_KEY}\n` });
      expect(r.code).toBe(0);
      expect(r.err).toBe('Logged in to Test Portal as profile default\n');
      expect(r.out).toBe('');
      expect(storedConfig(r.io.configDir)).toEqual({
        current: 'default',
        profiles: { default: { base_url: server.url, api_key: ADMIN_KEY } },
      });
      expect(statSync(join(r.io.configDir, 'config.json')).mode & 0o777).toBe(0o600);
      expect(statSync(r.io.configDir).mode & 0o777).toBe(0o700);
    } finally {
      process.umask(previous);
    }
  });

  it('a refused key exits 4 and saves nothing', async () => {
    const r = await fp(['auth', 'login', '--with-key', '--base-url', server.url], { stdin: 'wrong-key' });
    expect(r.code).toBe(4);
    expect(r.err).toBe(`error: ${server.url} refused the API key: Unauthenticated. (401); nothing was saved\n`);
    expect(storedConfig(r.io.configDir)?.profiles ?? {}).toEqual({});
  });

  it('the key is never printed, even when refused', async () => {
    const secret = 'super-secret-key-9876';
    const r = await fp(['auth', 'login', '--with-key', '--base-url', server.url, '--debug'], { stdin: secret });
    expect(r.code).toBe(4);
    expect(r.out + r.err).not.toContain(secret);
    expect(r.err).toContain('Bearer ****9876');
  });

  it('without a terminal and without --with-key exits 2 and explains', async () => {
    const r = await fp(['auth', 'login', '--base-url', server.url]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'error: no terminal to prompt for the API key: pipe it in with --with-key ' +
        '(printf %s "$KEY" | fp auth login --with-key --base-url URL), or set FP_BASE_URL and FP_API_KEY and skip login\n',
    );
    expect(storedConfig(r.io.configDir)?.profiles ?? {}).toEqual({});
  });

  it('the key is never taken as a flag value: --api-key is an unknown option (exit 2)', async () => {
    const r = await fp(['auth', 'login', '--base-url', server.url, '--api-key', ADMIN_KEY]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("unknown option '--api-key'");
    expect(r.err).not.toContain(ADMIN_KEY);
  });

  it('--profile names the stored profile and makes it current', async () => {
    const io = fakeIO({ stdin: ADMIN_KEY });
    (await ProfileStore.open(io.env)).save('default', { base_url: 'https://old.example.test', api_key: 'old' }, true);
    const r = await fp(['auth', 'login', '--with-key', '--profile', 'ci', '--base-url', server.url], { io });
    expect(r.code).toBe(0);
    expect(r.err).toBe('Logged in to Test Portal as profile ci; it is now the current profile (was default)\n');
    expect(storedConfig(io.configDir)).toMatchObject({
      current: 'ci',
      profiles: { ci: { api_key: ADMIN_KEY }, default: { api_key: 'old' } },
    });
  });

  it('FP_PROFILE names the profile and FP_BASE_URL gives the address', async () => {
    const r = await fp(['auth', 'login', '--with-key'], {
      stdin: ADMIN_KEY,
      env: { FP_PROFILE: 'envname', FP_BASE_URL: server.url },
    });
    expect(r.code).toBe(0);
    expect(storedConfig(r.io.configDir)?.profiles.envname).toEqual({ base_url: server.url, api_key: ADMIN_KEY });
  });

  it('logging in again with --with-key keeps the stored address and replaces the key', async () => {
    const io = fakeIO({ stdin: ADMIN_KEY });
    (await ProfileStore.open(io.env)).save('default', { base_url: server.url, api_key: 'expired' }, true);
    const r = await fp(['auth', 'login', '--with-key'], { io });
    expect(r.code).toBe(0);
    expect(storedConfig(io.configDir)?.profiles.default).toEqual({ base_url: server.url, api_key: ADMIN_KEY });
  });

  it('--with-key without any address exits 2', async () => {
    const r = await fp(['auth', 'login', '--with-key'], { stdin: ADMIN_KEY });
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: missing portal address: pass --base-url URL (or set FP_BASE_URL)\n');
  });

  it('an empty stdin exits 2', async () => {
    const r = await fp(['auth', 'login', '--with-key', '--base-url', server.url], { stdin: '\n' });
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: no API key on stdin\n');
  });

  it('a profile name with spaces exits 2', async () => {
    const r = await fp(['auth', 'login', '--with-key', '--profile', 'my profile', '--base-url', server.url], {
      stdin: ADMIN_KEY,
    });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^error: invalid profile name "my profile"/);
  });

  it('an address that is not http(s) exits 2', async () => {
    const r = await fp(['auth', 'login', '--with-key', '--base-url', 'feedback.example.com'], { stdin: ADMIN_KEY });
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^error: invalid base URL "feedback.example.com"/);
  });

  it('a key of another portal is refused by this one (exit 4)', async () => {
    const r = await fp(['auth', 'login', '--with-key', '--base-url', server.url], { stdin: OTHER_KEY });
    expect(r.code).toBe(4);
  });

  describe('on a terminal', () => {
    it('asks for the address and the key, then saves', async () => {
      const { asked } = answers(`${server.url}/`, ` ${ADMIN_KEY} `);
      const r = await fp(['auth', 'login'], { tty: true });
      expect(r.code).toBe(0);
      expect(asked).toEqual(['url (default undefined)', 'key']);
      expect(r.err).toBe('Logged in to Test Portal as profile default\n');
      expect(storedConfig(r.io.configDir)?.profiles.default).toEqual({ base_url: server.url, api_key: ADMIN_KEY });
    });

    it('offers the stored address as the default and asks only for the key when --base-url is given', async () => {
      const io = fakeIO({ tty: true });
      (await ProfileStore.open(io.env)).save('default', { base_url: server.url, api_key: 'old' }, true);
      expect(answers(server.url, ADMIN_KEY).asked).toEqual([]);
      expect((await fp(['auth', 'login'], { io })).code).toBe(0);
      expect(terminal.asked).toEqual([`url (default ${server.url})`, 'key']);
      answers('unused', ADMIN_KEY);
      expect((await fp(['auth', 'login', '--base-url', server.url], { io })).code).toBe(0);
      expect(terminal.asked).toEqual(['key']);
    });

    it('a refused key saves nothing', async () => {
      answers(server.url, 'nope');
      const r = await fp(['auth', 'login'], { tty: true });
      expect(r.code).toBe(4);
      expect(r.err).toMatch(/refused the API key/);
      expect(storedConfig(r.io.configDir)?.profiles ?? {}).toEqual({});
    });
  });
});
