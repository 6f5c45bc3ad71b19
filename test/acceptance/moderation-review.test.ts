import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, fixtureSeed } from '../support/fixture-seed.js';
import { FP_BIN, startFpServer, type FpServer } from '../support/run-fp.js';

const DRIVER = resolve(import.meta.dirname, '../support/pty-drive.py');

function seed() {
  const s = fixtureSeed();
  const p = s.portals[0];
  p.posts!.push({ key: 'pend5', database_id: 6, title: 'Second pending idea', author_id: p.users![1].id, tab_id: 1, moderation_status: 'pending', created_at: '2026-02-20T00:00:00Z' });
  p.comments!.push({ id: 106, post_key: 'dark1', user_id: p.users![2].id, comment: 'Another pending comment', moderation_status: 'pending', created_at: '2026-02-21T00:00:00Z' });
  return s;
}

/** `fp moderation review` in a real pseudo-terminal, answering each prompt with the next key. */
function reviewAtTerminal(server: FpServer, keys: string[]): Promise<{ code: number | null; screen: string }> {
  return new Promise((done, reject) => {
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm', NO_COLOR: '1', FP_BASE_URL: server.url, FP_API_KEY: ADMIN_KEY };
    const child = spawn('python3', [DRIVER, 'Action?', keys.join(','), '--', process.execPath, FP_BIN, 'moderation', 'review'], { env });
    let screen = '';
    child.stdout.on('data', (d) => (screen += d));
    child.on('error', reject);
    child.on('close', (code) => done({ code, screen }));
  });
}

let server: FpServer;
beforeAll(async () => {
  server = await startFpServer(seed());
});
afterAll(() => server.stop());

describe('fp moderation review at a terminal', () => {
  it('review through a pseudo-terminal: approve one, reject one, skip one, quit; the server state matches', async () => {
    const { code, screen } = await reviewAtTerminal(server, ['a', 'r', 's', 'q']);
    expect(screen).toContain('post pend5  "Second pending idea"');
    expect(screen).toContain('Reviewed 3: approved 1, rejected 1, skipped 1');
    expect(code).toBe(0);
    const pending = await server.fp(['moderation', 'pending', '--json']);
    expect(pending.json.map((i: { type: string; id: string | number }) => `${i.type}:${i.id}`)).toEqual(['comment:106', 'comment:104']);
    const rejected = await server.fp(['moderation', 'rejected', '--json']);
    expect(rejected.json.map((i: { type: string; id: string | number }) => `${i.type}:${i.id}`)).toContain('post:pend3');
  });

  it('review without a terminal refuses with exit 2 and points to approve/reject', async () => {
    const r = await server.fp(['moderation', 'review']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/needs a terminal.*approve\|reject/);
  });
});
