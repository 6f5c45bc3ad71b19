import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFpServer, type FpServer } from '../support/run-fp.js';

// The demo portal's admin key (seed/demo.json); the second portal has no widgets and no vision.
const DEMO_KEY = 'acme-admin';
const FEEDBACK_BUTTON = 'e8593bc7-c0e1-53c6-8e89-1ab3864b44ea';

let server: FpServer;
const fp = (args: string[], apiKey = DEMO_KEY) => server.fp(args, { apiKey });

beforeAll(async () => {
  server = await startFpServer('demo');
});
afterAll(() => server.stop());

describe('fp widgets (D-WIDGETS)', () => {
  it('lists the seed widgets in the order made and shows one by id, any case', async () => {
    const list = await fp(['widgets', 'list', '--json', '--fields', 'name,type,tab_id']);
    expect(list.json).toEqual([
      { name: 'Feedback button', type: 'feedback', tab_id: 1 },
      { name: 'Changelog popup', type: 'changelog', tab_id: 3 },
      { name: 'Help sidebar', type: 'knowledge_base', tab_id: 4 },
    ]);
    const one = await fp(['widgets', 'get', FEEDBACK_BUTTON.toUpperCase(), '--json']);
    expect(one.json).toEqual({
      id: FEEDBACK_BUTTON,
      name: 'Feedback button',
      type: 'feedback',
      tab_id: 1,
      created_at: '2026-01-05T09:00:00.000000Z',
      updated_at: '2026-01-05T09:00:00.000000Z',
    });
  });

  it('an unknown widget is 404 in the service words', async () => {
    const r = await fp(['api', '/api/v1/widgets/nope']);
    expect(r.json).toEqual({ message: 'No query results for model [App\\Models\\Widget] nope' });
    const cli = await fp(['widgets', 'get', 'nope']);
    expect(cli.code).toBe(1);
  });
});

describe('fp vision (D-PRODUCT-VISION)', () => {
  it('reads, replaces (keeping the id, creation time and a title left out) and deletes the vision', async () => {
    const got = await fp(['vision', 'get', '--json']);
    expect(got.json).toMatchObject({ id: 1, title: 'Answers everyone on the team trusts' });
    const set = await fp(['vision', 'set', '--content', 'Answers in seconds.', '--json']);
    expect(set.json).toMatchObject({
      id: 1,
      title: 'Answers everyone on the team trusts',
      content: 'Answers in seconds.',
      created_at: '2026-01-03T09:00:00.000000Z',
    });
    const del = await fp(['vision', 'delete', '--yes']);
    expect(del.code, del.stderr).toBe(0);
    expect(del.stdout + del.stderr).toContain('Product vision deleted successfully');
    const gone = await fp(['api', '/api/v1/product-vision']);
    expect(gone.json).toEqual({ message: 'No query results for model [App\\Models\\ProductVision].' });
    const again = await fp(['api', '/api/v1/product-vision', '-X', 'DELETE']);
    expect(again.json.message).toBe('No query results for model [App\\Models\\ProductVision].');
    // A new vision never takes the id of a deleted one (D-IDS-NEVER-REUSED).
    const made = await fp(['vision', 'set', '--title', 'Next', '--content', 'Later.', '--json']);
    expect(made.json).toMatchObject({ id: 2, title: 'Next', content: 'Later.' });
  });

  it('content is required; a read-only key cannot write', async () => {
    const r = await fp(['api', '/api/v1/product-vision', '-X', 'POST', '-f', 'title=T']);
    expect(r.json.errors).toEqual({ content: ['The content field is required.'] });
    const ro = await fp(['vision', 'set', '--content', 'x'], 'acme-readonly');
    expect(ro.code).not.toBe(0);
  });
});

describe('fp users group-filters, plan-types, segment-keys (D-USER-FILTERS)', () => {
  it('answer the filter lists of the demo', async () => {
    const groups = await fp(['users', 'group-filters', '--json', '--fields', 'name']);
    expect(groups.json).toEqual([
      { name: 'Beta testers' },
      { name: 'Design partners' },
      { name: 'Enterprise customers' },
    ]);
    const plans = await fp(['users', 'plan-types', '--json']);
    expect(plans.json).toEqual([
      { id: 'business', name: 'Business' },
      { id: 'enterprise', name: 'Enterprise' },
      { id: 'free', name: 'Free' },
      { id: 'team', name: 'Team' },
    ]);
    const keys = await fp(['users', 'segment-keys', '--json']);
    expect(keys.json).toEqual([
      { key: 'company', label: 'Company', type: 'string' },
      { key: 'mrr', label: 'MRR', type: 'number' },
      { key: 'segment_1', label: 'Segment 1', type: 'string' },
    ]);
  });
});
