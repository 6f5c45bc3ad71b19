import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, fixtureSeed } from '../support/fixture-seed.js';
import { atTerminal } from '../support/at-terminal.js';
import { runFp, startFpServer, type FpServer } from '../support/run-fp.js';

const ERASE = '\r\x1b[2K';

/** `fp ARGS` at a terminal, against the server, with the admin key. */
function atServerTerminal(server: FpServer, args: string[], env: Record<string, string> = {}) {
  return atTerminal(args, {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      TERM: 'xterm',
      NO_COLOR: '1',
      FP_BASE_URL: server.url,
      FP_API_KEY: ADMIN_KEY,
      ...env,
    },
  });
}

// Every answer is held back 2 s by the server, far past the spinner's 300 ms.
let server: FpServer;
beforeAll(async () => {
  // The knowledge-base article holds no link, so a scan checks nothing and nothing leaves the machine.
  const seed = fixtureSeed();
  (seed.portals[0] as { posts: Array<{ key: string; description?: string }> }).posts.find(
    (p) => p.key === 'kb001',
  )!.description = 'No links.';
  server = await startFpServer(seed, ['--faults', 'delay:2000:1']);
});
afterAll(() => server.stop());

describe('the spinner while a request waits', () => {
  it('on a terminal: a spinner on the line, erased before the table is written', async () => {
    const { code, screen } = await atServerTerminal(server, ['categories', 'list']);
    expect(code).toBe(0);
    const spun = screen.indexOf('Waiting for GET /api/v1/categories…');
    const table = screen.indexOf('Integrations');
    expect(spun).toBeGreaterThan(0);
    expect(screen.slice(spun, table)).toContain(ERASE);
    expect(screen.slice(screen.lastIndexOf('Waiting for'), table)).toMatch(
      /^Waiting for GET \/api\/v1\/categories…\r\x1b\[2K/,
    );
  });

  it('stays off while the link-health progress spinner owns the line', async () => {
    const { code, screen } = await atServerTerminal(
      server,
      ['kb', 'link-health', 'scan', '--tab', '3', '--wait', '--interval', '0.05'],
      {
        PTY_COLUMNS: '100',
      },
    );
    expect(code).toBe(0);
    const polled = screen.indexOf('Checked 0 distinct links');
    expect(polled).toBeGreaterThan(0);
    // The scan's start and the results are plain requests: the request spinner shows for them.
    expect(screen.slice(0, polled)).toContain('Waiting for POST /api/v1/knowledgebase/link-health/scan…');
    expect(screen).not.toContain('Waiting for GET /api/v1/knowledgebase/link-health/progress');
  });

  it('never in CI, nor when the output is piped', async () => {
    const [ci, piped] = await Promise.all([
      atServerTerminal(server, ['categories', 'list'], { CI: 'true' }),
      runFp(['categories', 'list'], { baseUrl: server.url, apiKey: ADMIN_KEY, env: { CI: undefined } }),
    ]);
    expect(ci.code).toBe(0);
    expect(ci.screen).toContain('Integrations');
    expect(ci.screen).not.toContain('Waiting for');
    expect(piped.code).toBe(0);
    expect(piped.stdout).toContain('Integrations');
    expect(piped.stderr).toBe('');
  });
});
