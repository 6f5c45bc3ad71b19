import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atTerminal } from '../support/at-terminal.js';
import { ADMIN_KEY, ANN, BOB } from '../support/fixture-seed.js';
import { startFpServer, type FpServer } from '../support/run-fp.js';

let server: FpServer;
beforeAll(async () => {
  server = await startFpServer();
});
afterAll(() => server.stop());

const textColumn = (stdout: string) =>
  stdout
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t').slice(0, 4));

describe('fp comments', () => {
  it('list piped gives plain rows with the parent of each reply, no tree glyphs', async () => {
    const r = await server.fp(['comments', 'list', 'dark1']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n')[0]).toBe('ID\tAUTHOR\tTEXT\tPARENT\tVOTES\tMARKS\tSTATUS\tCREATED');
    expect(textColumn(r.stdout)).toEqual([
      ['100', 'Cara Customer', 'Yes please!', ''],
      ['101', 'Bob Member', 'Agreed, a reply.', '100'],
      ['102', 'Ann Admin', 'Reply to the reply.', '101'],
      ['103', 'Ann Admin', 'Shipped in 2.0', ''],
    ]);
  });

  it('list --json gives the flat data list', async () => {
    const r = await server.fp(['comments', 'list', 'dark1', '--json']);
    expect(r.code).toBe(0);
    expect(r.json.map((c: { id: number; parent_id: number | null }) => [c.id, c.parent_id])).toEqual([
      [100, null],
      [101, 100],
      [102, 101],
      [103, null],
    ]);
  });

  it('create reads the text from stdin with --text-file -', async () => {
    const r = await server.fp(
      ['comments', 'create', 'sso22', '--user', BOB, '--text-file', '-', '--parent', '104', '--json'],
      {
        input: 'Replying from a pipe\n',
      },
    );
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ comment: 'Replying from a pipe', parent_id: 104, author: { id: BOB } });
  });

  it('a too-short comment exits 2 before sending', async () => {
    const before = (await server.fp(['comments', 'list', 'dark1', '--json'])).json.length;
    const r = await server.fp(['comments', 'create', 'dark1', '--user', ANN, '--text', 'hi']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'error: The given data was invalid.\n  comment: The comment field must be at least 3 characters.\n',
    );
    expect((await server.fp(['comments', 'list', 'dark1', '--json'])).json).toHaveLength(before);
  });

  it('a too-short comment is refused even when no server is listening (nothing is sent)', async () => {
    const r = await server.fp(['comments', 'create', 'dark1', '--user', ANN, '--text', 'hi'], {
      env: { FP_BASE_URL: 'http://127.0.0.1:9' },
    });
    expect(r.code).toBe(2);
  });

  it('update with --no-changelog removes the tag; without either flag it stays as it was', async () => {
    const kept = await server.fp(['comments', 'update', '103', '--text', 'Shipped in 2.0 (edited)', '--json']);
    expect(kept.code).toBe(0);
    expect(kept.json).toMatchObject({ comment: 'Shipped in 2.0 (edited)', tagged_for_changelog: true });
    const removed = await server.fp([
      'comments',
      'update',
      '103',
      '--text',
      'Shipped in 2.0 (edited)',
      '--no-changelog',
      '--pin',
      '--json',
    ]);
    expect(removed.json).toMatchObject({ tagged_for_changelog: false, pinned_to_top: true });
  });

  it('delete without --yes off a terminal exits 2 and deletes nothing', async () => {
    const r = await server.fp(['comments', 'delete', '100']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'error: Delete comment 100 and its direct replies: refusing without a terminal to confirm; pass --yes to proceed\n',
    );
    expect((await server.fp(['comments', 'list', 'dark1', '--json'])).json.map((c: { id: number }) => c.id)).toContain(
      100,
    );
  });

  it('delete answered "N" on a terminal deletes nothing and exits 2, as a cancelled gh command does (D-DECLINED-EXIT)', async () => {
    const { code, screen } = await atTerminal(['comments', 'delete', '100'], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        TERM: 'xterm',
        NO_COLOR: '1',
        FP_BASE_URL: server.url,
        FP_API_KEY: ADMIN_KEY,
      },
      prompt: '(y/N)',
      steps: [['Delete comment 100', 'n']],
    });
    expect(screen).toContain('Nothing changed.');
    expect(code).toBe(2);
    expect((await server.fp(['comments', 'list', 'dark1', '--json'])).json.map((c: { id: number }) => c.id)).toContain(
      100,
    );
  });

  it('delete --yes removes the comment and its direct replies', async () => {
    const r = await server.fp(['comments', 'delete', '100', '--yes']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('Deleted comment 100 and its direct replies.\n');
    const left = (await server.fp(['comments', 'list', 'dark1', '--json'])).json;
    expect(left.map((c: { id: number; parent_id: number | null }) => [c.id, c.parent_id])).toEqual([
      [103, null],
      [102, null],
    ]);
  });

  it('an unknown post exits 1 with the service message', async () => {
    const r = await server.fp(['comments', 'list', 'nope9']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: post nope9 not found (404)\n');
  });
});
