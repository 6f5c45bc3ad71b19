import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import remove from '../../../../../src/cli/commands/groups/users/remove.js';
import { runCommand } from '../../../support/run-command.js';
import { ADMIN_KEY, BOB, CARA, GROUP_BETA } from '../../../../support/fixture-seed.js';
import { fakeFactory, fakeIO } from '../../../../support/fake-io.js';
import { startTestServer, type TestServer } from '../../../../support/test-server.js';
import { fpAgainst } from '../helpers.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());
const fp = fpAgainst(() => server.url);
const members = () => server.store.portals[0].groups.list().find((g) => g.id === GROUP_BETA)!.user_ids;

describe('fp groups users remove', () => {
  it('removes by integer id with --yes', async () => {
    const r = await fp(['groups', 'users', 'remove', 'Beta testers', '2', '--yes']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('User removed from group successfully\n');
    expect(members()).toEqual([]);
  });

  it("a UUID is turned into the member's integer id", async () => {
    const r = await fp(['groups', 'users', 'remove', GROUP_BETA, BOB, '--yes']);
    expect(r.code).toBe(0);
    expect(members()).toEqual([]);
  });

  it('a UUID that is not a member exits 1 naming the group', async () => {
    const r = await fp(['groups', 'users', 'remove', GROUP_BETA, CARA, '--yes']);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`error: user ${CARA} is not a member of "Beta testers"\n`);
  });

  it('an integer id that is not a member is the portal 422 (exit 1)', async () => {
    const r = await fp(['groups', 'users', 'remove', GROUP_BETA, '3', '--yes']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: User is not in the group (422)\n');
  });

  it('without a terminal and without --yes exits 2 and removes nothing', async () => {
    const r = await fp(['groups', 'users', 'remove', 'Beta testers', BOB]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      'error: Remove Bob Member (2) from group "Beta testers": refusing without a terminal to confirm; pass --yes to proceed\n',
    );
    expect(members()).toEqual([BOB]);
  });

  it('a member whose integer id the portal does not show cannot be removed by UUID', async () => {
    const f = fakeFactory(fakeIO(), { baseUrl: server.url, apiKey: ADMIN_KEY });
    const client = await f.client();
    const call = client.call.bind(client);
    client.call = (async (name: string, args: unknown) => {
      const res = await call(name as 'groups.listUsers', args as never);
      if (name === 'groups.listUsers')
        for (const u of (res as { data: Array<{ database_id?: number }> }).data) delete u.database_id;
      return res;
    }) as typeof client.call;
    await expect(runCommand(remove, [GROUP_BETA, BOB, '--yes'], f)).rejects.toThrow(
      'the portal does not show the integer id of Bob Member; pass it instead of the UUID',
    );
    expect(members()).toEqual([BOB]);
  });
});
