import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_KEY } from '../support/fixture-seed.js';
import { runFp, startFpServer, type FpServer } from '../support/run-fp.js';
import { startTamperingProxy, type TamperingProxy } from '../support/tampering-proxy.js';

let server: FpServer;
let work: string;
let record: string;
/** A browser the test controls: it writes each argument it gets on a line of `record`, and exits as told. */
let browser: string;

beforeAll(async () => {
  server = await startFpServer();
  work = mkdtempSync(join(tmpdir(), 'fp-web-'));
  browser = join(work, 'browser');
  writeFileSync(
    browser,
    `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a" >> "$RECORD"; done\nexit "\${EXIT_WITH:-0}"\n`,
  );
  chmodSync(browser, 0o755);
});
afterAll(async () => {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
});
beforeEach(() => {
  record = join(work, `record-${Math.random().toString(36).slice(2)}`);
});

/** Outside CI (runFp sets CI=true), with no display, and BROWSER as given. */
const desktop = (env: Record<string, string | undefined> = {}) => ({
  env: { CI: undefined, DISPLAY: undefined, WAYLAND_DISPLAY: undefined, RECORD: record, ...env },
});
const opened = () => (existsSync(record) ? readFileSync(record, 'utf8').split('\n').slice(0, -1) : []);

describe('--web opens the page with BROWSER (D-WEB-OPEN)', () => {
  it("posts view --web hands the post's url to BROWSER as one argument, and prints nothing on stdout", async () => {
    const r = await server.fp(['posts', 'view', 'dark1', '--web'], desktop({ BROWSER: browser }));
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`Opening ${server.url}/p/dark1 in your browser.\n`);
    expect(opened()).toEqual([`${server.url}/p/dark1`]);
  });

  it('D-WEB-URLS: comments list --web opens the post, moderation pending --web the queue, portal get --web the portal', async () => {
    for (const args of [
      ['comments', 'list', 'sso22', '--web'],
      ['moderation', 'pending', '-w'],
      ['portal', 'get', '--web'],
    ])
      expect((await server.fp(args, desktop({ BROWSER: browser }))).code).toBe(0);
    expect(opened()).toEqual([`${server.url}/p/sso22`, `${server.url}/admin/moderation`, `${server.url}/`]);
  });

  it('BROWSER is a command line: its words are arguments, %s stands for the address', async () => {
    const r = await server.fp(['posts', 'view', 'dark1', '--web'], desktop({ BROWSER: `${browser} --new-tab %s --` }));
    expect(r.code).toBe(0);
    expect(opened()).toEqual(['--new-tab', `${server.url}/p/dark1`, '--']);
  });

  it('a BROWSER that fails is exit 1 naming it and the page', async () => {
    const r = await server.fp(['portal', 'get', '--web'], desktop({ BROWSER: browser, EXIT_WITH: '7' }));
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `error: the browser command "${browser}" (BROWSER) exited with 7; the page is ${server.url}/\n`,
    );
    const missing = await server.fp(['portal', 'get', '--web'], desktop({ BROWSER: join(work, 'no-such-browser') }));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('(BROWSER) could not start (ENOENT)');
  });

  it("a post url that is not http(s) is refused before any launcher runs: the portal's text never becomes a command", async () => {
    let proxy: TamperingProxy | undefined;
    try {
      proxy = await startTamperingProxy(server.url, {
        rewrite: (path, body) =>
          path === '/api/v1/posts/dark1' ? { data: { ...body.data, url: 'javascript:alert(1)' } } : body,
      });
      const r = await runFp(['posts', 'view', 'dark1', '--web'], {
        baseUrl: proxy.url,
        apiKey: ADMIN_KEY,
        ...desktop({ BROWSER: browser }),
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toBe('error: the portal gave no web address for post dark1 ("javascript:alert(1)")\n');
      expect(opened()).toEqual([]);
    } finally {
      await proxy?.close();
    }
  });
});

describe('--web prints the address where no browser can open (D-WEB-OPEN)', () => {
  it('under CI the address is printed on stdout and BROWSER is not run', async () => {
    const r = await server.fp(['posts', 'view', 'dark1', '--web'], {
      env: { CI: 'true', BROWSER: browser, RECORD: record },
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${server.url}/p/dark1\n`);
    expect(r.stderr).toBe('');
    expect(opened()).toEqual([]);
  });

  it.runIf(process.platform === 'linux')(
    'without BROWSER, DISPLAY or WAYLAND_DISPLAY the address is printed',
    async () => {
      const r = await server.fp(['moderation', 'pending', '--web'], desktop());
      expect(r.code).toBe(0);
      expect(r.stdout).toBe(`${server.url}/admin/moderation\n`);
      expect(opened()).toEqual([]);
    },
  );
});
