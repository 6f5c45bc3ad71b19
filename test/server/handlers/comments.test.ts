import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { SeedFile } from '../../../src/seed-file/seed-file.js';
import { ANN, BOB, CARA, fixtureSeed, OTHER_KEY, READONLY_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const invalid = (errors: Record<string, string[]>) => ({ message: 'The given data was invalid.', errors });

let server: TestServer;
async function start(seed: SeedFile = fixtureSeed()): Promise<TestServer> {
  server = await startTestServer(seed, { now: () => NOW });
  return server;
}
afterEach(() => server?.close());

const USERS = {
  [ANN]: { database_id: 1, name: 'Ann Admin', email: 'ann@test.test', role: 'admin' },
  [BOB]: { database_id: 2, name: 'Bob Member', email: 'bob@test.test', role: 'member' },
  [CARA]: { database_id: 3, name: 'Cara Customer', email: 'cara@test.test', role: 'member' },
};

function author(id: keyof typeof USERS) {
  const u = USERS[id];
  const md5 = createHash('md5').update(u.email).digest('hex');
  return {
    id,
    database_id: u.database_id,
    name: u.name,
    role: u.role,
    profile_url: `${server.url}/users/${u.database_id}`,
    avatar_small_url: `https://www.gravatar.com/avatar/${md5}?s=64&d=identicon`,
  };
}

const create = (key: string, body: Record<string, unknown>, token?: string) =>
  server.request('POST', `/api/v1/posts/${key}/comments`, { body, token });
const list = async (key: string) => (await server.request('GET', `/api/v1/posts/${key}/comments`)).body.data as any[];
const byId = async (key: string, id: number) => (await list(key)).find((c) => c.id === id);

describe('comments.list', () => {
  it('R-COMMENT-FIELDS R-COMMENT-AUTHOR D-COMMENT-URL a comment has every field of the Comment schema with the exact types', async () => {
    await start();
    const res = await server.request('GET', '/api/v1/posts/dark1/comments');
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toEqual({
      id: 100,
      comment: 'Yes please!',
      formatted_comment: '<p>Yes please!</p>\n',
      author: author(CARA),
      pinned_to_top: false,
      tagged_for_changelog: false,
      is_ai: false,
      moderation_status: 'approved',
      parent_id: null,
      votes_count: 0,
      user_has_voted: false,
      can_edit: true,
      can_delete: true,
      created_at: '2026-02-10T00:00:00.000000Z',
      updated_at: '2026-02-10T00:00:00.000000Z',
      url: `${server.url}/p/dark1#comment-100`,
      source_locale: null,
      is_translated: false,
      original_html: null,
    });
  });

  it('R-COMMENT-LIST lists replies in the same list, linked by parent_id, oldest first', async () => {
    await start();
    const data = await list('dark1');
    expect(data.map((c) => [c.id, c.parent_id])).toEqual([
      [100, null],
      [101, 100],
      [102, 101],
      [103, null],
    ]);
  });

  it('D-COMMENT-LIST pinned comments come first, then oldest first', async () => {
    const seed = fixtureSeed();
    seed.portals[0].comments![3].pinned_to_top = true;
    await start(seed);
    expect((await list('dark1')).map((c) => c.id)).toEqual([103, 100, 101, 102]);
  });

  it('R-MOD-STATES D-COMMENT-LIST an admin key sees pending and rejected comments, each with its moderation_status', async () => {
    await start();
    expect((await list('sso22')).map((c) => [c.id, c.moderation_status])).toEqual([
      [104, 'pending'],
      [105, 'rejected'],
    ]);
  });

  it('D-COMMENT-PER-KEY can_edit and can_delete are true for an admin key and false for a read-only key', async () => {
    await start();
    const ro = await server.request('GET', '/api/v1/posts/dark1/comments', { token: READONLY_KEY });
    expect(ro.status).toBe(200);
    expect(ro.body.data[0]).toMatchObject({ can_edit: false, can_delete: false });
    expect((await list('dark1'))[0]).toMatchObject({ can_edit: true, can_delete: true });
  });

  it('listing the comments of an unknown post is 404 "No query results for model [App\\Models\\Post] <key>"', async () => {
    await start();
    const res = await server.request('GET', '/api/v1/posts/nope9/comments');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No query results for model [App\\Models\\Post] nope9' });
  });
});

describe('comments.create', () => {
  it('R-COMMENT-CREATE creates a comment and answers {data: Comment}', async () => {
    await start();
    const res = await create('dark1', { user_id: CARA, comment: 'Count me in' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: 106,
        comment: 'Count me in',
        formatted_comment: '<p>Count me in</p>\n',
        author: author(CARA),
        pinned_to_top: false,
        tagged_for_changelog: false,
        is_ai: false,
        moderation_status: 'approved',
        parent_id: null,
        votes_count: 0,
        user_has_voted: false,
        can_edit: true,
        can_delete: true,
        created_at: '2026-06-01T12:00:00.000000Z',
        updated_at: '2026-06-01T12:00:00.000000Z',
        url: `${server.url}/p/dark1#comment-106`,
        source_locale: null,
        is_translated: false,
        original_html: null,
      },
    });
    expect((await list('dark1')).map((c) => c.id)).toEqual([100, 101, 102, 103, 106]);
  });

  it('R-ERROR-422 R-COMMENT-REQUIRED comment is required on create: errors.comment ["The comment field is required."]', async () => {
    await start();
    const res = await create('dark1', { user_id: CARA });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'The given data was invalid.',
      errors: { comment: ['The comment field is required.'] },
    });
    const empty = await create('dark1', { user_id: CARA, comment: '' });
    expect(empty.body).toEqual(invalid({ comment: ['The comment field is required.'] }));
  });

  it('R-COMMENT-LENGTH comment text is 3-6000 characters (boundaries 2, 3, 6000, 6001)', async () => {
    await start();
    const short = await create('dark1', { user_id: CARA, comment: 'ab' });
    expect(short.status).toBe(422);
    expect(short.body).toEqual(invalid({ comment: ['The comment field must be at least 3 characters.'] }));
    expect((await create('dark1', { user_id: CARA, comment: 'abc' })).status).toBe(200);
    expect((await create('dark1', { user_id: CARA, comment: 'x'.repeat(6000) })).status).toBe(200);
    const long = await create('dark1', { user_id: CARA, comment: 'y'.repeat(6001) });
    expect(long.status).toBe(422);
    expect(long.body).toEqual(invalid({ comment: ['The comment field must not be greater than 6000 characters.'] }));
  });

  it('D-INPUT-NORMALISE "3-6000 chars as sent" counts the text once trimmed: "  ab  " is too short, " abc " is stored as "abc"', async () => {
    await start();
    const short = await create('dark1', { user_id: CARA, comment: '  ab  ' });
    expect(short.status).toBe(422);
    expect(short.body).toEqual(invalid({ comment: ['The comment field must be at least 3 characters.'] }));
    const padded = await create('dark1', { user_id: CARA, comment: ' abc ' });
    expect(padded.body.data.comment).toBe('abc');
  });

  it('user_id is required and must be a UUID', async () => {
    await start();
    expect((await create('dark1', { comment: 'Hello' })).body).toEqual(
      invalid({ user_id: ['The user id field is required.'] }),
    );
    expect((await create('dark1', { user_id: 'bob', comment: 'Hello' })).body).toEqual(
      invalid({ user_id: ['The user id field must be a valid UUID.'] }),
    );
  });

  it('D-COMMENT-AUTHOR user_id must be a user of the portal: otherwise 422 "The selected user id is invalid."', async () => {
    await start();
    for (const user_id of ['99999999-9999-4999-8999-999999999999', '44444444-4444-4444-8444-444444444444']) {
      const res = await create('dark1', { user_id, comment: 'Hello' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(invalid({ user_id: ['The selected user id is invalid.'] }));
    }
    expect(await list('dark1')).toHaveLength(4);
  });

  it('D-COMMENT-PARENT parent_id must be a comment of the same post', async () => {
    await start();
    for (const parent_id of [104, 999]) {
      const res = await create('dark1', { user_id: CARA, comment: 'Reply', parent_id });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(invalid({ parent_id: ['The selected parent id is invalid.'] }));
    }
    const ok = await create('dark1', { user_id: CARA, comment: 'Reply', parent_id: '101' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.parent_id).toBe(101);
  });

  it('parent_id must be an integer', async () => {
    await start();
    for (const parent_id of ['x', 1.5, true]) {
      const res = await create('dark1', { user_id: CARA, comment: 'Reply', parent_id });
      expect(res.body).toEqual(invalid({ parent_id: ['The parent id field must be an integer.'] }));
    }
  });

  it('D-COMMENT-ERRORS-TOGETHER an unknown user and an invalid parent are reported together', async () => {
    await start();
    const res = await create('dark1', {
      user_id: '99999999-9999-4999-8999-999999999999',
      comment: 'Reply',
      parent_id: 999,
    });
    expect(res.body).toEqual(
      invalid({ user_id: ['The selected user id is invalid.'], parent_id: ['The selected parent id is invalid.'] }),
    );
  });

  it('creating a comment on an unknown post is 404 "No query results for model [App\\Models\\Post] <key>"', async () => {
    await start();
    const res = await create('nope9', { user_id: CARA, comment: 'Hello' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No query results for model [App\\Models\\Post] nope9' });
  });

  it('R-COMMENT-FLAGS tagged_for_changelog and pinned_to_top accept true, false, 0, 1, "true", "false", "0" and "1"', async () => {
    await start();
    const cases: [unknown, boolean][] = [
      [true, true],
      [false, false],
      [1, true],
      [0, false],
      ['true', true],
      ['false', false],
      ['1', true],
      ['0', false],
    ];
    for (const [value, expected] of cases) {
      const res = await create('sso22', {
        user_id: BOB,
        comment: 'Flags',
        tagged_for_changelog: value,
        pinned_to_top: value,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ tagged_for_changelog: expected, pinned_to_top: expected });
    }
  });

  it('a flag that is not a boolean is 422 "... must be true or false."', async () => {
    await start();
    const res = await create('dark1', {
      user_id: CARA,
      comment: 'Flags',
      pinned_to_top: 'yes',
      tagged_for_changelog: 2,
    });
    expect(res.body).toEqual(
      invalid({
        tagged_for_changelog: ['The tagged for changelog field must be true or false.'],
        pinned_to_top: ['The pinned to top field must be true or false.'],
      }),
    );
  });

  it('R-COMMENT-ALIASES the older aliases use_for_changelog and pin_to_top set the same flags', async () => {
    await start();
    const res = await create('dark1', { user_id: CARA, comment: 'Aliases', use_for_changelog: true, pin_to_top: '1' });
    expect(res.body.data).toMatchObject({ tagged_for_changelog: true, pinned_to_top: true });
  });

  it('D-COMMENT-ALIASES the new field name wins over its older alias when both are sent', async () => {
    await start();
    const res = await create('dark1', {
      user_id: CARA,
      comment: 'Both',
      tagged_for_changelog: false,
      use_for_changelog: true,
      pinned_to_top: true,
      pin_to_top: false,
    });
    expect(res.body.data).toMatchObject({ tagged_for_changelog: false, pinned_to_top: true });
    expect((await byId('dark1', 103)).tagged_for_changelog).toBe(true);
  });

  it('R-CHANGELOG-ONE setting tagged_for_changelog removes the tag from the previously tagged comment of the post', async () => {
    await start();
    const other = await create('sso22', { user_id: BOB, comment: 'Other post tag', tagged_for_changelog: true });
    const res = await create('dark1', { user_id: ANN, comment: 'Now in 2.1', tagged_for_changelog: true });
    expect(res.body.data.tagged_for_changelog).toBe(true);
    const tagged = (await list('dark1')).filter((c) => c.tagged_for_changelog).map((c) => c.id);
    expect(tagged).toEqual([res.body.data.id]);
    expect((await byId('sso22', other.body.data.id)).tagged_for_changelog).toBe(true);
  });

  it('R-COMMENT-CREATED-AT created_at sets a custom creation time; "YYYY-MM-DD HH:MM:SS" is UTC', async () => {
    await start();
    const res = await create('dark1', { user_id: CARA, comment: 'Imported', created_at: '2025-03-04 05:06:07' });
    expect(res.body.data).toMatchObject({
      created_at: '2025-03-04T05:06:07.000000Z',
      updated_at: '2025-03-04T05:06:07.000000Z',
    });
    const zoned = await create('dark1', {
      user_id: CARA,
      comment: 'Imported',
      created_at: '2025-03-04T05:06:07+02:00',
    });
    expect(zoned.body.data.created_at).toBe('2025-03-04T03:06:07.000000Z');
    const bad = await create('dark1', { user_id: CARA, comment: 'Imported', created_at: '4 March' });
    expect(bad.body).toEqual(invalid({ created_at: ['The created at field must be a valid date.'] }));
  });

  it('D-INITIAL-MODERATION D-COMMENT-INITIAL-STATUS a new comment starts approved', async () => {
    await start();
    expect((await create('dark1', { user_id: CARA, comment: 'Hello' })).body.data.moderation_status).toBe('approved');
  });

  it('D-INITIAL-MODERATION D-COMMENT-INITIAL-STATUS a new comment starts pending when the portal moderates comments', async () => {
    const seed = fixtureSeed();
    seed.portals[0].moderate_comments = true;
    await start(seed);
    expect((await create('dark1', { user_id: CARA, comment: 'Hello' })).body.data.moderation_status).toBe('pending');
  });

  it('R-EDITOR-FORMAT D-COMMENT-FORMATTED formatted_comment is markdown rendered to safe HTML on a markdown portal', async () => {
    await start();
    const res = await create('dark1', {
      user_id: CARA,
      comment: 'See **this** and [docs](https://docs.test/a?b=1&c=2)\n\n- one\n- `two`\n\n<script>alert(1)</script>',
    });
    expect(res.body.data.formatted_comment).toBe(
      '<p>See <strong>this</strong> and <a href="https://docs.test/a?b=1&amp;c=2">docs</a></p>\n' +
        '<ul>\n<li>one</li>\n<li><code>two</code></li>\n</ul>\n' +
        '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n',
    );
  });

  it('R-EDITOR-FORMAT D-COMMENT-FORMATTED formatted_comment is the sanitized HTML on a wysiwyg portal', async () => {
    const seed = fixtureSeed();
    seed.portals[0].editor_type = 'wysiwyg';
    await start(seed);
    const html = '<p>Hi <b onclick="x()">there</b><script>bad()</script> <a href="javascript:alert(1)">x</a></p>';
    const res = await create('dark1', { user_id: CARA, comment: html });
    expect(res.body.data.comment).toBe(html);
    expect(res.body.data.formatted_comment).toBe('<p>Hi <b>there</b> <a>x</a></p>');
  });

  it('a read-only key cannot create a comment (403)', async () => {
    await start();
    const res = await create('dark1', { user_id: CARA, comment: 'Hello' }, READONLY_KEY);
    expect(res.status).toBe(403);
    expect(await list('dark1')).toHaveLength(4);
  });

  it("another portal's key cannot reach this portal's comments (401)", async () => {
    await start();
    const res = await create('dark1', { user_id: CARA, comment: 'Hello' }, OTHER_KEY);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('comments.update', () => {
  const update = (id: number | string, body: Record<string, unknown>) =>
    server.request('PUT', `/api/v1/comments/${id}`, { body });

  it('R-COMMENT-UPDATE updates the text and answers {data: Comment} with a new updated_at', async () => {
    await start();
    const res = await update(100, { comment: 'Yes, *please*!' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: 100,
      comment: 'Yes, *please*!',
      formatted_comment: '<p>Yes, <em>please</em>!</p>\n',
      parent_id: null,
      created_at: '2026-02-10T00:00:00.000000Z',
      updated_at: '2026-06-01T12:00:00.000000Z',
    });
    expect((await byId('dark1', 100)).comment).toBe('Yes, *please*!');
  });

  it('R-COMMENT-REQUIRED comment is required on update: errors.comment ["The comment field is required."]', async () => {
    await start();
    const res = await update(100, { pinned_to_top: true });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: 'The given data was invalid.',
      errors: { comment: ['The comment field is required.'] },
    });
    expect((await byId('dark1', 100)).pinned_to_top).toBe(false);
  });

  it('R-COMMENT-LENGTH comment text on update is 3-6000 characters (boundaries 2, 3, 6000, 6001)', async () => {
    await start();
    expect((await update(100, { comment: 'ab' })).body).toEqual(
      invalid({ comment: ['The comment field must be at least 3 characters.'] }),
    );
    expect((await update(100, { comment: 'abc' })).status).toBe(200);
    expect((await update(100, { comment: 'x'.repeat(6000) })).status).toBe(200);
    expect((await update(100, { comment: 'x'.repeat(6001) })).body).toEqual(
      invalid({ comment: ['The comment field must not be greater than 6000 characters.'] }),
    );
  });

  it('R-COMMENT-UPDATE D-COMMENT-UPDATE silent is not accepted on update: it is ignored, not refused', async () => {
    await start();
    const res = await update(100, { comment: 'Edited', silent: true });
    expect(res.status).toBe(200);
    expect(res.body.data.comment).toBe('Edited');
    expect(res.body.data).not.toHaveProperty('silent');
  });

  it('D-COMMENT-UPDATE updating pinned_to_top and the aliases changes only what is sent', async () => {
    await start();
    expect((await update(100, { comment: 'Pin', pin_to_top: 1 })).body.data).toMatchObject({
      pinned_to_top: true,
      tagged_for_changelog: false,
    });
    expect((await update(100, { comment: 'Keep' })).body.data.pinned_to_top).toBe(true);
    expect(
      (await update(100, { comment: 'Unpin', pinned_to_top: 'false', pin_to_top: true })).body.data.pinned_to_top,
    ).toBe(false);
  });

  it('D-COMMENT-CHANGELOG setting tagged_for_changelog on update removes the tag from the previously tagged comment of the post', async () => {
    await start();
    const res = await update(100, { comment: 'Changelog text', tagged_for_changelog: true });
    expect(res.body.data.tagged_for_changelog).toBe(true);
    expect((await list('dark1')).filter((c) => c.tagged_for_changelog).map((c) => c.id)).toEqual([100]);
  });

  it('D-COMMENT-CHANGELOG tagged_for_changelog false on update removes the tag', async () => {
    await start();
    expect((await update(103, { comment: 'Shipped', use_for_changelog: false })).body.data.tagged_for_changelog).toBe(
      false,
    );
  });

  it('D-COMMENT-PARENT parent_id on update must be a comment of the same post, not the comment itself nor one of its replies', async () => {
    await start();
    for (const parent_id of [104, 999, 100, 102]) {
      const res = await update(100, { comment: 'Move', parent_id });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(invalid({ parent_id: ['The selected parent id is invalid.'] }));
    }
    expect((await byId('dark1', 100)).comment).toBe('Yes please!');
  });

  it('parent_id null on update makes a reply a top-level comment', async () => {
    await start();
    expect((await update(101, { comment: 'Standalone', parent_id: null })).body.data.parent_id).toBeNull();
    expect((await update(101, { comment: 'Reply again', parent_id: 103 })).body.data.parent_id).toBe(103);
    expect((await update(101, { comment: 'Unchanged parent' })).body.data.parent_id).toBe(103);
  });

  it('D-COMMENT-CREATED-AT created_at on update sets a custom creation time in UTC', async () => {
    await start();
    expect((await update(100, { comment: 'Dated', created_at: '2024-12-31 23:59:59' })).body.data.created_at).toBe(
      '2024-12-31T23:59:59.000000Z',
    );
  });

  it('R-ERROR-404 updating an unknown comment is 404 "No query results for model [App\\Models\\Comment] <id>"', async () => {
    await start();
    const res = await update(999, { comment: 'Nope' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No query results for model [App\\Models\\Comment] 999' });
  });

  it('a non-numeric comment id is 404 too', async () => {
    await start();
    const res = await update('abc', { comment: 'Nope' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No query results for model [App\\Models\\Comment] abc' });
  });
});

describe('comments.delete', () => {
  it('R-COMMENT-CASCADE D-COMMENT-DELETE deleting a comment deletes its direct replies, one level only (a reply to a reply survives with parent_id null), and answers {}', async () => {
    await start();
    const res = await server.request('DELETE', '/api/v1/comments/100');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect((await list('dark1')).map((c) => [c.id, c.parent_id])).toEqual([
      [102, null],
      [103, null],
    ]);
  });

  it('D-COMMENT-DELETE deleting a reply deletes its own replies and keeps its parent', async () => {
    await start();
    await server.request('DELETE', '/api/v1/comments/101');
    expect((await list('dark1')).map((c) => [c.id, c.parent_id])).toEqual([
      [100, null],
      [103, null],
    ]);
  });

  it('deleting a comment leaves comments of other posts alone', async () => {
    await start();
    await server.request('DELETE', '/api/v1/comments/104');
    expect((await list('sso22')).map((c) => c.id)).toEqual([105]);
    expect(await list('dark1')).toHaveLength(4);
  });

  it('deleting an unknown comment is 404 "No query results for model [App\\Models\\Comment] <id>"', async () => {
    await start();
    for (const id of ['999', 'abc']) {
      const res = await server.request('DELETE', `/api/v1/comments/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: `No query results for model [App\\Models\\Comment] ${id}` });
    }
  });
});
