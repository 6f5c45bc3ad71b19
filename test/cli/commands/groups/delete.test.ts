import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GROUP_BETA, GROUP_EMPTY } from '../../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';
import { fpAgainst } from './helpers.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());
const fp = fpAgainst(() => server.url);
const ids = () => server.store.portals[0].groups.list().map((g) => g.id);

describe('fp groups delete', () => {
  it('without a terminal and without --yes exits 2 and deletes nothing', async () => {
    const r = await fp(['groups', 'delete', 'Beta testers']);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `error: Delete group "Beta testers" (${GROUP_BETA}) and its memberships: refusing without a terminal to confirm; pass --yes to proceed\n`,
    );
    expect(ids()).toContain(GROUP_BETA);
  });

  it('--yes deletes by name and reports on stderr', async () => {
    const r = await fp(['groups', 'delete', 'Beta testers', '--yes']);
    expect(r.code).toBe(0);
    expect(r.err).toBe('Group deleted successfully\n');
    expect(r.out).toBe('');
    expect(ids()).toEqual([GROUP_EMPTY]);
  });

  it('--json prints the message as JSON', async () => {
    const r = await fp(['groups', 'delete', GROUP_EMPTY, '-y', '--json']);
    expect(r.io.json()).toEqual({ message: 'Group deleted successfully' });
  });
});
