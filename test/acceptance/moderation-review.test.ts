import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, fixtureSeed } from '../support/fixture-seed.js';
import { atTerminal } from '../support/at-terminal.js';
import { startFpServer, type FpServer } from '../support/run-fp.js';

function seed() {
  const s = fixtureSeed();
  const p = s.portals[0];
  p.posts!.push({
    key: 'pend5',
    database_id: 6,
    title: 'Second pending idea',
    author_id: p.users![1].id,
    tab_id: 1,
    moderation_status: 'pending',
    created_at: '2026-02-20T00:00:00Z',
  });
  p.comments!.push({
    id: 106,
    post_key: 'dark1',
    user_id: p.users![2].id,
    comment: 'Another pending comment',
    moderation_status: 'pending',
    created_at: '2026-02-21T00:00:00Z',
  });
  return s;
}

/** `fp moderation review` in a real pseudo-terminal: each key answers the prompt shown after its mark. */
function reviewAtTerminal(
  server: FpServer,
  steps: Array<[mark: string, key: string]>,
  colour: { NO_COLOR?: string; flags?: string[] } = { NO_COLOR: '1' },
): Promise<{ code: number | null; screen: string }> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TERM: 'xterm',
    FP_BASE_URL: server.url,
    FP_API_KEY: ADMIN_KEY,
  };
  if (colour.NO_COLOR) env.NO_COLOR = colour.NO_COLOR;
  return atTerminal(['moderation', 'review', ...(colour.flags ?? [])], { env, prompt: 'Action?', steps });
}

let server: FpServer;
beforeAll(async () => {
  server = await startFpServer(seed());
});
afterAll(() => server.stop());

describe('fp moderation review at a terminal', () => {
  it('review through a pseudo-terminal: approve one, reject one, skip one, quit; the server state matches', async () => {
    const { code, screen } = await reviewAtTerminal(server, [
      ['[1 of 4]', 'a'],
      ['[2 of 4]', 'r'],
      ['[3 of 4]', 's'],
      ['[4 of 4]', 'q'],
    ]);
    // Newest first by date (D-QUEUE-NEWEST-FIRST): comment 106, post pend5, comment 104, post pend3.
    expect(screen).toContain('[1 of 4] comment 106');
    expect(screen).toContain('[2 of 4] post pend5  "Second pending idea"');
    for (const said of ['approved', 'rejected', 'skipped', 'quit']) expect(screen).toContain(`  ${said}\r\n`);
    expect(screen).toContain('Reviewed 3: approved 1, rejected 1, skipped 1');
    expect(code).toBe(0);
    const pending = await server.fp(['moderation', 'pending', '--json']);
    expect(pending.json.map((i: { type: string; id: string | number }) => `${i.type}:${i.id}`)).toEqual([
      'comment:104',
      'post:pend3',
    ]);
    const rejected = await server.fp(['moderation', 'rejected', '--json']);
    expect(rejected.json.map((i: { type: string; id: string | number }) => `${i.type}:${i.id}`)).toContain(
      'post:pend5',
    );
  });

  it('v shows the whole post, read in full, Enter is announced as a skip, Ctrl-C prints the tally and exits 130', async () => {
    // What the first test left pending: comment 104 and post pend3.
    const { code, screen } = await reviewAtTerminal(server, [
      ['[1 of 2]', ''],
      ['[2 of 2]', 'v'],
      ['Waiting for review', '^C'],
    ]);
    expect(screen).toContain('[1 of 2] comment 104');
    expect(screen).toContain('  skipped\r\n');
    expect(screen).toMatch(/\[2 of 2\] post pend3[^]*Action\?[^]*\r\nPending idea\r\n\r\nWaiting for review\r\n/);
    expect(screen).toContain('Interrupted. Reviewed 1: approved 0, rejected 0, skipped 1');
    expect(code).toBe(130);
  });

  it('--no-color reaches the prompt: no colour codes on the screen', async () => {
    const { code, screen } = await reviewAtTerminal(server, [['[1 of ', 'q']], { flags: ['--no-color'] });
    expect(code).toBe(0);
    expect(screen).toContain('Action?');
    expect(screen).not.toMatch(/\x1b\[(3\d|9\d|1|2)m/);
  });

  it('review without a terminal refuses with exit 2 and points to approve/reject', async () => {
    const r = await server.fp(['moderation', 'review']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/needs a terminal.*approve\|reject/);
  });
});
