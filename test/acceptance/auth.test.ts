import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY } from '../support/fixture-seed.js';
import { startFpServer, type FpServer } from '../support/run-fp.js';

let server: FpServer;
beforeAll(async () => {
  server = await startFpServer();
});
afterAll(() => server.stop());

/** A private profile folder shared by the runs of one test; no key or address from the environment. */
function profileRunner() {
  const configDir = join(mkdtempSync(join(tmpdir(), 'fp-acc-auth-')), 'fp');
  const run = (args: string[], input?: string, env: Record<string, string | undefined> = {}) =>
    server.fp(args, { apiKey: null, input, env: { FP_CONFIG_DIR: configDir, FP_BASE_URL: undefined, ...env } });
  const file = () => join(configDir, 'config.json');
  return { run, configDir, file };
}

describe('fp auth', () => {
  it('login --with-key with a good key saves a 0600 file in a 0700 folder and makes the profile current', async () => {
    const { run, configDir, file } = profileRunner();
    const r = await run(['auth', 'login', '--with-key', '--base-url', server.url], `${ADMIN_KEY}\n`);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('Logged in to Test Portal as profile default\n');
    expect(statSync(file()).mode & 0o777).toBe(0o600);
    expect(statSync(configDir).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(file(), 'utf8'))).toEqual({
      current: 'default',
      profiles: { default: { base_url: server.url, api_key: ADMIN_KEY } },
    });

    const list = await run(['categories', 'list', '--json']);
    expect(list.code).toBe(0);
    expect(list.json).toHaveLength(3);
  });

  it('login --with-key with a bad key exits 4 and saves nothing', async () => {
    const { run, file } = profileRunner();
    const r = await run(['auth', 'login', '--with-key', '--base-url', server.url], 'not-a-key');
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(`error: ${server.url} refused the API key: Unauthenticated. (401); nothing was saved\n`);
    let profiles = {};
    try {
      profiles = JSON.parse(readFileSync(file(), 'utf8')).profiles;
    } catch {
      // never written
    }
    expect(profiles).toEqual({});
  });

  it('login without a terminal and without --with-key exits 2', async () => {
    const { run } = profileRunner();
    const r = await run(['auth', 'login', '--base-url', server.url]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: no terminal to prompt for the API key: pipe it in with --with-key/);
  });

  it('--api-key is not an option (the key is never a flag value)', async () => {
    const { run } = profileRunner();
    const r = await run(['auth', 'login', '--base-url', server.url, '--api-key', ADMIN_KEY]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option '--api-key'");
  });

  describe('with two stored profiles', () => {
    const { run } = profileRunner();
    beforeAll(async () => {
      await run(['auth', 'login', '--with-key', '--base-url', server.url], ADMIN_KEY);
      await run(['auth', 'login', '--with-key', '--base-url', server.url, '--profile', 'second'], ADMIN_KEY);
    });

    it('status checks the key of the current profile live', async () => {
      const status = await run(['auth', 'status']);
      expect(status.code).toBe(0);
      expect(status.stdout).toBe(
        'Portal\tEditor\tBase URL\tAPI key\tKey from\tProfile\n' +
          `Test Portal\tmarkdown\t${server.url}\t****dmin\tprofile "second"\tsecond\n`,
      );
    });

    it('list shows both with the current marker and masked keys', async () => {
      const list = await run(['auth', 'list']);
      expect(list.stdout).toBe(
        'CURRENT\tNAME\tBASE URL\tAPI KEY\n' +
          `\tdefault\t${server.url}\t****dmin\n` +
          `*\tsecond\t${server.url}\t****dmin\n`,
      );
      expect(list.stdout).not.toContain(ADMIN_KEY);
    });

    it('switch changes the current profile; --profile and FP_PROFILE select one for a run', async () => {
      expect((await run(['auth', 'switch', 'default'])).stderr).toBe(`Switched to profile default (${server.url})\n`);
      expect((await run(['auth', 'status', '--json'])).json).toMatchObject({ profile: 'default' });
      expect((await run(['--profile', 'second', 'auth', 'status', '--json'])).json).toMatchObject({
        profile: 'second',
      });
      expect((await run(['auth', 'status', '--json'], undefined, { FP_PROFILE: 'second' })).json).toMatchObject({
        profile: 'second',
      });
    });

    it('switch to an unknown profile exits 2', async () => {
      const unknown = await run(['auth', 'switch', 'prod']);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toBe('error: no profile named "prod"; stored profiles: default, second\n');
    });

    it('logout removes a profile', async () => {
      expect((await run(['auth', 'logout', '--profile', 'second'])).code).toBe(0);
      expect((await run(['auth', 'list', '--json'])).json.map((p: { name: string }) => p.name)).toEqual(['default']);
    });
  });

  it('FP_API_KEY beats the stored key', async () => {
    const { run } = profileRunner();
    await run(['auth', 'login', '--with-key', '--base-url', server.url], ADMIN_KEY);
    const r = await run(['auth', 'status'], undefined, { FP_API_KEY: 'wrong-env-key' });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      `The key ****-key from FP_API_KEY was refused by ${server.url}\nerror: Unauthenticated. (401)\nhint: the portal refused the API key: run \`fp auth login\` (or set FP_API_KEY) with a valid key; \`fp auth status\` shows which key is in use\n`,
    );
  });

  it('FP_BASE_URL and FP_API_KEY need no profile', async () => {
    const r = await server.fp(['auth', 'status', '--json']);
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({
      profile: null,
      api_key_source: 'FP_API_KEY',
      base_url: server.url,
      api_key: '****dmin',
    });
  });

  it('status with nothing configured exits 4', async () => {
    const { run } = profileRunner();
    const r = await run(['auth', 'status']);
    expect(r.code).toBe(4);
    expect(r.stderr).toBe('error: no portal configured: run `fp auth login`, or set FP_BASE_URL and FP_API_KEY\n');
  });
});
