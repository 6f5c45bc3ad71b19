import { describe, expect, it } from 'vitest';
import { presentPost } from '../../../src/server/present/post.js';
import { seedWith, storedPortal } from './stored-portal.js';
import type { Portal } from '../../../src/server/store/portal.js';

const portal = (): Portal => storedPortal();
const post = (p: Portal, key: string) => p.posts.list().find((x) => x.key === key)!;
/** The post as the API shows it. */
const shown = (p: Portal, record: ReturnType<typeof post>) => presentPost(p, record, 'http://x.test');

describe('post presentation', () => {
  it('D-TIMESTAMPS latest_status_change_at_formatted is a human date like "Feb 1, 2026" (UTC)', () => {
    const p = portal();
    const humanDate = (latest_status_change_at: string) =>
      shown(p, { ...post(p, 'dark1'), latest_status_change_at }).latest_status_change_at_formatted;
    expect(humanDate('2026-02-01T00:00:00Z')).toBe('Feb 1, 2026');
    expect(humanDate('2025-12-31T23:59:59Z')).toBe('Dec 31, 2025');
    expect(humanDate('2026-07-14T10:00:00+02:00')).toBe('Jul 14, 2026');
  });

  it('D-POST-CATEGORIES-CONVERSION conversion is votes per hundred views, 0 without views', () => {
    const p = portal();
    expect(shown(p, post(p, 'dark1')).conversion).toBe(10);
    expect(shown(p, { ...post(p, 'dark1'), votes_count: 1, views_count: 3 }).conversion).toBe(33.33);
    expect(shown(p, post(p, 'kb001')).conversion).toBe(0);
  });

  it('uid is a version 3 UUID of the portal guid and post key', () => {
    const p = portal();
    const uid = shown(p, post(p, 'dark1')).uid;
    expect(uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-3[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(shown(portal(), post(portal(), 'dark1')).uid).toBe(uid);
    expect(shown(p, post(p, 'sso22')).uid).not.toBe(uid);
    const otherGuid = storedPortal(seedWith((s) => (s.guid = 'not-a-uuid')));
    expect(otherGuid.guid).toBe('not-a-uuid');
    expect(shown(otherGuid, post(otherGuid, 'dark1')).uid).not.toBe(uid);
  });

  it('D-POST-CHANGELOG the changelog text comes from the approved comment tagged for the changelog, else empty', () => {
    const p = storedPortal(seedWith((s) => (s.editor_type = 'wysiwyg')));
    p.comments.update(103, { comment: '<p>Shipped in <b>2.0</b> &amp; more</p>' });
    const shown = presentPost(p, post(p, 'dark1'), 'http://x.test');
    expect(shown.description_changelog).toBe('<p>Shipped in <b>2.0</b> &amp; more</p>');
    expect(shown.clean_description_changelog).toBe('Shipped in 2.0 & more');
    p.comments.update(103, { moderation_status: 'pending' });
    expect(presentPost(p, post(p, 'dark1'), 'http://x.test').description_changelog).toBe('');
  });

  it('D-POST-DESCRIPTION description_short is the plain-text excerpt of at most 150 characters', () => {
    const p = portal();
    p.posts.update('dark1', { description: `**${'word '.repeat(40).trim()}**` });
    const short = presentPost(p, post(p, 'dark1'), 'http://x.test').description_short;
    expect(short).toBe(`${'word '.repeat(30).trimEnd()}...`);
  });

  it("D-POST-STATUS the status tab name falls back to the post's tab when the status has none", () => {
    const p = storedPortal(seedWith((s) => (s.statuses![0].tab_id = null)));
    expect(presentPost(p, post(p, 'dark1'), 'http://x.test').status).toEqual({
      id: 1,
      name: 'Under review',
      color: '#999999',
      tab_name: 'Feedback',
    });
  });

  it('D-POST-URLS urls are built from the origin the client used', () => {
    const p = portal();
    const shown = presentPost(p, post(p, 'sso22'), 'http://acme.localhost:8080');
    expect([shown.url, shown.url_edit, shown.url_delete]).toEqual([
      'http://acme.localhost:8080/p/sso22',
      'http://acme.localhost:8080/p/sso22/edit',
      'http://acme.localhost:8080/p/sso22/delete',
    ]);
  });
});
