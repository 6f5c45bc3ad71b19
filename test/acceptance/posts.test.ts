import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOB, fixtureSeed } from '../support/fixture-seed.js';
import { runFp, startFpServer, type FpServer } from '../support/run-fp.js';

/** The fixture's two listed posts plus 55 more. */
function seed() {
  const s = fixtureSeed();
  for (let i = 0; i < 55; i++) {
    s.portals[0].posts!.push({
      key: `gen${String(i).padStart(2, '0')}`,
      database_id: 100 + i,
      title: `Generated ${i}`,
      description: 'x',
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

const ids = (json: Array<{ id: string }>) => json.map((p) => p.id);

describe('fp posts list', () => {
  it('--all --json returns every post', async () => {
    const r = await server.fp(['posts', 'list', '--all', '--json']);
    expect(r.code).toBe(0);
    expect(r.json).toHaveLength(57);
    expect(new Set(ids(r.json)).size).toBe(57);
  });

  it('one page of 10 by default', async () => {
    const r = await server.fp(['posts', 'list', '--json']);
    expect(r.json).toHaveLength(10);
  });

  it('--status 1 --status 2 filters by either status', async () => {
    const r = await server.fp([
      'posts',
      'list',
      '--status',
      '1',
      '--status',
      '2',
      '--order-by',
      'id',
      '--order',
      'asc',
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(ids(r.json)).toEqual(['dark1', 'sso22']);
    expect(ids((await server.fp(['posts', 'list', '--status', '2', '--json'])).json)).toEqual(['sso22']);
  });

  it('an empty answer to a --tag and --tab the portal listed gives no hint about names', async () => {
    const r = await server.fp(['posts', 'list', '--tab', 'Feedback', '--tag', 'bug', '--platform', 'ios']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('KEY\tTITLE\tSTATUS\tCATEGORIES\tVOTES\tCOMMENTS\tCREATED\n');
    expect(r.stderr).toBe('');
  });

  it('--category by name', async () => {
    expect(ids((await server.fp(['posts', 'list', '--category', 'Mobile', '--json'])).json)).toEqual(['sso22']);
  });

  it('an invalid --order-by exits 2 and sends no request', async () => {
    const r = await runFp(['posts', 'list', '--order-by', 'popularity'], {
      baseUrl: 'http://127.0.0.1:9',
      apiKey: 'k',
    });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: invalid --order-by "popularity": expected one of id, title, /);
  });

  it('an invalid --platform exits 2', async () => {
    const r = await server.fp(['posts', 'list', '--platform', 'amiga']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Allowed choices are web, windows');
  });

  it('--format minimal with --json prints minimal items', async () => {
    const r = await server.fp(['posts', 'list', '--format', 'minimal', '--json', '--limit', '1']);
    expect(r.code).toBe(0);
    expect(r.json[0]).not.toHaveProperty('description');
    expect(r.json[0]).toHaveProperty('moderation_status', 'approved');
  });

  it('--format ndjson streams one post a line', async () => {
    const r = await server.fp(['posts', 'list', '--all', '--format', 'ndjson']);
    expect(r.stdout.trim().split('\n')).toHaveLength(57);
  });

  it('piped output is a header and tab-separated rows, with no footer', async () => {
    const r = await server.fp(['posts', 'list', '--status', '2']);
    expect(r.stdout).toBe(
      'KEY\tTITLE\tSTATUS\tCATEGORIES\tVOTES\tCOMMENTS\tCREATED\nsso22\tSSO login\tPlanned\tIntegrations, Mobile\t9\t0\t2026-02-02T00:00:00.000000Z\n',
    );
    expect(r.stderr).toBe('');
  });
});
