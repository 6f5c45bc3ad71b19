import { describe, expect, it } from 'vitest';
import { healthSummary, progressText, renderHealth } from '../../../../src/cli/commands/kb/link-health/render.js';
import type { PostLinkHealth } from '../../../../src/contract/schemas/knowledgebase.js';

const at = '2026-06-01T00:00:00.000Z';
const link = (url: string, ok: boolean, status: number | null, error: string | null = null) => ({
  url, ok, status, error, final_url: url, redirects: 0, checked_at: at,
});

const posts: PostLinkHealth[] = [
  {
    post_id: 'kb001', title: 'Installation', healthy: false, links_total: 4, links_failed: 3,
    links: [
      link('http://127.0.0.1:9/ok', true, 200),
      link('http://127.0.0.1:9/missing', false, 404, 'HTTP 404 Not Found'),
      link('http://127.0.0.1:9/teapot', false, 418),
      link('http://127.0.0.1:1/down', false, null, 'connect ECONNREFUSED 127.0.0.1:1'),
    ],
  },
  { post_id: 'kb002', title: 'FAQ', healthy: true, links_total: 1, links_failed: 0, links: [link('http://127.0.0.1:9/ok', true, 200)] },
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

  it('summary counts posts, links and broken links', () => {
    expect(healthSummary(posts)).toBe('2 articles, 5 links, 3 broken.');
  });
});
