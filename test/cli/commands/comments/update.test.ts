import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../../src/cli/main.js';
import { ADMIN_KEY } from '../../../support/fixture-seed.js';
import { fakeIO, type FakeIOOptions } from '../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

async function fp(argv: string[], opts: FakeIOOptions & { baseUrl?: string } = {}) {
  const io = fakeIO({ ...opts, env: { FP_BASE_URL: opts.baseUrl ?? server.url, FP_API_KEY: ADMIN_KEY, ...opts.env } });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err(), io };
}

const comment = (id: number) => server.store.portals[0].comments.list().find((c) => c.id === id)!;

describe('fp comments update', () => {
  it('changes the text and leaves the changelog tag and pin alone when neither flag is given', async () => {
    const r = await fp(['comments', 'update', '103', '--text', 'Shipped in 2.0.1', '--json']);
    expect(r.code).toBe(0);
    expect(r.io.json()).toMatchObject({
      id: 103,
      comment: 'Shipped in 2.0.1',
      tagged_for_changelog: true,
      pinned_to_top: false,
    });
    expect(comment(103)).toMatchObject({ tagged_for_changelog: true, pinned_to_top: false });
  });

  it('--no-changelog removes the tag, --changelog sets it (and untags the other comment)', async () => {
    expect((await fp(['comments', 'update', '103', '--text', 'Untagged now', '--no-changelog'])).code).toBe(0);
    expect(comment(103).tagged_for_changelog).toBe(false);
    expect((await fp(['comments', 'update', '100', '--text', 'Tagged now', '--changelog'])).code).toBe(0);
    expect(comment(100).tagged_for_changelog).toBe(true);
  });

  it('--pin pins and --no-pin unpins', async () => {
    await fp(['comments', 'update', '100', '--text', 'Pinned', '--pin']);
    expect(comment(100).pinned_to_top).toBe(true);
    await fp(['comments', 'update', '100', '--text', 'Unpinned', '--no-pin']);
    expect(comment(100).pinned_to_top).toBe(false);
  });

  it('--parent moves a comment under another, --no-parent makes it top-level, neither keeps the parent', async () => {
    await fp(['comments', 'update', '103', '--text', 'Now a reply', '--parent', '100']);
    expect(comment(103).parent_id).toBe(100);
    await fp(['comments', 'update', '103', '--text', 'Still a reply']);
    expect(comment(103).parent_id).toBe(100);
    await fp(['comments', 'update', '103', '--text', 'Top level again', '--no-parent']);
    expect(comment(103).parent_id).toBe(null);
  });

  it('reads the new text from stdin with --text-file -', async () => {
    const r = await fp(['comments', 'update', '100', '--text-file', '-'], { stdin: 'Edited from a pipe\n' });
    expect(r.code).toBe(0);
    expect(comment(100).comment).toBe('Edited from a pipe');
  });

  it('the text is required (exit 2)', async () => {
    const r = await fp(['comments', 'update', '100', '--pin']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: missing text: pass --text TEXT or --text-file PATH (- for stdin)\n');
    expect(comment(100).pinned_to_top).toBe(false);
  });

  it('too short a text exits 2 before sending', async () => {
    const r = await fp(['comments', 'update', '100', '--text', 'no'], { baseUrl: 'http://127.0.0.1:9' });
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'error: The given data was invalid.\n  comment: The comment field must be at least 3 characters.\n',
    );
  });

  it('an unknown comment exits 1 with the service message', async () => {
    const r = await fp(['comments', 'update', '999', '--text', 'Nobody here']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: comment 999 not found (404)\n');
  });

  it('a non-numeric id exits 2', async () => {
    const r = await fp(['comments', 'update', 'abc', '--text', 'Nobody here']);
    expect(r.code).toBe(2);
  });
});
