import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFpServer, type FpServer } from '../support/run-fp.js';

// The demo portal's admin key (seed/demo.json).
const DEMO_KEY = 'acme-admin';

let server: FpServer;
const fp = (args: string[]) => server.fp(args, { apiKey: DEMO_KEY });

beforeAll(async () => {
  server = await startFpServer('demo');
});
afterAll(() => server.stop());

describe('fp posts search (D-POST-SEARCH)', () => {
  it('every word in the title or description, more words in the title first, then votes', async () => {
    const r = await fp(['posts', 'search', 'export', '--json', '--fields', 'id']);
    expect(r.code, r.stderr).toBe(0);
    // Three titles hold "export" (most votes first); then posts with it in the description only.
    expect(r.json.slice(0, 3)).toEqual([{ id: 'vxwjx' }, { id: 'm6jmc' }, { id: 'r8rud' }]);
    const both = await fp(['posts', 'search', 'EXPORT charts', '--json', '--fields', 'id']);
    expect(both.json).toEqual([{ id: 'vxwjx' }, { id: 'm6jmc' }]);
  });

  it('--tab narrows to one tab (slug or id); knowledge-base articles only when their tab is named', async () => {
    const feedback = await fp(['posts', 'search', 'export charts', '--tab', 'feedback', '--json', '--fields', 'id']);
    expect(feedback.json).toEqual([{ id: 'vxwjx' }]);
    const board = await fp(['posts', 'search', 'snippet', '--json']);
    expect(board.json).toEqual([]);
    const help = await fp(['posts', 'search', 'snippet', '--tab', '4', '--json', '--fields', 'id']);
    expect(help.json[0]).toEqual({ id: '4dtrt' });
  });

  it('a search of one letter is refused before sending; an unknown tab is 422', async () => {
    const short = await fp(['posts', 'search', 'a']);
    expect(short.code).toBe(2);
    expect(short.stderr).toContain('must be at least 2 characters');
    const tab = await fp(['api', '/api/v1/posts/search?search=export&tab=nope']);
    expect(tab.json).toEqual({
      message: 'The given data was invalid.',
      errors: { tab: ['The selected tab is invalid.'] },
    });
  });
});

describe('fp posts duplicates (D-POST-DUPLICATES)', () => {
  it('scores the demo deterministically: the ranking the decision documents', async () => {
    const r = await fp(['posts', 'duplicates', '--title', 'Export charts to PDF', '--json', '--fields', 'id,score']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json).toEqual([
      { id: 'vxwjx', score: 0.59 },
      { id: 'm6jmc', score: 0.53 },
    ]);
    const api = await fp(['api', '/api/v1/posts/search_duplicates?title=Export%20charts%20to%20PDF&limit=1']);
    expect(api.json.data.count).toBe(1);
    expect(api.json.data.posts[0]).toMatchObject({
      id: 'vxwjx',
      score: 0.59,
      status: { name: 'Gathering votes' },
      moderation_status: 'approved',
    });
  });

  it('a description weighs in; a proposal like nothing there lists none', async () => {
    const withText = await fp([
      'posts',
      'duplicates',
      '--title',
      'Dark theme',
      '--description',
      'The dashboards are too bright for our night shifts',
      '--json',
      '--fields',
      'id',
    ]);
    expect(withText.json[0]).toEqual({ id: 'txmrb' });
    const none = await fp(['posts', 'duplicates', '--title', 'Quantum teleportation', '--json']);
    expect(none.json).toEqual([]);
    const people = await fp(['posts', 'duplicates', '--title', 'Quantum teleportation']);
    // Piped, an empty list is its header alone.
    expect(people.stdout).toBe('KEY\tSCORE\tTITLE\tSTATUS\tVOTES\n');
  });

  it('--title is required', async () => {
    const r = await fp(['posts', 'duplicates']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--title');
  });
});

describe('fp tabs posts (D-POST-TAB-LIST)', () => {
  it('the posts of one tab, newest first and paged; a knowledge base lists its articles', async () => {
    const r = await fp(['tabs', 'posts', 'changelog', '--limit', '2', '--json', '--fields', 'id']);
    expect(r.json).toEqual([{ id: '22b56' }, { id: 'efw7y' }]);
    const all = await fp(['tabs', 'posts', 'help', '--all', '--json', '--fields', 'id']);
    expect(all.json).toHaveLength(12);
    const page = await fp(['api', '/api/v1/posts/all?tab=3&limit=1&skip=6']);
    expect(page.json).toMatchObject({ hasMore: false, total: 7, skip: 6, limit: 1 });
  });

  it('an unknown tab is 422 on tab; tab is required', async () => {
    const r = await fp(['tabs', 'posts', 'nope']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('The selected tab is invalid.');
    const missing = await fp(['api', '/api/v1/posts/all']);
    expect(missing.json.errors).toEqual({ tab: ['The tab field is required.'] });
  });
});

describe('the AI operations (D-POST-AI-LEFT-OUT)', () => {
  it('are not in the table, the server answers them as unknown routes, and the help says why', async () => {
    const names = Object.keys((await import('../../src/contract/endpoints.js')).endpoints);
    expect(names.filter((n) => /adjust|improve|generate/i.test(n))).toEqual([]);
    const adjust = await fp(['api', '/api/v1/posts/3zah2/adjust', '-X', 'POST']);
    expect(adjust.code).toBe(1);
    expect(adjust.stderr).toContain('404');
    const posts = await fp(['posts', '--help']);
    expect(posts.stdout.replace(/\s+/g, ' ')).toContain('(adjust, improve) are left out');
    const vision = await fp(['vision', '--help']);
    expect(vision.stdout.replace(/\s+/g, ' ')).toContain('(PV4) is left out');
  });
});
