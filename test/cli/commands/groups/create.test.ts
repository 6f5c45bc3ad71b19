import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../support/test-server.js';
import { fpAgainst, NOWHERE } from './helpers.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());
const fp = fpAgainst(() => server.url);
const groups = () => server.store.portals[0].groups.list();

describe('fp groups create', () => {
  it('creates a group with a description', async () => {
    const r = await fp(['groups', 'create', 'Enterprise', '--description', 'Big customers', '--json']);
    expect(r.code).toBe(0);
    expect(r.io.json()).toMatchObject({ name: 'Enterprise', description: 'Big customers' });
    expect(groups().map((g) => g.name)).toContain('Enterprise');
  });

  it('without a description the description is null', async () => {
    const r = await fp(['groups', 'create', 'Plain', '--json']);
    expect(r.io.json().description).toBeNull();
  });

  it('a duplicate name exits 1 with the field error', async () => {
    const r = await fp(['groups', 'create', 'Beta testers']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: The given data was invalid. (422)\n  name: The name has already been taken.\n');
  });

  it('a one-character name is refused before sending (exit 2)', async () => {
    const r = await fp(['groups', 'create', 'x'], { baseUrl: NOWHERE });
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: invalid NAME "x": must be at least 2 characters.\n');
  });

  it('the name is required (exit 2)', async () => {
    const r = await fp(['groups', 'create'], { baseUrl: NOWHERE });
    expect(r.code).toBe(2);
    expect(r.err).toContain("missing required argument 'name'");
  });
});
