import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runFp, startFpServer, type FpServer } from '../support/run-fp.js';
import { startTamperingProxy, type Tampering } from '../support/tampering-proxy.js';

const DEMO_KEY = 'acme-admin';

let server: FpServer;
beforeAll(async () => {
  server = await startFpServer('demo');
});
afterAll(() => server.stop());

/** `fp ARGS` against the demo portal seen through a proxy that tampers as told. */
async function throughProxy(tampering: Tampering, args: string[]) {
  const proxy = await startTamperingProxy(server.url, tampering);
  try {
    return await runFp(args, { baseUrl: proxy.url, apiKey: DEMO_KEY, timeoutMs: 60_000 });
  } finally {
    await proxy.close();
  }
}

describe('fp portal drift (D-DRIFT-COMPARE)', () => {
  it('reports no drift against fp server --seed demo (exit 0)', async () => {
    const r = await server.fp(['portal', 'drift', '--rate', 'off'], { apiKey: DEMO_KEY, timeoutMs: 60_000 });
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^ok +statuses\.list +GET 200 \/api\/v1\/statuses {2}\[assumed: D-STATUS-LIST, S1\]$/m);
    expect(r.stdout).toMatch(/^ok +posts\.get +GET 200 \/api\/v1\/posts\/\w+ {2}\[assumed: D-POST-SHOW, P1\]$/m);
    expect(r.stdout).toMatch(/\n\d+ operations: \d+ ok, 0 drift, 0 not offered, 1 skipped, 0 failed\n$/);
  });

  it('--json suits CI: every operation with its outcome; a get without a sample is skipped (D-DRIFT-SAMPLES)', async () => {
    const r = await server.fp(['portal', 'drift', '--rate', 'off', '--json'], { apiKey: DEMO_KEY, timeoutMs: 60_000 });
    expect(r.code).toBe(0);
    expect(r.json.drift).toBe(false);
    const outcomes = Object.fromEntries(r.json.operations.map((o: any) => [o.operation, o.outcome]));
    expect(outcomes).toMatchObject({
      'portal.get': 'ok',
      'users.findByEmail': 'ok',
      'knowledgebase.scanProgress': 'skipped',
    });
    expect(Object.values(outcomes).filter((o) => o !== 'ok' && o !== 'skipped')).toEqual([]);
  });

  it('names an added field and a changed type, with an example path each (exit 3)', async () => {
    const r = await throughProxy(
      {
        rewrite: (path, body) => {
          if (path === '/api/v1/statuses') body.data = body.data.map((s: object) => ({ ...s, mood: 'happy' }));
          if (/^\/api\/v1\/posts\/\w+$/.test(path)) body.data.votes_count = String(body.data.votes_count);
          return body;
        },
      },
      ['portal', 'drift', '--rate', 'off', '--include', 'statuses,posts'],
    );
    expect(r.code, r.stderr).toBe(3);
    expect(r.stdout).toMatch(
      /^DRIFT +statuses\.list .*\n {4}unknown field {3}data\[\]\.mood \(e\.g\. data\[0\]\.mood\)$/m,
    );
    expect(r.stdout).toMatch(
      /^DRIFT +posts\.get .*\n {4}type mismatch {3}data\.votes_count: expected number, got string$/m,
    );
    expect(r.stdout).toMatch(/^ok +posts\.list /m);
  });

  it('says which operations the portal does not offer (404) and counts them as drift (D-DRIFT-NOT-OFFERED)', async () => {
    const r = await throughProxy({ notOffered: ['/api/v1/tags', '/api/v1/users'] }, [
      'portal',
      'drift',
      '--rate',
      'off',
      '--include',
      'tags,users',
      '--json',
    ]);
    expect(r.code).toBe(3);
    const byName = Object.fromEntries(r.json.operations.map((o: any) => [o.operation, o]));
    expect(byName['tags.list']).toMatchObject({ outcome: 'not-offered', status: 404 });
    expect(byName['users.list']).toMatchObject({ outcome: 'not-offered', status: 404 });
    // No user list and no posts read: the user gets have nothing to ask with.
    expect(byName['users.get'].outcome).toBe('skipped');
  });

  it('exits 1 when an operation fails, after reporting the others', async () => {
    const r = await throughProxy({ broken: ['/api/v1/categories'] }, [
      'portal',
      'drift',
      '--rate',
      'off',
      '--include',
      'categories,tabs',
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^FAILED +categories\.list +GET 500 \/api\/v1\/categories\n {4}answered 500/m);
    expect(r.stdout).toMatch(/^ok +tabs\.get /m);
  });

  it('refuses an --include it does not know (exit 2)', async () => {
    const r = await server.fp(['portal', 'drift', '--include', 'gadgets'], { apiKey: DEMO_KEY });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: unknown --include gadgets: drift reads portal, posts, /);
  });
});

describe('names resolve through the lists; a portal without one falls back and says so once (D-NAMES-THROUGH-LISTS)', () => {
  // The reference server's inspection lists (/__reference/…) are left out too: a hosted portal has none.
  it('--tag and --tab names are sent as typed where the lists answer 404, with one note each', async () => {
    const notOffered = ['/api/v1/tags', '/api/v1/tabs', '/__reference/tags', '/__reference/tabs'];
    const r = await throughProxy({ notOffered }, [
      'posts',
      'list',
      '--tag',
      't-bug,t-ux',
      '--tab',
      'feedback',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(
      r.stderr
        .split('\n')
        .filter((l) => l.startsWith('note:'))
        .sort(),
    ).toEqual([
      'note: this portal does not offer GET /api/v1/tabs (404); --tab values are sent as typed (tab slugs)',
      'note: this portal does not offer GET /api/v1/tags (404); --tag values are sent as typed (tag ids)',
    ]);
  });

  it('--status names come from the posts where the status list answers 404', async () => {
    const direct = await server.fp(['posts', 'list', '--status', 'Under review', '--all', '--json'], {
      apiKey: DEMO_KEY,
    });
    const r = await throughProxy({ notOffered: ['/api/v1/statuses', '/__reference/statuses'] }, [
      'posts',
      'list',
      '--status',
      'Under review',
      '--all',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(
      "note: this portal does not offer GET /api/v1/statuses (404); status names are looked up in the posts' statuses\n",
    );
    expect(r.json).toEqual(direct.json);
    expect(direct.stderr).toBe('');
  });

  it('--tag names resolve through the tag list where it answers', async () => {
    const r = await server.fp(['posts', 'list', '--tag', 'performance', '--all', '--json'], { apiKey: DEMO_KEY });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
    const byId = await server.fp(['posts', 'list', '--tag', 't-performance', '--all', '--json'], { apiKey: DEMO_KEY });
    expect(r.json).toEqual(byId.json);
  });
});
