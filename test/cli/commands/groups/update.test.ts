import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GROUP_BETA } from '../../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';
import { fpAgainst, NOWHERE } from './helpers.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());
const fp = fpAgainst(() => server.url);
const beta = () => server.store.portals[0].groups.list().find((g) => g.id === GROUP_BETA)!;

describe('fp groups update', () => {
  it('renames by name and keeps the description', async () => {
    const r = await fp(['groups', 'update', 'Beta testers', '--name', 'Beta programme', '--json']);
    expect(r.code).toBe(0);
    expect(r.io.json()).toMatchObject({ id: GROUP_BETA, name: 'Beta programme', description: 'Early access' });
  });

  it('changes only the description by id', async () => {
    await fp(['groups', 'update', GROUP_BETA, '--description', 'Early birds']);
    expect(beta()).toMatchObject({ name: 'Beta testers', description: 'Early birds' });
  });

  it('an empty --description clears it', async () => {
    const r = await fp(['groups', 'update', GROUP_BETA, '--description', '', '--json']);
    expect(r.io.json().description).toBeNull();
  });

  it('nothing to update exits 2 before sending', async () => {
    const r = await fp(['groups', 'update', GROUP_BETA], { baseUrl: NOWHERE });
    expect(r.code).toBe(2);
    expect(r.err).toBe('error: nothing to update: pass --name and/or --description\n');
  });

  it('a name already used by another group exits 1 with the field error', async () => {
    const r = await fp(['groups', 'update', GROUP_BETA, '--name', 'Empty group']);
    expect(r.code).toBe(1);
    expect(r.err).toBe('error: The given data was invalid. (422)\n  --name: The name has already been taken.\n');
  });
});
