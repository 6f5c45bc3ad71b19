import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atTerminal } from '../support/at-terminal.js';
import { ADMIN_KEY, fixtureSeed } from '../support/fixture-seed.js';
import { startFpServer, type FpServer } from '../support/run-fp.js';

const RECORDER = resolve(import.meta.dirname, '../support/record-pager.mjs');

let server: FpServer;
let dir: string;
/** The fixture portal with 30 more approved posts: a page of 30 is longer than a terminal of 24 rows. */
function seed() {
  const s = fixtureSeed();
  const posts = s.portals[0].posts!;
  const sso = posts.find((p) => p.key === 'sso22')!;
  for (let i = 1; i <= 30; i++) {
    const n = String(i).padStart(2, '0');
    posts.push({ ...sso, key: `more${n}`, database_id: 100 + i, title: `Idea number ${n}` });
  }
  return s;
}

beforeAll(async () => {
  server = await startFpServer(seed());
  dir = mkdtempSync(join(tmpdir(), 'fp-pager-pty-'));
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

let runs = 0;
/** A pager that keeps what it is given in a file of its own and shows nothing. */
function recorder(): { file: string; command: string } {
  const file = join(dir, `paged-${++runs}.txt`);
  return { file, command: `"${process.execPath}" "${RECORDER}" "${file}"` };
}

/** The request spinner a slow answer shows on stderr (a loaded machine), each frame erased before the list. */
const SPINNER = /\r\x1b\[2K(?:[\u2800-\u28ff] Waiting for [^\r\n]*)?/g;

/**
 * `fp ARGS` on a terminal of 120 columns and this many rows, against the portal; the screen with Unix
 * line ends and without the request spinner's frames.
 */
async function onTerminal(args: string[], rows: number, env: Record<string, string> = {}) {
  const { code, screen } = await atTerminal(args, {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TERM: 'xterm',
      PTY_COLUMNS: '120',
      PTY_ROWS: String(rows),
      FP_BASE_URL: server.url,
      FP_API_KEY: ADMIN_KEY,
      ...env,
    },
  });
  return { code, screen: screen.replace(/\r\n/g, '\n').replace(SPINNER, '') };
}

describe('D-PAGER the pager on a real terminal', () => {
  it('a list longer than the screen goes through FP_PAGER exactly as the terminal shows it, colours and all', async () => {
    const direct = await onTerminal(['posts', 'list', '--limit', '30'], 24, { FP_PAGER: '' });
    expect(direct.code, direct.screen).toBe(0);
    const { file, command } = recorder();
    const paged = await onTerminal(['posts', 'list', '--limit', '30'], 24, { FP_PAGER: command });
    expect(paged.code, paged.screen).toBe(0);
    const text = readFileSync(file, 'utf8');
    expect(text).toMatch(/^\x1b\[1mKEY/);
    expect(text.split('\n').length).toBeGreaterThan(24);
    // What the pager got is what the terminal showed without it, and the terminal did not show it too.
    expect(direct.screen.startsWith(text)).toBe(true);
    expect(paged.screen).not.toContain('KEY');
    // The list's footer follows the paged rows, on the terminal.
    expect(paged.screen).toBe(direct.screen.slice(text.length));
  });

  it('output that fits the screen is written directly, the pager is not started', async () => {
    const { file, command } = recorder();
    const r = await onTerminal(['posts', 'list'], 24, { FP_PAGER: command });
    expect(r.code, r.screen).toBe(0);
    expect(existsSync(file)).toBe(false);
    expect(r.screen).toContain('KEY');
  });

  it("a post's view taller than the screen is paged too", async () => {
    const { file, command } = recorder();
    const r = await onTerminal(['posts', 'view', 'dark1'], 4, { FP_PAGER: command });
    expect(r.code, r.screen).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('Dark mode');
    expect(r.screen).not.toContain('Dark mode');
  });

  it('never for --json, --jq or --fields, nor in CI, nor with FP_PAGER=cat', async () => {
    for (const [args, env] of [
      [['posts', 'list', '--limit', '30', '--json'], {}],
      [['posts', 'list', '--limit', '30', '--jq', '.[].title'], {}],
      [['posts', 'list', '--limit', '30', '--fields', 'id,title'], {}],
      [['posts', 'list', '--limit', '30'], { CI: 'true' }],
    ] as Array<[string[], Record<string, string>]>) {
      const { file, command } = recorder();
      const r = await onTerminal(args, 24, { FP_PAGER: command, ...env });
      expect(r.code, r.screen).toBe(0);
      expect(existsSync(file), args.join(' ')).toBe(false);
      expect(r.screen).toContain('Idea number');
    }
    const cat = await onTerminal(['posts', 'list', '--limit', '30'], 24, {
      FP_PAGER: 'cat',
      PAGER: recorder().command,
    });
    expect(cat.screen).toContain('Idea number');
  });

  it('a pager quit before the end (head) ends fp with 0 and no EPIPE', async () => {
    const r = await onTerminal(['posts', 'list', '--limit', '30'], 24, { FP_PAGER: 'head -n 1' });
    expect(r.code, r.screen).toBe(0);
    expect(r.screen).toMatch(/^\x1b\[1mKEY.*\n/);
    expect(r.screen).not.toMatch(/EPIPE|Error/);
  });

  it('a pager that cannot start is named, and the list is written directly', async () => {
    const r = await onTerminal(['posts', 'list', '--limit', '30'], 24, { FP_PAGER: 'fp-no-such-pager' });
    expect(r.code, r.screen).toBe(0);
    expect(r.screen).toContain('could not start the pager "fp-no-such-pager" (FP_PAGER); shown without it');
    expect(r.screen).toContain('Idea number');
  });
});

describe('D-PAGER through a pipe', () => {
  it('the rows go to the pipe, never to the pager, outside CI too', async () => {
    const { file, command } = recorder();
    const r = await server.fp(['posts', 'list', '--limit', '30'], { env: { FP_PAGER: command, CI: undefined } });
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(file)).toBe(false);
    expect(r.stdout).toMatch(/^KEY\t/);
  });
});
