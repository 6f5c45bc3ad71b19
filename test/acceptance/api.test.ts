import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOB, fixtureSeed } from '../support/fixture-seed.js';
import { startFpServer, type FpServer } from '../support/run-fp.js';

function seed() {
  const s = fixtureSeed();
  for (let i = 0; i < 55; i++) {
    s.portals[0].posts!.push({
      key: `gen${i}`,
      database_id: 100 + i,
      title: `Generated ${i}`,
      author_id: BOB,
      tab_id: 1,
      created_at: '2026-01-01T00:00:00Z',
    });
  }
  return s;
}

let server: FpServer;
beforeAll(async () => {
  server = await startFpServer(seed());
});
afterAll(() => server.stop());

describe('fp api', () => {
  it('GETs a path and prints the body', async () => {
    const r = await server.fp(['api', '/api/v1/portal']);
    expect(r.code).toBe(0);
    expect(r.json.data.title).toBe('Test Portal');
  });

  it('short paths are under /api/v1', async () => {
    expect((await server.fp(['api', 'portal'])).json.data.title).toBe('Test Portal');
  });

  it('-X POST -f name=Foo creates a category', async () => {
    const r = await server.fp(['api', '/api/v1/categories', '-X', 'POST', '-f', 'name=Foo']);
    expect(r.code).toBe(0);
    expect(r.json.data).toMatchObject({ name: 'Foo' });
    const list = await server.fp(['categories', 'list', '--json']);
    expect(list.json.map((c: { name: string }) => c.name)).toContain('Foo');
  });

  it('a non-2xx prints the body on stdout and the error on stderr, exit 1', async () => {
    const r = await server.fp(['api', '/api/v1/categories', '-f', 'name=Foo']);
    expect(r.code).toBe(1);
    expect(r.json).toEqual({
      message: 'The given data was invalid.',
      errors: { name: ['The name has already been taken.'] },
    });
    expect(r.stderr).toBe('error: The given data was invalid. (422)\n  name: The name has already been taken.\n');
  });

  it('a 401 exits 4', async () => {
    const r = await server.fp(['api', 'portal'], { apiKey: 'wrong' });
    expect(r.code).toBe(4);
    expect(r.json).toEqual({ message: 'Unauthenticated.' });
  });

  it('--paginate /api/v1/posts returns every post as one array', async () => {
    const r = await server.fp(['api', '--paginate', '/api/v1/posts']);
    expect(r.code).toBe(0);
    expect(r.json).toHaveLength(57);
    expect(new Set(r.json.map((p: { id: string }) => p.id)).size).toBe(57);
  });

  it('-i prints the status line and headers first', async () => {
    const r = await server.fp(['api', '-i', 'portal']);
    expect(r.stdout.split('\n')[0]).toBe('HTTP/1.1 200 OK');
    expect(JSON.parse(r.stdout.split('\n\n')[1]).data.title).toBe('Test Portal');
  });

  it('--input - sends stdin as the body', async () => {
    const r = await server.fp(['api', 'categories', '--input', '-'], { input: '{"name":"Piped"}' });
    expect(r.code).toBe(0);
    expect(r.json.data.name).toBe('Piped');
  });
});
