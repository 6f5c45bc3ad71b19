import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFpServer, type FpServer } from '../support/run-fp.js';

// The demo portal's admin key (seed/demo.json).
const DEMO_KEY = 'acme-admin';
const TOM = '3a0edf6a-d5f4-5b82-ac94-50f05eb27eda';

let server: FpServer;
const fp = (args: string[], input?: string) => server.fp(args, { apiKey: DEMO_KEY, input });

beforeAll(async () => {
  server = await startFpServer('demo');
});
afterAll(() => server.stop());

describe('fp posts view (D-POST-SHOW)', () => {
  it('shows a readable page: title, status, categories, votes, author, description, comments threaded', async () => {
    const r = await fp(['posts', 'view', '3zah2', '--comments']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'Android app crashes after the 3.8.1 update',
      '3zah2 · Under review (Feedback) · Mobile app · approved',
      '12 votes · 2 comments · by Elif Demir <elif.demir@acme.test> · 2026-02-12',
    ]);
    expect(r.stdout).toContain('Device: Samsung Galaxy S23, Android 14.');
    expect(r.stdout).toContain('Comments (2)');
    expect(r.stdout).toMatch(/\n {2}Noah Williams · 2026-02-13 · #19\n {2}Happens on a Pixel 8/);
    expect(r.stdout).toMatch(/\n {4}└─ Mia Chen · 2026-02-13 · #20\n {7}Fixed in 3\.8\.2/);
  });

  it("--comments agrees with the post's count: the heading says which comments are not approved", async () => {
    const r = await fp(['posts', 'view', 'txmrb', '--comments']);
    expect(r.stdout.split('\n')[2]).toMatch(/ · 3 comments · /);
    expect(r.stdout).toContain('\nComments (4: 3 approved, 1 pending)\n');
  });

  it('--json gives the record, with its comments under --comments; an unknown key exits 1', async () => {
    const r = await fp(['posts', 'view', '3zah2', '--json']);
    expect(r.json).toMatchObject({ id: '3zah2', status: { name: 'Under review' }, votes_count: 12 });
    expect(r.json.comments).toBeUndefined();
    const withComments = await fp(['posts', 'view', '3zah2', '--comments', '--jq', '[.comments[].id]']);
    expect(withComments.json).toEqual([19, 20]);
    const missing = await fp(['posts', 'view', 'zzzzz']);
    expect(missing).toMatchObject({ code: 1, stdout: '', stderr: 'error: post zzzzz not found (404)\n' });
  });
});

describe('fp posts create, update and delete (D-POST-CREATE, D-POST-UPDATE, D-POST-DELETE)', () => {
  let key: string;

  it('creates a post with --status and --category by name and the description from stdin', async () => {
    const r = await fp(
      [
        'posts',
        'create',
        '--title',
        'Slow CSV export',
        '--description-file',
        '-',
        '--category',
        'mobile app',
        '--status',
        'planned',
        '--user',
        'Sofia Rossi',
        '--json',
      ],
      'From ticket 4711: the CSV export is slow\n',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.json).toMatchObject({
      title: 'Slow CSV export',
      description: 'From ticket 4711: the CSV export is slow',
      status: { name: 'Planned', tab_name: 'Roadmap' },
      categories: [{ name: 'Mobile app' }],
      author: { name: 'Sofia Rossi' },
      moderation_status: 'approved',
    });
    key = r.json.id;
  });

  it('moves the post to another status by name; the page shows it', async () => {
    const r = await fp(['posts', 'update', key, '--status', 'Under review']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[1]).toBe(`${key} · Under review (Feedback) · Mobile app · approved`);
  });

  it('refuses an update with nothing to change (exit 2), and an unknown status listing the valid ones (exit 1, D-UNKNOWN-NAME)', async () => {
    const none = await fp(['posts', 'update', key]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^error: nothing to update: pass --title/);
    const bad = await fp(['posts', 'update', key, '--status', 'Plannd']);
    expect(bad).toMatchObject({ code: 1, stdout: '' });
    expect(bad.stderr).toMatch(
      /^error: unknown status "Plannd" for --status\. Did you mean "Planned"\? valid statuses: /,
    );
  });

  it('deletes only with --yes off a terminal; then the post is gone', async () => {
    const refused = await fp(['posts', 'delete', key]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/pass --yes/);
    const r = await fp(['posts', 'delete', key, '--yes']);
    expect(r).toMatchObject({ code: 0, stderr: 'Post deleted successfully\n' });
    expect((await fp(['posts', 'view', key])).code).toBe(1);
  });
});

describe('fp statuses, tags, tabs and sections (D-STATUS-LIST, D-TAG-LIST, D-TAB-LIST, D-TAB-GET, D-SECTION-LIST, D-SECTION-CHILDREN)', () => {
  it('lists statuses and tags', async () => {
    const statuses = await fp(['statuses', 'list', '--jq', '[.[].name]']);
    expect(statuses.json).toEqual([
      'Under review',
      'Gathering votes',
      'Declined',
      'Planned',
      'In progress',
      'Done',
      'Released',
    ]);
    const tags = await fp(['tags', 'list']);
    expect(tags.stdout.split('\n').slice(0, 2)).toEqual(['ID\tNAME', 't-bug\tbug']);
  });

  it('lists tabs and gets one by slug or id; an unknown tab exits 1', async () => {
    const tabs = await fp(['tabs', 'list', '--jq', '[.[].slug]']);
    expect(tabs.json).toEqual(['feedback', 'roadmap', 'changelog', 'help']);
    expect((await fp(['tabs', 'get', 'help', '--json'])).json).toMatchObject({ id: 4, type: 'knowledge_base' });
    expect((await fp(['tabs', 'get', '2', '--json'])).json).toMatchObject({ slug: 'roadmap' });
    expect((await fp(['tabs', 'get', 'nope'])).code).toBe(1);
  });

  it('lists the top-level sections, of one tab by name, and the children of one', async () => {
    const top = await fp(['sections', 'list', '--tab', 'Help center', '--jq', '[.[].slug]']);
    expect(top.json).toEqual(['getting-started', 'features', 'billing']);
    expect((await fp(['sections', 'list', '--tab', 'feedback', '--json'])).json).toEqual([]);
    const children = await fp(['sections', 'list', '--parent', 'features', '--jq', '[.[].slug]']);
    expect(children.json).toEqual(['dashboards', 'integrations']);
  });
});

describe('fp users (D-USER-LIST, D-USER-GET, D-USER-FIND)', () => {
  it('lists one page or --all', async () => {
    expect((await fp(['users', 'list', '--json'])).json).toHaveLength(10);
    const all = await fp(['users', 'list', '--all', '--json']);
    expect(all.json.length).toBeGreaterThan(10);
  });

  it('gets a user by integer id, name or e-mail, and finds one by e-mail in any case', async () => {
    for (const typed of ['4', 'Tom Becker', 'tom.becker@acme.test'])
      expect((await fp(['users', 'get', typed, '--jq', '.id'])).stdout, typed).toBe(`${TOM}\n`);
    expect((await fp(['users', 'find', 'TOM.BECKER@acme.test', '--jq', '.name'])).stdout).toBe('Tom Becker\n');
    const missing = await fp(['users', 'find', 'nobody@acme.test']);
    expect(missing).toMatchObject({ code: 1, stderr: 'error: no user has the e-mail nobody@acme.test (404)\n' });
    const unknown = await fp(['users', 'get', 'Tom Beckr']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Did you mean "Tom Becker"\?/);
    // The start of a name is suggested, the valid names capped; exit 1 as an unknown group (D-UNKNOWN-NAME).
    const start = await fp(['users', 'get', 'Tom']);
    expect(start.code).toBe(1);
    expect(start.stderr).toMatch(
      /^error: unknown user "Tom" for USER\. Did you mean "Tom Becker"\? valid users: (.+, ){10}and \d+ more\n$/,
    );
    expect((await fp(['groups', 'get', 'Nobody group'])).code).toBe(1);
  });

  it('answers which groups a user is in from the group lists, with the request count under --debug (D-USERS-GROUPS)', async () => {
    const r = await fp(['users', 'groups', 'Tom Becker', '--rate', 'off', '--debug', '--jq', '[.[].name]']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json).toEqual(['Beta testers']);
    expect(r.stderr).toMatch(/^users groups: \d+ requests for \d+ groups$/m);
    const quiet = await fp(['users', 'groups', 'Tom Becker', '--rate', 'off']);
    expect(quiet.stderr).toBe('');
  });
});

describe('fp votes by user (D-USER-VOTE-LIST, D-USER-VOTE-ADD, D-USER-VOTE-REMOVE)', () => {
  it('adds a vote as a user by e-mail, lists it, and removes it by integer id', async () => {
    const before = (await fp(['posts', 'view', 'ehkpp', '--jq', '.votes_count'])).json;
    const added = await fp(['votes', 'add', 'ehkpp', '--user', 'tom.becker@acme.test']);
    expect(added).toMatchObject({ code: 0, stderr: `Voted for ehkpp as user ${TOM}.\n` });
    expect((await fp(['votes', 'list', 'ehkpp', '--jq', '[.[].voter.name]'])).json).toEqual(['Tom Becker']);
    expect((await fp(['posts', 'view', 'ehkpp', '--jq', '.votes_count'])).json).toBe(before + 1);
    const again = await fp(['votes', 'add', 'ehkpp', '--user', TOM]);
    expect(again.code).toBe(1);
    const removed = await fp(['votes', 'remove', 'ehkpp', '--user', '4']);
    expect(removed.code, removed.stderr).toBe(0);
    expect((await fp(['votes', 'list', 'ehkpp', '--json'])).json).toEqual([]);
  });

  it('refuses --user together with --anonymous', async () => {
    const r = await fp(['votes', 'add', 'ehkpp', '--user', TOM, '--anonymous', 'abc']);
    expect(r).toMatchObject({
      code: 2,
      stderr: 'error: use either --user or --anonymous/--anonymous-from, not both\n',
    });
  });
});
