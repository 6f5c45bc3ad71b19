import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMain, type FakeIOOptions } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const fp = (argv: string[], opts: FakeIOOptions = {}) => runMain(server.url, argv, opts);

const votes = () => server.store.portals[0].votes.list();
const JANE = '9e26471d35a78862c17e467d87cddedf'; // md5("jane@example.com")

describe('fp votes add', () => {
  it('votes with the given anonymous id and says so on stderr', async () => {
    const r = await fp(['votes', 'add', 'dark1', '--anonymous', 'visitor-1']);
    expect(r.code).toBe(0);
    expect(r.out).toBe('');
    expect(r.err).toBe('Voted for dark1 as anonymous visitor-1.\n');
    expect(votes()).toEqual([expect.objectContaining({ post_key: 'dark1', anonymous_id: 'visitor-1' })]);
    expect(server.store.portals[0].posts.list().find((p) => p.key === 'dark1')!.votes_count).toBe(6);
  });

  it('--anonymous-from votes as the MD5 of the trimmed, lower-cased e-mail', async () => {
    const r = await fp(['votes', 'add', 'dark1', '--anonymous-from', ' Jane@Example.com ']);
    expect(r.code).toBe(0);
    expect(votes()[0].anonymous_id).toBe(JANE);
  });

  it('--json prints the vote', async () => {
    const r = await fp(['votes', 'add', 'dark1', '--anonymous', 'visitor-1', '--json']);
    expect(r.code).toBe(0);
    expect(r.io.json()).toEqual({ created_at: expect.any(String), voter: null });
  });

  it('a second vote by the same anonymous id exits 1 with the service message', async () => {
    await fp(['votes', 'add', 'dark1', '--anonymous-from', 'jane@example.com']);
    const r = await fp(['votes', 'add', 'dark1', '--anonymous', JANE]);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: Anonymous user has already voted for this item. (422)\n');
    expect(votes()).toHaveLength(1);
  });

  it('a post that cannot be voted on exits 1', async () => {
    const r = await fp(['votes', 'add', 'pend3', '--anonymous', 'visitor-1']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: Item is not voteable. (422)\n');
  });

  it('without a voter it exits 2 and sends nothing', async () => {
    const r = await fp(['votes', 'add', 'dark1']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: missing voter: pass --anonymous ID or --anonymous-from EMAIL\n');
    expect(votes()).toEqual([]);
  });
});
