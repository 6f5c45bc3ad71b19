import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANN, BOB, CARA, READONLY_KEY, fixtureSeed } from '../support/fixture-seed.js';
import { startFpServer, type FpServer } from '../support/run-fp.js';

/** The fixture portal with a second "Cara Customer", so a name can be ambiguous. */
function seed() {
  const s = fixtureSeed();
  (s.portals[0] as { users: object[] }).users.push(
    {
      id: '44444444-4444-4444-8444-444444444444',
      database_id: 4,
      name: 'Dan Dev',
      email: 'dan@test.test',
      role: 'member',
    },
    {
      id: '55555555-5555-4555-8555-555555555555',
      database_id: 5,
      name: 'Dan Dev',
      email: 'dan.other@test.test',
      role: 'member',
    },
  );
  return s;
}

const ALL_USERS =
  'valid users: Ann Admin <ann@test.test>, Bob Member <bob@test.test>, Cara Customer <cara@test.test>, Dan Dev <dan.other@test.test>, Dan Dev <dan@test.test>';

describe('users by e-mail, name or id', () => {
  let server: FpServer;
  beforeAll(async () => {
    server = await startFpServer(seed());
  });
  afterAll(() => server.stop());

  it('groups users add takes an e-mail, a name or an integer id', async () => {
    const added = await server.fp(['groups', 'users', 'add', 'Empty group', 'cara@test.test', '--json']);
    expect(added.code, added.stderr).toBe(0);
    expect((await server.fp(['groups', 'users', 'add', 'Empty group', 'bob member'])).code).toBe(0);
    expect((await server.fp(['groups', 'users', 'add', 'Empty group', '1'])).code).toBe(0);
    const members = await server.fp(['groups', 'users', 'list', 'Empty group', '--json']);
    expect(members.json.map((u: { id: string }) => u.id).sort()).toEqual([ANN, BOB, CARA]);
  });

  it('comments create --user takes a name, and sends its UUID', async () => {
    const r = await server.fp(['comments', 'create', 'dark1', '--user', 'Cara Customer', '--text', 'Seen.', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json.author.id).toBe(CARA);
  });

  it('feedback create --user takes an e-mail', async () => {
    const r = await server.fp([
      'feedback',
      'create',
      '--type',
      'idea',
      '--text',
      'Dark mode',
      '--user',
      'BOB@test.test',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json.user_id).toBe(BOB);
  });

  it('an unknown user fails with the closest name and the valid users (exit 1, D-UNKNOWN-NAME)', async () => {
    const r = await server.fp(['feedback', 'create', '--type', 'idea', '--text', 'x', '--user', 'Cara Custmer']);
    expect(r).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `error: unknown user "Cara Custmer" for --user. Did you mean "Cara Customer"? ${ALL_USERS}\n`,
    });
  });

  it('an ambiguous name is a usage error listing the matches; their e-mails tell them apart', async () => {
    const r = await server.fp(['groups', 'users', 'add', 'Empty group', 'Dan Dev']);
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr:
        'error: USER "Dan Dev" matches several users: Dan Dev <dan@test.test>, Dan Dev <dan.other@test.test>; use the id\n',
    });
    expect((await server.fp(['groups', 'users', 'add', 'Empty group', 'dan.other@test.test'])).code).toBe(0);
  });

  it('a read-only key reads the user list too (D-USER-LIST): the name resolves, the write is refused', async () => {
    const r = await server.fp(['groups', 'users', 'add', 'Beta testers', 'Cara Customer'], { apiKey: READONLY_KEY });
    expect(r).toMatchObject({ code: 4, stdout: '' });
    expect(r.stderr).toMatch(/\(403\)/);
  });
});
