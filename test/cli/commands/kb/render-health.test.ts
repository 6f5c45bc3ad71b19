import { describe, expect, it } from 'vitest';
import { Chalk } from 'chalk';
import {
  healthSummary,
  linkTally,
  progressText,
  renderHealth,
} from '../../../../src/cli/commands/kb/link-health/render.js';
import type { PostLinkHealth } from '../../../../src/contract/schemas/knowledgebase.js';

const at = '2026-06-01T00:00:00.000Z';
const link = (url: string, ok: boolean, status: number | null, error: string | null = null) => ({
  url,
  ok,
  status,
  error,
  final_url: url,
  redirects: 0,
  checked_at: at,
});

const posts: PostLinkHealth[] = [
  {
    post_id: 'kb001',
    title: 'Installation',
    healthy: false,
    links_total: 4,
    links_failed: 3,
    links: [
      link('http://127.0.0.1:9/ok', true, 200),
      link('http://127.0.0.1:9/missing', false, 404, 'HTTP 404 Not Found'),
      link('http://127.0.0.1:9/teapot', false, 418),
      link('http://127.0.0.1:1/down', false, null, 'connect ECONNREFUSED 127.0.0.1:1'),
    ],
  },
  {
    post_id: 'kb002',
    title: 'FAQ',
    healthy: true,
    links_total: 1,
    links_failed: 0,
    links: [link('http://127.0.0.1:9/ok', true, 200)],
  },
];

describe('link-health rendering', () => {
  it('aligns the post rows and lists broken links indented below their post', () => {
    expect(renderHealth(posts)).toBe(
      [
        'POST   TITLE         LINKS  BROKEN',
        'kb001  Installation  4      3',
        '    HTTP 404 Not Found  http://127.0.0.1:9/missing',
        '    HTTP 418  http://127.0.0.1:9/teapot',
        '    unreachable  http://127.0.0.1:1/down  (connect ECONNREFUSED 127.0.0.1:1)',
        'kb002  FAQ           1      0',
      ].join('\n'),
    );
  });

  it('progress text', () => {
    expect(progressText({ checked: 12, total: 40, failed: 2 })).toBe('Checking links 12/40 (2 broken)');
  });

  it('progress never shows 0/0 before the scan has counted its links', () => {
    expect(progressText({ state: 'queued', checked: 0, total: 0, failed: 0 })).toBe('Waiting for the scan to start…');
    expect(progressText({ state: 'running', checked: 0, total: 0, failed: 0 })).toBe(
      'Collecting the links of the articles…',
    );
    expect(progressText({ state: 'completed', checked: 0, total: 0, failed: 0 })).toBe('Checking links 0/0 (0 broken)');
  });

  it('summary counts a URL found in two articles once, as the scan progress does', () => {
    expect(healthSummary(posts)).toBe('2 articles, 4 distinct links, 3 broken.');
    expect(linkTally(posts)).toEqual({ links: 4, broken: 3, articlesWithBroken: 1 });
  });

  it('the summary is red when a link is broken, plain when none is', () => {
    const c = new Chalk({ level: 1 });
    expect(healthSummary(posts, c)).toBe(c.red('2 articles, 4 distinct links, 3 broken.'));
    expect(healthSummary([posts[1]], c)).toBe('1 article, 1 distinct link, 0 broken.');
  });
});
