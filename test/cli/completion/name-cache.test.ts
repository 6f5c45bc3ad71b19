import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.js';
import { ADMIN_KEY } from '../../support/fixture-seed.js';
import { fakeIO } from '../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** A config dir with profile `acme` stored for the test server. */
async function loggedIn(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'fp-names-'));
  const io = fakeIO({ stdin: ADMIN_KEY, env: { FP_CONFIG_DIR: dir } });
  expect(await main(['auth', 'login', '--profile', 'acme', '--base-url', server.url, '--with-key'], io)).toBe(0);
  return dir;
}

async function fp(dir: string, argv: string[], env: Record<string, string> = {}) {
  const io = fakeIO({ env: { FP_CONFIG_DIR: dir, ...env } });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

describe('names kept for completion', () => {
  it('a list keeps its names under the profile; fp __complete prints them one a line', async () => {
    const dir = await loggedIn();
    expect((await fp(dir, ['__complete', 'groups'])).out).toBe('');
    expect((await fp(dir, ['groups', 'list', '--json'])).code).toBe(0);
    expect((await fp(dir, ['categories', 'list', '--fields', 'id'])).code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'completion', 'acme.json'), 'utf8'))).toEqual({
      groups: ['Beta testers', 'Empty group'],
      categories: ['Integrations', 'Mobile', 'Locked'],
    });
    expect(await fp(dir, ['__complete', 'groups'])).toEqual({ code: 0, out: 'Beta testers\nEmpty group\n', err: '' });
    expect((await fp(dir, ['__complete', 'profiles'])).out).toBe('acme\n');
  });

  it('posts list keeps the keys of the page shown; statuses are offered all (the status list, or a --status lookup) or none', async () => {
    const dir = await loggedIn();
    expect((await fp(dir, ['posts', 'list', '--limit', '1', '--order-by', 'id', '--order', 'asc'])).code).toBe(0);
    const listed = await fp(dir, ['posts', 'list', '--limit', '1', '--order-by', 'id', '--order', 'asc', '--json']);
    const keys = JSON.parse(listed.out).map((p: { id: string }) => p.id);
    expect(keys).toHaveLength(1);
    expect((await fp(dir, ['__complete', 'posts'])).out).toBe(keys.map((k: string) => `${k}\n`).join(''));
    // The page's one status is not all the portal has: none is offered.
    expect((await fp(dir, ['__complete', 'statuses'])).out).toBe('');
    expect((await fp(dir, ['posts', 'list', '--status', 'planned', '--json'])).code).toBe(0);
    expect((await fp(dir, ['__complete', 'statuses'])).out).toBe('Under review\nPlanned\n');
    // A later page of posts does not narrow them.
    expect((await fp(dir, ['posts', 'list', '--limit', '1'])).code).toBe(0);
    expect((await fp(dir, ['__complete', 'statuses'])).out).toBe('Under review\nPlanned\n');
  });

  it("nothing is kept when the portal is not the profile's own, or without a profile", async () => {
    const dir = await loggedIn();
    const elsewhere = {
      FP_PROFILE: 'acme',
      FP_BASE_URL: server.url.replace('127.0.0.1', 'localhost'),
      FP_API_KEY: ADMIN_KEY,
    };
    expect((await fp(dir, ['groups', 'list'], elsewhere)).code).toBe(0);
    expect((await fp(dir, ['groups', 'list'], { FP_BASE_URL: server.url, FP_API_KEY: ADMIN_KEY })).code).toBe(0);
    expect((await fp(dir, ['__complete', 'groups'])).out).toBe('');
  });

  it('a cache that cannot be written does not fail the list', async () => {
    const dir = await loggedIn();
    writeFileSync(join(dir, 'completion'), 'a file where the folder would be');
    const r = await fp(dir, ['categories', 'list', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).map((c: { name: string }) => c.name)).toEqual(['Integrations', 'Mobile', 'Locked']);
    expect(r.err).toBe('');
  });

  it('a cached name carrying a control character is never offered (it cannot be typed and would reach the terminal)', async () => {
    const dir = await loggedIn();
    mkdirSync(join(dir, 'completion'), { recursive: true });
    writeFileSync(
      join(dir, 'completion', 'acme.json'),
      JSON.stringify({ groups: ['Beta testers', 'Evil\u001b]52;c;eA==\u0007', 'Tab\there'] }),
    );
    expect((await fp(dir, ['__complete', 'groups'])).out).toBe('Beta testers\n');
  });
});
