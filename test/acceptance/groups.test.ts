import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOB, CARA, GROUP_BETA, GROUP_EMPTY } from '../support/fixture-seed.js';
import { startFpServer, type FpServer } from '../support/run-fp.js';

let server: FpServer;
beforeAll(async () => {
  server = await startFpServer();
});
afterAll(() => server.stop());

describe('fp groups', () => {
  it('lists groups as JSON', async () => {
    const r = await server.fp(['groups', 'list', '--json']);
    expect(r.code).toBe(0);
    expect(r.json.map((g: { id: string }) => g.id)).toEqual([GROUP_BETA, GROUP_EMPTY]);
  });

  it('gets a group by name', async () => {
    const r = await server.fp(['groups', 'get', 'Beta testers', '--json']);
    expect(r.json).toMatchObject({ id: GROUP_BETA, description: 'Early access' });
  });

  it('creates a group; a duplicate exits 1 with the field error', async () => {
    const r = await server.fp(['groups', 'create', 'Enterprise', '--description', 'Big ones', '--json']);
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ name: 'Enterprise', description: 'Big ones' });
    const dup = await server.fp(['groups', 'create', 'Enterprise']);
    expect(dup.code).toBe(1);
    expect(dup.stderr).toBe('error: The given data was invalid. (422)\n  name: The name has already been taken.\n');
  });

  it('updates a group by name', async () => {
    const r = await server.fp(['groups', 'update', 'Enterprise', '--name', 'Enterprise customers', '--json']);
    expect(r.json).toMatchObject({ name: 'Enterprise customers', description: 'Big ones' });
  });

  it('adds a user; adding twice exits 0 saying nothing changed', async () => {
    const r = await server.fp(['groups', 'users', 'add', 'Empty group', CARA]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('User added to group successfully\n');
    const again = await server.fp(['groups', 'users', 'add', 'Empty group', CARA]);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe(`${CARA} is already a member of Empty group, nothing changed\n`);
    const users = await server.fp(['groups', 'users', 'list', 'Empty group', '--json']);
    expect(users.json.map((u: { id: string }) => u.id)).toEqual([CARA]);
  });

  it('removes a user given by UUID only with --yes off a terminal', async () => {
    const refused = await server.fp(['groups', 'users', 'remove', 'Beta testers', BOB]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/pass --yes/);
    const r = await server.fp(['groups', 'users', 'remove', 'Beta testers', BOB, '--yes']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('User removed from group successfully\n');
    expect((await server.fp(['groups', 'users', 'list', GROUP_BETA, '--json'])).json).toEqual([]);
  });

  it('deletes a group only with --yes off a terminal', async () => {
    const refused = await server.fp(['groups', 'delete', 'Enterprise customers']);
    expect(refused.code).toBe(2);
    const r = await server.fp(['groups', 'delete', 'Enterprise customers', '--yes']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('Group deleted successfully\n');
    const gone = await server.fp(['groups', 'get', 'Enterprise customers']);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toBe('error: No group named "Enterprise customers". (404)\n');
  });
});
