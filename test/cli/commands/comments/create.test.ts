import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../../src/cli/main.js';
import { ADMIN_KEY, ANN, BOB } from '../../../support/fixture-seed.js';
import { fakeIO, type FakeIOOptions } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

/** Nothing listens here: a command that sent a request would fail with a network error (exit 1), not 2. */
const NOWHERE = 'http://127.0.0.1:9';

async function fp(argv: string[], opts: FakeIOOptions & { baseUrl?: string } = {}) {
  const io = fakeIO({ ...opts, env: { FP_BASE_URL: opts.baseUrl ?? server.url, FP_API_KEY: ADMIN_KEY, ...opts.env } });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err(), io };
}

const comments = () => server.store.portals[0].comments.list();
const events = () => server.store.portals[0].eventLog.records();

describe('fp comments create', () => {
  it('creates a comment with --text and prints it as JSON', async () => {
    const r = await fp(['comments', 'create', 'dark1', '--user', BOB, '--text', 'Count me in', '--json']);
    expect(r.code).toBe(0);
    expect(r.io.json()).toMatchObject({
      comment: 'Count me in',
      parent_id: null,
      pinned_to_top: false,
      tagged_for_changelog: false,
    });
    expect(r.io.json().author.id).toBe(BOB);
  });

  it('maps --parent, --changelog, --pin, --created-at and --silent onto the request', async () => {
    const before = events().length;
    const r = await fp([
      'comments',
      'create',
      'dark1',
      '--user',
      ANN,
      '--text',
      'Imported reply',
      '--parent',
      '100',
      '--changelog',
      '--pin',
      '--created-at',
      '2025-12-24 10:00:00',
      '--silent',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const stored = comments().find((c) => c.id === r.io.json().id)!;
    expect(stored).toMatchObject({
      parent_id: 100,
      tagged_for_changelog: true,
      pinned_to_top: true,
      created_at: '2025-12-24T10:00:00.000Z',
    });
    // the changelog tag moved from 103 to the new comment
    expect(comments().find((c) => c.id === 103)!.tagged_for_changelog).toBe(false);
    expect(events().length).toBe(before);
  });

  it('without --silent the CommentCreated event is recorded', async () => {
    const before = events().length;
    await fp(['comments', 'create', 'dark1', '--user', ANN, '--text', 'Noisy one']);
    expect(
      events()
        .slice(before)
        .map((e) => e.type),
    ).toContain('CommentCreated');
  });

  it('reads the text from stdin with --text-file -', async () => {
    const r = await fp(['comments', 'create', 'dark1', '--user', BOB, '--text-file', '-', '--json'], {
      stdin: 'From a pipe\nsecond line\n',
    });
    expect(r.code).toBe(0);
    expect(r.io.json().comment).toBe('From a pipe\nsecond line');
  });

  it('a comment shorter than 3 characters exits 2 before anything is sent', async () => {
    const r = await fp(['comments', 'create', 'dark1', '--user', BOB, '--text', 'ok'], { baseUrl: NOWHERE });
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'error: The given data was invalid.\n  comment: The comment field must be at least 3 characters.\n',
    );
  });

  it('a comment longer than 6000 characters exits 2 before anything is sent', async () => {
    const r = await fp(['comments', 'create', 'dark1', '--user', BOB, '--text', 'x'.repeat(6001)], {
      baseUrl: NOWHERE,
    });
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'error: The given data was invalid.\n  comment: The comment field must not be greater than 6000 characters.\n',
    );
  });

  it('--user is required (exit 2)', async () => {
    const r = await fp(['comments', 'create', 'dark1', '--text', 'No author']);
    expect(r.code).toBe(2);
    expect(r.err).toContain("required option '--user <user>' not specified");
  });

  it('missing text exits 2 and names both ways to give it', async () => {
    const r = await fp(['comments', 'create', 'dark1', '--user', BOB]);
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: missing text: pass --text TEXT or --text-file PATH (- for stdin)\n');
  });

  it('--parent must be a positive integer (exit 2)', async () => {
    const r = await fp(['comments', 'create', 'dark1', '--user', BOB, '--text', 'Reply', '--parent', 'abc']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: invalid --parent "abc": must be an integer.\n');
  });

  it('a parent from another post is the service 422 (exit 1)', async () => {
    const r = await fp(['comments', 'create', 'sso22', '--user', BOB, '--text', 'Reply', '--parent', '100']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: The given data was invalid. (422)\n  --parent: The selected parent id is invalid.\n');
  });

  it('sends only the fields given', async () => {
    await fp(['comments', 'create', 'dark1', '--user', BOB, '--text', 'Plain comment', '--json']);
    const stored = comments().at(-1)!;
    expect(stored).toMatchObject({
      comment: 'Plain comment',
      parent_id: null,
      pinned_to_top: false,
      tagged_for_changelog: false,
    });
    expect(comments().find((c) => c.id === 103)!.tagged_for_changelog).toBe(true);
  });
});
