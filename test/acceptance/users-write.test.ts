import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFpServer, type FpServer } from '../support/run-fp.js';

// The demo portal's admin key (seed/demo.json).
const DEMO_KEY = 'acme-admin';
const ELIF = 'b6b0fdcd-520e-520f-a031-555836992ebd';

let server: FpServer;
const fp = (args: string[], input?: string) => server.fp(args, { apiKey: DEMO_KEY, input });

beforeAll(async () => {
  server = await startFpServer('demo');
});
afterAll(() => server.stop());

describe('fp users create and update (D-USER-WRITE)', () => {
  it('invites a user with the next integer id and the role user by default', async () => {
    const r = await fp(['users', 'create', 'Ada Lovelace', 'ada@example.test', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.test', role: 'user', database_id: 13 });
    const got = await fp(['users', 'get', 'ada@example.test', '--jq', '.role']);
    expect(got.stdout.trim()).toBe('user');
  });

  it('refuses a taken e-mail (any case) and an unknown role with Laravel messages', async () => {
    const taken = await fp(['users', 'create', 'Someone', 'MIA.CHEN@acme.test']);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('The email has already been taken.');
    const role = await fp(['users', 'create', 'Someone', 'someone@example.test', '--role', 'owner']);
    expect(role.code).not.toBe(0);
    expect(role.stderr).toContain('owner');
  });

  it('changes only the fields given; an unknown user is 404', async () => {
    const r = await fp(['users', 'update', 'Sofia Rossi', '--role', 'moderator', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json).toMatchObject({ name: 'Sofia Rossi', email: 'sofia.rossi@acme.test', role: 'moderator' });
    const taken = await fp(['users', 'update', 'Sofia Rossi', '--email', 'ann@acme.test']);
    expect(taken.stderr).toContain('The email has already been taken.');
    const missing = await fp(['users', 'update', '999999', '--name', 'Nobody']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('404');
  });
});

describe('fp users delete (D-USER-DELETE)', () => {
  it('deletes the account; their posts and comments stay, shown with a deleted author', async () => {
    const before = await fp(['posts', 'view', '3zah2', '--jq', '.author.name']);
    expect(before.stdout.trim(), before.stderr).toBe('Elif Demir');
    const r = await fp(['users', 'delete', ELIF, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toContain('User deleted successfully');
    const missing = await fp(['users', 'get', ELIF]);
    expect(missing.code).toBe(1);
    const post = await fp(['posts', 'view', '3zah2', '--json']);
    expect(post.code, post.stderr).toBe(0);
    expect(post.json.author).toMatchObject({ id: ELIF, name: 'Deleted user' });
  });

  it('refuses without --yes when stdin is not a terminal, and says what stays', async () => {
    const r = await fp(['users', 'delete', 'Tom Becker']);
    expect(r.code).not.toBe(0);
    const still = await fp(['users', 'get', 'Tom Becker', '--jq', '.name']);
    expect(still.stdout.trim()).toBe('Tom Becker');
  });
});

describe('fp users block, unblock and bulk-delete (D-USER-BULK)', () => {
  it('a blocked user cannot vote, comment or post through the API; unblocked, they can again', async () => {
    const blocked = await fp(['users', 'block', 'Kwame Mensah', '7', '--json']);
    expect(blocked.code, blocked.stderr).toBe(0);
    expect(blocked.json).toEqual({ success: true, count: 2, message: '2 users blocked.' });
    expect((await fp(['users', 'get', 'Kwame Mensah', '--json'])).json).toMatchObject({ blocked: true });

    const vote = await fp(['votes', 'add', 'ehkpp', '--user', 'Kwame Mensah']);
    expect(vote.code).toBe(1);
    expect(vote.stderr).toContain('User is blocked.');
    const comment = await fp(['comments', 'create', '3zah2', '--user', 'Kwame Mensah', '--text', 'Me too']);
    expect(comment.code).toBe(1);
    expect(comment.stderr).toContain('The user is blocked.');
    const post = await fp(['posts', 'create', '--title', 'Blocked idea', '--user', 'lena.novak@acme.test']);
    expect(post.code).toBe(1);
    expect(post.stderr).toContain('The user is blocked.');

    const unblocked = await fp(['users', 'unblock', 'Kwame Mensah', '7', '--json']);
    expect(unblocked.json).toMatchObject({ success: true, count: 2, message: '2 users unblocked.' });
    const again = await fp(['comments', 'create', '3zah2', '--user', 'Kwame Mensah', '--text', 'Me too']);
    expect(again.code, again.stderr).toBe(0);
  });

  it('an id that names no user refuses the whole list with its item named, and changes nothing', async () => {
    const res = await fetch(`${server.url}/api/v1/users/bulk-block`, {
      method: 'POST',
      headers: { authorization: `Bearer ${DEMO_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_ids: [8, 999999] }),
    });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ errors: { 'user_ids.1': ['The selected user_ids.1 is invalid.'] } });
    expect((await fp(['users', 'get', '8', '--json'])).json).toMatchObject({ blocked: false });
  });

  it('bulk-delete removes the accounts; their comments stay with a deleted author', async () => {
    const r = await fp(['users', 'bulk-delete', 'Noah Williams', 'yuki.tanaka@acme.test', '--yes', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json).toEqual({ success: true, count: 2, message: '2 users deleted.' });
    expect((await fp(['users', 'get', 'yuki.tanaka@acme.test'])).code).toBe(1);
    const comments = await fp(['comments', 'list', '3zah2', '--json']);
    expect(comments.json.find((c: { id: number }) => c.id === 19).author).toMatchObject({ name: 'Deleted user' });
  });
});
