import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { READONLY_KEY } from '../support/fixture-seed.js';
import { startFpServer, type FpServer } from '../support/run-fp.js';

let server: FpServer;
beforeAll(async () => {
  server = await startFpServer();
});
afterAll(() => server.stop());

describe('fp categories', () => {
  it('lists categories as JSON', async () => {
    const r = await server.fp(['categories', 'list', '--json']);
    expect(r.code).toBe(0);
    expect(r.json[0]).toEqual({ id: 1, name: 'Integrations', color: '#ff8800', sort_order: 1 });
  });

  it('prints tab-separated rows with a header when stdout is not a terminal', async () => {
    const r = await server.fp(['categories', 'list']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('ID\tNAME\tCOLOR\tORDER');
    expect(r.stdout.split('\n')[1]).toBe('1\tIntegrations\t#ff8800\t1');
  });

  it('creates a category with a colour', async () => {
    const r = await server.fp(['categories', 'create', 'Billing', '--color', '#123abc', '--json']);
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ name: 'Billing', color: '#123abc' });
  });

  it('a duplicate name exits 1 and shows the field error', async () => {
    const r = await server.fp(['categories', 'create', 'Mobile']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('error: The given data was invalid. (422)\n  name: The name has already been taken.\n');
  });

  it('a name that breaks the length rule is refused before sending (exit 2)', async () => {
    const r = await server.fp(['categories', 'create', 'x']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: invalid NAME "x": must be at least 2 characters.\n');
  });

  it('update fills in the current name when only --color is given, by name', async () => {
    const r = await server.fp(['categories', 'update', 'Integrations', '--color', '#000001', '--json']);
    expect(r.code).toBe(0);
    expect(r.json).toEqual({ id: 1, name: 'Integrations', color: '#000001', sort_order: 1 });
  });

  it('delete without --yes off a terminal is refused (exit 2) and deletes nothing', async () => {
    const r = await server.fp(['categories', 'delete', '2']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/pass --yes/);
    const list = await server.fp(['categories', 'list', '--json']);
    expect(list.json.map((c: { id: number }) => c.id)).toContain(2);
  });

  it('delete --yes deletes', async () => {
    const r = await server.fp(['categories', 'delete', '2', '--yes']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('Category deleted successfully\n');
  });

  it('an unknown flag exits 2', async () => {
    const r = await server.fp(['categories', 'list', '--nope']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option '--nope'");
  });

  it('a wrong key exits 4', async () => {
    const r = await server.fp(['categories', 'list'], { apiKey: 'wrong' });
    expect(r.code).toBe(4);
    expect(r.stderr).toBe(
      'error: Unauthenticated. (401)\nhint: the portal refused the API key: run `fp auth login` (or set FP_API_KEY) with a valid key; `fp auth status` shows which key is in use\n',
    );
  });

  it('a read-only key on a write exits 4', async () => {
    const r = await server.fp(['categories', 'create', 'Nope'], { apiKey: READONLY_KEY });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/\(403\)/);
  });

  it('no credentials configured exits 4', async () => {
    const r = await server.fp(['categories', 'list'], { apiKey: null, env: { FP_BASE_URL: undefined } });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/no portal configured/);
  });
});
