import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atTerminal } from '../support/at-terminal.js';
import { ADMIN_KEY, CARA, fixtureSeed, GROUP_BETA } from '../support/fixture-seed.js';
import { startFpServer, type FpServer } from '../support/run-fp.js';
import { startTamperingProxy, type TamperingProxy } from '../support/tampering-proxy.js';

/**
 * One rule for every byte that reaches a terminal: whatever a command prints from the portal
 * (titles, names, field names, values, in tables, pages, reports, `--jq` strings and JSON) is
 * shown there, never obeyed. The portal carries OSC 52 (write the clipboard), `ESC[2J` (clear
 * the screen), an 8-bit CSI and DEL in every text it has, and a field named with them in every
 * record it answers.
 */
const EVIL = 'Evil \x1b]52;c;SGFja2Vk\x07 \x1b[2J \x9b31m\x7f';
/** How its start looks on a terminal (a table's column may cut the rest), as text and as JSON. */
const SHOWN = '␛]52';
const SHOWN_JSON = '\\u001b]52;c;SGFja2Vk';
const FIELD = `x-\x1b]52;c;SGFja2Vk\x07\x1b[2J`;

/** Characters a terminal acts on (C0 other than tab and line breaks, DEL, C1), with fp's own escapes removed first. */
function obeyed(text: string): string[] {
  let rest = text;
  // What fp itself draws: colours, line erasing, cursor show/hide and moves (spinner, progress).
  for (const own of [/\x1b\[[\d;]*[mKGAB]/g, /\x1b\[\?25[lh]/g]) rest = rest.replace(own, '');
  return [...rest].filter((ch) => {
    const code = ch.charCodeAt(0);
    return (code < 0x20 && !'\t\n\r'.includes(ch)) || (code >= 0x7f && code <= 0x9f);
  });
}

function hostileSeed() {
  const s = fixtureSeed();
  const p = s.portals[0];
  p.title = `Portal ${EVIL}`;
  for (const post of p.posts ?? []) {
    post.title = `${post.title} ${EVIL}`;
    post.description = `About ${EVIL}`;
  }
  for (const c of p.comments ?? []) c.comment = `Reply ${EVIL}`;
  for (const c of p.categories ?? []) c.name = `${c.name} ${EVIL}`;
  for (const g of p.groups ?? []) g.description = `Group ${EVIL}`;
  for (const g of p.groups ?? []) g.name = `${g.name} ${EVIL}`;
  for (const u of p.users ?? []) u.name = `${u.name} ${EVIL}`;
  for (const t of p.tabs ?? []) t.name = `${t.name} ${EVIL}`;
  for (const t of p.sections ?? []) t.name = `${t.name} ${EVIL}`;
  for (const t of p.statuses ?? []) t.name = `${t.name} ${EVIL}`;
  for (const t of p.tags ?? []) t.name = `${t.name} ${EVIL}`;
  for (const f of p.feedback ?? []) f.feedback = `Note ${EVIL}`;
  return s;
}

/** Every record of every JSON answer gains a field whose name carries the escapes (its value too). */
function withHostileField(_path: string, body: any): unknown {
  const mark = (r: unknown) => {
    if (r && typeof r === 'object' && !Array.isArray(r)) (r as Record<string, unknown>)[FIELD] = EVIL;
  };
  const data = body?.data;
  if (Array.isArray(data)) data.forEach(mark);
  else if (data && typeof data === 'object') {
    const lists = Object.values(data).filter(Array.isArray);
    if (lists.length) lists.forEach((l) => l.forEach(mark));
    else mark(data);
  }
  return body;
}

let server: FpServer;
let proxy: TamperingProxy;
let dir: string;
beforeAll(async () => {
  server = await startFpServer(hostileSeed());
  proxy = await startTamperingProxy(server.url, { rewrite: withHostileField });
  dir = mkdtempSync(join(tmpdir(), 'fp-escapes-'));
  // A knowledge-base folder to preview, exported from the same portal.
  const exported = await server.fp(['kb', 'sync', 'export', '--tab', '3', '--dir', join(dir, 'help')]);
  expect(exported.code, exported.stderr).toBe(0);
  // A user's vote, a finished link-health scan and an event, each to be shown.
  for (const args of [
    ['votes', 'add', 'dark1', '--user', CARA],
    ['kb', 'link-health', 'scan', '--tab', '3', '--wait'],
    ['comments', 'create', 'dark1', '--user', CARA, '--text', `New ${EVIL}`],
  ]) {
    const r = await server.fp(args);
    expect(r.code, r.stderr).toBe(0);
  }
});
afterAll(async () => {
  await proxy?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** `fp ARGS` on a pseudo-terminal (stdin, stdout and stderr), through the proxy that adds the hostile field. */
function onTerminal(args: string[]) {
  return atTerminal(args, {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TERM: 'xterm',
      FORCE_COLOR: '1',
      // Wide enough that no table cuts the text, high enough that nothing is paged.
      PTY_COLUMNS: '400',
      PTY_ROWS: '1000',
      FP_CONFIG_DIR: join(dir, 'config'),
      FP_BASE_URL: proxy.url,
      FP_API_KEY: ADMIN_KEY,
    },
  });
}

/** Each command that prints what the portal sent, and whether it shows the text as JSON. */
const COMMANDS: Array<{ args: string[]; json?: boolean; code?: number; quiet?: boolean }> = [
  { args: ['portal', 'get'] },
  { args: ['status'] },
  { args: ['status', '--json'], json: true },
  { args: ['portal', 'drift', '--rate', 'off', '--include', 'portal,posts,categories'], code: 3 },
  { args: ['posts', 'list'] },
  { args: ['posts', 'list', '--fields', `id,title`] },
  { args: ['posts', 'view', 'dark1', '--comments'] },
  { args: ['posts', 'list', '--jq', '.[].title'] },
  { args: ['posts', 'list', '--jq', '.[] | keys[]'] },
  { args: ['posts', 'view', 'dark1', '--jq', '.title'] },
  { args: ['posts', 'list', '--json'], json: true },
  { args: ['posts', 'list', '--format', 'ndjson'], json: true },
  { args: ['posts', 'list', '--format', 'csv'] },
  { args: ['comments', 'list', 'dark1'] },
  { args: ['categories', 'list'] },
  { args: ['groups', 'list'] },
  { args: ['groups', 'get', GROUP_BETA] },
  { args: ['groups', 'users', 'list', GROUP_BETA] },
  { args: ['users', 'list'] },
  { args: ['users', 'get', CARA] },
  { args: ['users', 'find', 'cara@test.test'] },
  { args: ['users', 'groups', CARA, '--rate', 'off'] },
  { args: ['votes', 'list', 'dark1'] },
  { args: ['statuses', 'list'] },
  { args: ['tags', 'list'] },
  { args: ['tabs', 'list'] },
  { args: ['tabs', 'get', '1'] },
  { args: ['sections', 'list'] },
  { args: ['feedback', 'list'] },
  { args: ['moderation', 'pending'] },
  { args: ['moderation', 'rejected'] },
  // A dry run shows ids and outcomes, no text of the portal's.
  { args: ['moderation', 'approve', 'post', 'pend3', 'dark1', '--dry-run'], quiet: true },
  { args: ['kb', 'link-health', 'results', '--tab', '3'] },
  { args: ['api', '/api/v1/posts'], json: true },
  { args: ['api', '/api/v1/posts', '-i'], json: true },
  { args: ['api', '/api/v1/posts', '--paginate'], json: true },
  { args: ['api', '/api/v1/posts', '--jq', '.data[].title'] },
  { args: ['events', 'tail'], quiet: true },
  { args: ['events', 'tail', '--json'], json: true },
  { args: ['users', 'groups', 'bob@test.test', '--rate', 'off'] },
];

describe('every command that prints server text, on a terminal, shows the escapes and obeys none', () => {
  for (const { args, json, code = 0, quiet } of COMMANDS) {
    it.concurrent(`fp ${args.join(' ')}`, async () => {
      const { code: exit, screen } = await onTerminal(args);
      expect(exit, screen).toBe(code);
      expect(obeyed(screen), screen).toEqual([]);
      if (!quiet) expect(screen).toContain(json ? SHOWN_JSON : SHOWN);
    });
  }

  it('fp kb sync preview: the titles of the plan', async () => {
    const { code, screen } = await onTerminal(['kb', 'sync', 'preview', '--tab', '3', join(dir, 'help')]);
    expect(code, screen).toBe(0);
    expect(obeyed(screen), screen).toEqual([]);
  });

  it("fp portal drift names the portal's hostile field, shown", async () => {
    const { screen } = await onTerminal(['portal', 'drift', '--rate', 'off', '--include', 'portal']);
    expect(screen).toContain('unknown field   data.x-␛]52;c;SGFja2Vk␇␛[2J');
  });
});

describe('piped, the same output stays exact', () => {
  it('--jq strings and the drift report as JSON keep every byte', async () => {
    const jq = await server.fp(['posts', 'view', 'dark1', '--jq', '.title']);
    expect(jq.stdout).toBe(`Dark mode ${EVIL}\n`);
    const proxied = (args: string[]) => server.fp(args, { env: { FP_BASE_URL: proxy.url } });
    const drift = await proxied(['portal', 'drift', '--rate', 'off', '--include', 'portal', '--json']);
    expect(drift.code).toBe(3);
    expect(JSON.stringify(drift.json)).toContain(JSON.stringify(FIELD).slice(1, -1));
  });
});
