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

describe('fp groups list', () => {
  it('prints id, name, description and creation time', async () => {
    const r = await fp(['groups', 'list']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      'ID\tNAME\tDESCRIPTION\tCREATED\n' +
        `${GROUP_BETA}\tBeta testers\tEarly access\t2026-01-05T00:00:00.000000Z\n` +
        `${GROUP_EMPTY}\tEmpty group\t\t2026-01-06T00:00:00.000000Z\n`,
    );
  });

  it('--json gives the groups as the API returns them', async () => {
    const r = await fp(['groups', 'list', '--json']);
    expect(r.io.json()[0]).toMatchObject({
      id: GROUP_BETA,
      name: 'Beta testers',
      description: 'Early access',
      portal_id: expect.any(Number),
    });
  });

  it('no groups is success with a note on stderr', async () => {
    const { groups } = server.store.portals[0];
    for (const g of groups.list()) groups.delete(g.id);
    const r = await fp(['groups', 'list'], { tty: true });
    expect(r.code).toBe(0);
    expect(r.out).toBe('');
    expect(r.err).toBe('No groups.\n');
  });
});
