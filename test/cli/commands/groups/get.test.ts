import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GROUP_BETA } from '../../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';
import { fpAgainst } from './helpers.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());
const fp = fpAgainst(() => server.url);

describe('fp groups get', () => {
  it('takes the id', async () => {
    const r = await fp(['groups', 'get', GROUP_BETA, '--json']);
    expect(r.code).toBe(0);
    expect(r.io.json()).toMatchObject({ id: GROUP_BETA, name: 'Beta testers' });
  });

  it('takes the unique name, exact or differing only in case', async () => {
    expect((await fp(['groups', 'get', 'Beta testers', '--json'])).io.json().id).toBe(GROUP_BETA);
    expect((await fp(['groups', 'get', 'beta TESTERS', '--json'])).io.json().id).toBe(GROUP_BETA);
  });

  it('an exact name wins over a name differing in case', async () => {
    server.store.portals[0].groups.insert({
      ...server.store.portals[0].groups.list()[0],
      id: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
      name: 'beta testers',
    });
    expect((await fp(['groups', 'get', 'beta testers', '--json'])).io.json().id).toBe(
      'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
    );
    const r = await fp(['groups', 'get', 'BETA testers']);
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: "BETA testers" matches several groups; use the id\n');
  });

  it('an unknown id is the portal 404 (exit 1)', async () => {
    const r = await fp(['groups', 'get', 'dddddddd-dddd-4ddd-8ddd-dddddddddddd']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: group dddddddd-dddd-4ddd-8ddd-dddddddddddd not found (404)\n');
  });

  it('an unknown name exits 1', async () => {
    const r = await fp(['groups', 'get', 'Nobody']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: No group named "Nobody". (404)\n');
  });

  it('the terminal view lists the fields', async () => {
    const r = await fp(['groups', 'get', GROUP_BETA], { tty: true, env: { NO_COLOR: '1' } });
    expect(r.out).toMatch(/^Name {2,}Beta testers$/m);
    expect(r.out).toMatch(/^Description {2,}Early access$/m);
  });
});
