import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ANN } from '../../../support/fixture-seed.js';
import { runMain, type FakeIOOptions } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const fp = (argv: string[], opts: FakeIOOptions = {}) =>
  runMain(server.url, argv, { ...opts, env: { NO_COLOR: '1', ...opts.env } });

/** A reply to 100 created now: last in the server's flat list, under 100 in the thread. */
async function lateReply() {
  const r = await server.request('POST', '/api/v1/posts/dark1/comments', {
    body: { user_id: ANN, comment: 'Late reply to the first', parent_id: 100 },
  });
  return r.body.data.id as number;
}

describe('fp comments list', () => {
  it('plain rows off a terminal: the server order, the parent id, the full text and ISO dates, no tree glyphs', async () => {
    const id = await lateReply();
    const r = await fp(['comments', 'list', 'dark1']);
    expect(r.code).toBe(0);
    const rows = r.out
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(rows[0]).toEqual(['ID', 'AUTHOR', 'TEXT', 'PARENT', 'VOTES', 'MARKS', 'STATUS', 'CREATED']);
    expect(rows.slice(1).map((cells) => cells.slice(0, 4))).toEqual([
      ['100', 'Cara Customer', 'Yes please!', ''],
      ['101', 'Bob Member', 'Agreed, a reply.', '100'],
      ['102', 'Ann Admin', 'Reply to the reply.', '101'],
      ['103', 'Ann Admin', 'Shipped in 2.0', ''],
      [String(id), 'Ann Admin', 'Late reply to the first', '100'],
    ]);
    expect(rows[4].slice(4, 7)).toEqual(['0', 'changelog', 'approved']);
    expect(rows[1][7]).toMatch(/^2026-02-10T/);
  });

  it('a table on a terminal indents replies under their parents', async () => {
    const id = await lateReply();
    const r = await fp(['comments', 'list', 'dark1'], { tty: true, env: { NO_COLOR: '1' } });
    expect(r.code).toBe(0);
    const text = r.out.split('\n').map((l) => l.split(/ {2,}/).slice(0, 3));
    expect(text.slice(1, 6)).toEqual([
      ['100', 'Cara Customer', 'Yes please!'],
      ['101', 'Bob Member', '└─ Agreed, a reply.'],
      ['102', 'Ann Admin', '└─ Reply to the reply.'],
      [String(id), 'Ann Admin', '└─ Late reply to the first'],
      ['103', 'Ann Admin', 'Shipped in 2.0'],
    ]);
    // A reply to a reply sits two columns deeper than a reply.
    expect(r.out.match(/^.*Reply to the reply.*$/m)![0].indexOf('└')).toBe(
      r.out.match(/^.*Agreed, a reply.*$/m)![0].indexOf('└') + 2,
    );
  });

  it('--json prints the flat data list in the server order', async () => {
    const id = await lateReply();
    const r = await fp(['comments', 'list', 'dark1', '--json']);
    expect(r.code).toBe(0);
    const served = await server.request('GET', '/api/v1/posts/dark1/comments');
    expect(r.io.json()).toEqual(served.body.data);
    expect(r.io.json().map((c: { id: number }) => c.id)).toEqual([100, 101, 102, 103, id]);
  });

  it('shows pinned and changelog markers', async () => {
    server.store.portals[0].comments.update(100, { pinned_to_top: true });
    const r = await fp(['comments', 'list', 'dark1', '--format', 'csv']);
    expect(r.out.split('\n')[1]).toMatch(/^100,Cara Customer,Yes please!,,0,pinned,approved,2026-/);
  });

  it('an empty list on a terminal says so on stderr and exits 0', async () => {
    const r = await fp(['comments', 'list', 'kb001'], { tty: true });
    expect(r.code).toBe(0);
    expect(r.out).toBe('');
    expect(r.err).toBe('No comments.\n');
  });

  it('an unknown post exits 1 with the service message', async () => {
    const r = await fp(['comments', 'list', 'nope9']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: post nope9 not found (404)\n');
  });
});
