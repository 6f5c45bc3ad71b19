import { describe, expect, it } from 'vitest';
import { ownPortalLinks, type PortalPages } from '../../../../src/server/kb/link-health/own-portal-links.js';

const pages: PortalPages = {
  hosts: ['acme.localhost', 'feedback.acme.test', '127.0.0.1', 'localhost'],
  tabs: [
    { id: 1, slug: 'feedback' },
    { id: 4, slug: 'help' },
  ],
  sections: [
    { id: 10, tab_id: 4, slug: 'getting-started' },
    { id: 12, tab_id: 4, slug: 'dashboards' },
  ],
  posts: [
    { key: 'vct9y', slug: 'quick-start', tab_id: 4, section_id: 10 },
    { key: 'dark1', slug: 'dark-mode', tab_id: 1, section_id: null },
  ],
};
const check = ownPortalLinks(pages, () => Date.parse('2026-11-27T10:00:00Z'));

describe('links to the portal itself (D-LINK-OWN-PORTAL)', () => {
  it('D-LINK-OWN-PORTAL a page that exists is healthy, answered without a request', () => {
    for (const url of [
      'https://acme.localhost/',
      'https://acme.localhost/help',
      'https://acme.localhost/help/getting-started',
      'https://acme.localhost/help/getting-started/quick-start#no-events',
      'https://ACME.localhost:4010/help/dashboards/',
      'https://feedback.acme.test/feedback/p/dark1',
      'https://acme.localhost/p/vct9y?ref=docs',
    ])
      expect(check(url), url).toEqual({
        url,
        ok: true,
        status: 200,
        error: null,
        final_url: url,
        redirects: 0,
        checked_at: '2026-11-27T10:00:00.000Z',
      });
  });

  it('D-LINK-OWN-PORTAL a page that does not exist is a broken link (404), named as such', () => {
    for (const url of [
      'https://acme.localhost/help/getting-started/no-such-article',
      'https://acme.localhost/help/billing',
      'https://acme.localhost/roadmap',
      'https://acme.localhost/help/p/dark1',
      'https://acme.localhost/p/zzzzz',
      'https://acme.localhost/help/getting-started/quick-start/extra',
      'https://acme.localhost/api/v1/posts',
    ])
      expect(check(url), url).toMatchObject({ ok: false, status: 404, error: 'not a page of this portal' });
  });

  it('D-LINK-OWN-PORTAL links elsewhere, and to the machine by IP address or localhost, are left to the network check', () => {
    for (const url of [
      'https://docs.acme.test/help',
      'http://127.0.0.1:4010/help',
      'http://localhost:4010/help',
      'mailto:support@acme.test',
      'not a url',
    ])
      expect(check(url), url).toBeUndefined();
  });
});
