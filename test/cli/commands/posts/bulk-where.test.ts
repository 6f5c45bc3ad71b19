import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postsWhere, whereFlag } from '../../../../src/cli/commands/posts/bulk-where.js';
import { ApiClient } from '../../../../src/client/api-client.js';
import { ADMIN_KEY } from '../../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The requests `--where` with these clauses sends, and how it ends (the posts selected, or the error). */
async function where(clauses: string[]) {
  const sent: string[] = [];
  const client = new ApiClient({
    baseUrl: server.url,
    apiKey: ADMIN_KEY,
    retries: 0,
    onRequest: (what) => (sent.push(what), () => {}),
  });
  const outcome = await postsWhere(client, clauses, () => {}).catch((err: Error) => err);
  const list = sent.find((what) => what.startsWith('GET /api/v1/posts?'));
  const query = new URLSearchParams(list?.slice(list.indexOf('?') + 1));
  const params = Object.fromEntries([...new Set(query.keys())].map((k) => [k, query.getAll(k).join(',')]));
  return { sent, outcome, params };
}

const KEYS = 'tab, category, section, status, tag, platform, version, release, saved-query';

describe('--where KEY=VALUE (D-BULK-WHERE)', () => {
  it('takes the filters of posts list by their flag names, split and checked as the flags are', async () => {
    expect(whereFlag.description).toContain(`(repeatable; ${KEYS})`);
    const { outcome, params } = await where([
      'status=Under review,Planned',
      'tag=ux',
      'tag=bug',
      'platform=web',
      'tab=feedback',
    ]);
    expect(outcome).toEqual([{ key: 'dark1', title: 'Dark mode' }]);
    // Statuses and tags go by name, resolved to ids as posts list resolves them.
    expect(params).toEqual({
      platform: 'web',
      tab: 'feedback',
      format: 'minimal',
      'status[]': '1,2',
      'tag_id[]': 't-ux,t-bug',
      skip: '0',
      limit: '100',
    });
    expect((await where(['saved-query=4'])).params).toMatchObject({ saved_query_id: '4' });
  });

  it('refuses what is no filter, a bad value and a single-valued filter given twice, before any request', async () => {
    for (const [clauses, message] of [
      [['limit=5'], `invalid --where "limit=5": expected KEY=VALUE with KEY one of ${KEYS}`],
      [['status'], 'invalid --where "status"'],
      [['platform=amiga'], 'invalid --where platform "amiga"'],
      [['category=1', 'category=2'], '--where category is given twice'],
    ] as const) {
      const { sent, outcome } = await where([...clauses]);
      expect((outcome as Error).message).toContain(message);
      expect(sent).toEqual([]);
    }
  });
});
