import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOB, GROUP_BETA } from '../../../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../../../support/test-server.js';
import { fpAgainst } from '../helpers.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());
const fp = fpAgainst(() => server.url);

describe('fp groups users list', () => {
  it('lists the members by group name', async () => {
    const r = await fp(['groups', 'users', 'list', 'Beta testers']);
    expect(r.code).toBe(0);
    expect(r.out).toBe(
      'ID\tDB ID\tNAME\tROLE\tCREATED\n' + `${BOB}\t2\tBob Member\tmember\t2026-01-02T00:00:00.000000Z\n`,
    );
  });

  it('--json gives the users as the API returns them', async () => {
    const r = await fp(['groups', 'users', 'list', GROUP_BETA, '--json']);
    expect(r.io.json()).toEqual([expect.objectContaining({ id: BOB, database_id: 2, name: 'Bob Member' })]);
  });

  it('an empty group is success with a note naming it', async () => {
    const r = await fp(['groups', 'users', 'list', 'Empty group'], { tty: true });
    expect(r.code).toBe(0);
    expect(r.err).toBe('No users in "Empty group".\n');
  });
});
