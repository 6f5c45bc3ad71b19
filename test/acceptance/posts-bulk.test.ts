// One fixture server for every case: each case leaves the posts it changed as it found them (a deleted post excepted).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFpServer, type FpServer } from '../support/run-fp.js';

let server: FpServer;
const dir = mkdtempSync(join(tmpdir(), 'fp-bulk-'));
let n = 0;
const fresh = () => join(dir, `journal-${++n}.ndjson`);

beforeAll(async () => {
  server = await startFpServer();
});
afterAll(() => server.stop());
const statusOf = async (key: string) =>
  ((await server.fp(['posts', 'view', key, '--json'])).json as { status: { name: string } | null }).status?.name;

describe('fp posts update --where (D-BULK-WHERE)', () => {
  it('shows the posts the filters of posts list select and, without a terminal, needs --yes; nothing changes', async () => {
    const r = await server.fp(['posts', 'update', '--where', 'status=Under review', '--status', 'Planned']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^\d+ posts? match(es)? --where status=Under review:\n {2}dark1 {2}Dark mode\n/);
    expect(r.stderr).toContain('error: Update ');
    expect(r.stderr).toContain('refusing without a terminal to confirm; pass --yes to proceed');
    expect(await statusOf('dark1')).toBe('Under review');
  });

  it('with --yes changes them, and a key that is not a filter of posts list is refused', async () => {
    const r = await server.fp([
      'posts',
      'update',
      '--where',
      'status=Under review',
      '--where',
      'tag=ux',
      '--status',
      'Planned',
      '--yes',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Updated 1, unchanged 0 (already so), failed 0');
    expect(await statusOf('dark1')).toBe('Planned');
    expect((await server.fp(['posts', 'update', 'dark1', '--status', 'Under review'])).code).toBe(0);
    const bad = await server.fp(['posts', 'update', '--where', 'order-by=votes_count', '--status', 'Planned']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('invalid --where "order-by=votes_count": expected KEY=VALUE with KEY one of tab,');
  });

  it('--dry-run says what would change per post and changes nothing (D-BULK-CHANGE)', async () => {
    const r = await server.fp(['posts', 'update', '-', '--status', 'Planned', '--dry-run', '--json'], {
      input: 'dark1\nzzzzz\n',
    });
    expect(r.code).toBe(1);
    expect(r.json).toEqual([
      { key: 'dark1', outcome: 'would-change', before: { status_id: 1 }, after: { status_id: 2 }, message: '' },
      expect.objectContaining({ key: 'zzzzz', outcome: 'would-fail' }),
    ]);
    expect(r.stderr).toContain('Dry run, nothing changed: would change 1, would stay 0, would fail 1');
    expect(await statusOf('dark1')).toBe('Under review');
  });
});

describe('the journal and undo', () => {
  it('keys from the --json of posts list; the journal records before and after; undo puts them back (D-BULK-JOURNAL)', async () => {
    const listed = await server.fp(['posts', 'list', '--status', 'Under review', '--json']);
    const journal = fresh();
    const r = await server.fp(['posts', 'update', '-', '--category', 'Mobile', '--journal', journal], {
      input: listed.stdout,
    });
    expect(r.code, r.stderr).toBe(0);
    const lines = readFileSync(journal, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ fp_journal: 1, portal: server.url, command: 'posts update' });
    expect(lines.slice(1).map((l) => l.key)).toEqual((listed.json as Array<{ id: string }>).map((p) => p.id));
    expect(lines.find((l) => l.key === 'dark1')).toMatchObject({
      op: 'update',
      outcome: 'changed',
      before: { category_id: 1 },
      after: { category_id: 2 },
    });
    const undo = await server.fp(['posts', 'undo', '--journal', journal, '--yes']);
    expect(undo.code, undo.stderr).toBe(0);
    expect(undo.stderr).toMatch(/^Restored \d+, unchanged 0/);
    const again = await server.fp(['posts', 'undo', '--journal', journal, '--yes']);
    expect(again.code).toBe(0);
    expect(again.stderr).toMatch(/^Restored 0, unchanged \d+ \(as before already\)/);
  });

  it('a deleted post cannot come back: the journal keeps its last state and undo reports it (D-BULK-UNDO)', async () => {
    const journal = fresh();
    const r = await server.fp(['posts', 'delete', '-', '--yes', '--journal', journal], { input: 'sso22\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('Deleted 1, failed 0\n');
    const entry = JSON.parse(readFileSync(journal, 'utf8').trimEnd().split('\n')[1]);
    expect(entry).toMatchObject({ key: 'sso22', op: 'delete', outcome: 'deleted', after: null, restorable: false });
    expect(entry.before).toMatchObject({ id: 'sso22', title: 'SSO login' });
    const undo = await server.fp(['posts', 'undo', '--journal', journal, '--yes']);
    expect(undo.code).toBe(1);
    expect(undo.stderr).toContain('not restorable 1 (deleted)');
    expect(undo.stderr).toContain(
      'post sso22 not restored: deleted: the API cannot bring a post back; its last state is in the journal',
    );
  });

  it('publish and unpublish journal the flag, and undo toggles it back (D-BULK-JOURNAL)', async () => {
    const journal = fresh();
    expect((await server.fp(['posts', 'unpublish', '-', '--journal', journal], { input: 'dark1' })).code).toBe(0);
    const entry = JSON.parse(readFileSync(journal, 'utf8').trimEnd().split('\n')[1]);
    expect(entry).toMatchObject({ before: { published: true }, after: { published: false } });
    const undo = await server.fp(['posts', 'undo', '--journal', journal, '--yes']);
    expect(undo.stderr).toMatch(/^Restored 1,/);
    const again = await server.fp(['posts', 'publish', 'dark1']);
    expect(again.stderr).toContain('already published');
  });

  it.each([
    ['not NDJSON', 'hello\n', 'line 1 is not JSON'],
    [
      'not a journal',
      '{"key":"dark1","op":"update","outcome":"changed","before":{},"after":{}}\n',
      'it is not an fp journal',
    ],
    [
      'cut short',
      `{"fp_journal":1,"portal":"@URL","command":"posts update","started_at":"x"}\n{"key":"da`,
      'its last line (2) is cut short',
    ],
    [
      'of another portal',
      '{"fp_journal":1,"portal":"https://other.test","command":"posts update","started_at":"x"}\n',
      'it was written for the portal at https://other.test',
    ],
  ])(
    'a journal %s is refused with a clear error; the file and the portal stay as they were (D-BULK-JOURNAL)',
    async (_, text, message) => {
      const journal = fresh();
      const content = text.replace('@URL', server.url);
      writeFileSync(journal, content);
      const undo = await server.fp(['posts', 'undo', '--journal', journal, '--yes']);
      expect(undo.code).toBe(2);
      expect(undo.stderr).toContain(`journal ${journal}: ${message}`);
      expect(undo.stderr).toContain('nothing was changed');
      expect(readFileSync(journal, 'utf8')).toBe(content);
      // A run refuses to append to a journal whose last line is cut short.
      if (!content.endsWith('\n')) {
        const run = await server.fp(['posts', 'update', '-', '--status', 'Planned', '--journal', journal], {
          input: 'dark1',
        });
        expect(run.code).toBe(2);
        expect(readFileSync(journal, 'utf8')).toBe(content);
        expect(await statusOf('dark1')).toBe('Under review');
      }
    },
  );
});

describe('tags and users', () => {
  it("--tag and --untag are refused: the API neither shows nor sets a post's tags (D-BULK-TAGS)", async () => {
    const r = await server.fp(['posts', 'update', '-', '--tag', 'bug'], { input: 'dark1' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--tag is refused: the API neither shows nor sets a post's tags (D-BULK-TAGS)");
  });

  it('users block - reads users from stdin, one request each, so an unknown one fails alone (D-BULK-USERS)', async () => {
    const r = await server.fp(['users', 'block', '-', '--json'], { input: 'bob@test.test\nnobody-here\n' });
    expect(r.code).toBe(1);
    expect((r.json as Array<{ outcome: string }>).map((x) => x.outcome)).toEqual(['blocked', 'failed']);
    expect(r.stderr.split('\n')[0]).toBe('Blocked 1, failed 1');
    const back = await server.fp(['users', 'unblock', '-'], { input: 'bob@test.test' });
    expect(back.stderr).toBe('Unblocked 1, failed 0\n');
  });
});
