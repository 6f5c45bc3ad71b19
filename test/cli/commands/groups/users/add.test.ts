import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOB, CARA, GROUP_BETA, GROUP_EMPTY } from '../../../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../../../support/test-server.js';
import { fpAgainst } from '../helpers.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());
const fp = fpAgainst(() => server.url);
const members = (id: string) => server.store.portals[0].groups.list().find((g) => g.id === id)!.user_ids;

describe('fp groups users add', () => {
  it('adds by user UUID and group name', async () => {
    const r = await fp(['groups', 'users', 'add', 'Empty group', CARA]);
    expect(r.code).toBe(0);
    expect(r.err).toBe('User added to group successfully\n');
    expect(members(GROUP_EMPTY)).toEqual([CARA]);
  });

  it('adds by integer id', async () => {
    await fp(['groups', 'users', 'add', GROUP_EMPTY, '3']);
    expect(members(GROUP_EMPTY)).toEqual([CARA]);
  });

  it('a user already in the group: exit 0, nothing changed, no duplicate (D-GROUP-ADD-AGAIN)', async () => {
    const r = await fp(['groups', 'users', 'add', 'Beta testers', BOB]);
    expect(r.code).toBe(0);
    expect(r.err).toBe(`${BOB} is already a member of Beta testers, nothing changed\n`);
    expect(members(GROUP_BETA)).toEqual([BOB]);
  });

  it('with --json the 422 of a user already in the group stays visible, exit 1 (D-GROUP-ADD-AGAIN)', async () => {
    const r = await fp(['groups', 'users', 'add', 'Beta testers', BOB, '--json']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: User is already in the group (422)\n');
    expect(members(GROUP_BETA)).toEqual([BOB]);
  });

  it('an unknown user is the portal 404 (exit 1)', async () => {
    const r = await fp(['groups', 'users', 'add', 'Beta testers', '999']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: user 999 not found (404)\n');
  });

  it("an unknown e-mail or name exits 1 before adding, naming the portal's users", async () => {
    const r = await fp(['groups', 'users', 'add', GROUP_BETA, 'bob@example.com']);
    expect(r.code).toBe(1);
    expect(r.err).toBe(
      'error: unknown user "bob@example.com" for USER. valid users: Ann Admin <ann@test.test>, Bob Member <bob@test.test>, Cara Customer <cara@test.test>\n',
    );
    expect(members(GROUP_BETA)).toEqual([BOB]);
  });

  it('--json prints the message as JSON', async () => {
    const r = await fp(['groups', 'users', 'add', GROUP_EMPTY, CARA, '--json']);
    expect(r.io.json()).toEqual({ message: 'User added to group successfully' });
  });
});
