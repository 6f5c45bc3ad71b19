import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as z from 'zod';
import { needsAttention } from '../../../../src/cli/commands/status/needs-attention.js';
import { rateLimitOf } from '../../../../src/cli/commands/status/read-status.js';
import type { StatusReport } from '../../../../src/cli/commands/status/report-schema.js';
import { statusScreen } from '../../../../src/cli/commands/status/status-screen.js';
import { statusReportSchema } from '../../../support/status-report-schema.js';

const NOW = new Date('2026-06-10T12:00:00Z');

// The documented shape the tests check output against is the report's type, no more, no less.
expectTypeOf<z.infer<ReturnType<typeof statusReportSchema>>>().toEqualTypeOf<StatusReport>();

/** A portal where nothing needs attention; each test changes what it is about. */
function quiet(): Omit<StatusReport, 'needs_attention'> {
  return {
    portal: { base_url: 'https://acme.example.test', profile: 'acme', title: 'Acme' },
    checked_at: NOW.toISOString(),
    moderation: { state: 'ok', pending_posts: 0, pending_comments: 0, oldest_pending_at: null, complete: true },
    rejected_last_7_days: { state: 'ok', since: '2026-06-03T12:00:00.000Z', posts: 2, comments: 1, complete: true },
    link_health: {
      state: 'ok',
      tabs: [
        {
          tab_id: 4,
          slug: 'help',
          name: 'Help',
          scanned_at: '2026-06-10T10:00:00Z',
          broken_links: 0,
          articles_with_broken_links: 0,
        },
        { tab_id: 5, slug: 'api', name: 'API docs', scanned_at: null, broken_links: 0, articles_with_broken_links: 0 },
      ],
    },
    webhooks: { state: 'ok', endpoints: 2, failing: [] },
    rate_limit: { state: 'ok', limit: 120, remaining: 100, reset_at: null },
  };
}

const report = (facts: Omit<StatusReport, 'needs_attention'>): StatusReport => ({
  ...facts,
  needs_attention: needsAttention(facts),
});

describe('what needs attention (D-ADMIN-STATUS-EXIT)', () => {
  it('nothing: rejected items and a tab never scanned are news, not work', () => {
    expect(needsAttention(quiet())).toEqual([]);
    expect(statusScreen(report(quiet()), NOW)).toBe(
      [
        'Acme  https://acme.example.test  (profile acme)',
        '',
        '  Moderation   nothing pending',
        '  Rejected     2 posts and 1 comment in the last 7 days',
        '  Link health  Help: no broken links, scanned 2 hours ago',
        '               API docs: never scanned',
        '  Webhooks     2 endpoints, all delivering',
        '  Rate limit   100 of 120 requests left',
        '',
        'Nothing needs attention.',
        '',
      ].join('\n'),
    );
  });

  it('pending items past the pages read, an unread part, a disabled endpoint, a spent rate limit', () => {
    const facts = quiet();
    facts.moderation = {
      state: 'ok',
      pending_posts: 200,
      pending_comments: 200,
      oldest_pending_at: '2026-06-07T12:00:00Z',
      complete: false,
    };
    facts.link_health = { state: 'unavailable', error: 'Server Error (500)' };
    facts.webhooks = {
      state: 'ok',
      endpoints: 1,
      failing: [{ id: 3, url: 'https://hooks.test/', enabled: false, consecutive_failures: 5, disabled_reason: null }],
    };
    facts.rate_limit = { state: 'ok', limit: 120, remaining: 11, reset_at: '2026-06-10T12:05:00Z' };
    const r = report(facts);
    expect(r.needs_attention).toEqual([
      '400+ items pending moderation',
      '1 webhook endpoint disabled or failing',
      'the rate limit is nearly spent (11 of 120 requests left)',
      'the link health could not be read',
    ]);
    expect(statusScreen(r, NOW).split('\n').slice(2, 8)).toEqual([
      '! Moderation   200+ posts and 200+ comments pending; the oldest 3 days ago',
      '  Rejected     2 posts and 1 comment in the last 7 days',
      '! Link health  unavailable: Server Error (500)',
      '! Webhooks     #3 https://hooks.test/ disabled',
      '! Rate limit   11 of 120 requests left, the window resets in 5 minutes',
      '',
    ]);
    expect(() => statusReportSchema().parse(r)).not.toThrow();
  });

  it("the portal's text reaches the screen with its control characters shown, not obeyed", () => {
    const facts = quiet();
    facts.portal.title = 'Acme\u001b]52;c;aGk=\u0007';
    facts.link_health = {
      state: 'ok',
      tabs: [
        {
          tab_id: 4,
          slug: 'h',
          name: '! Help\u001b[2J',
          scanned_at: '2026-06-10T10:00:00Z',
          broken_links: 1,
          articles_with_broken_links: 1,
        },
      ],
    };
    const screen = statusScreen(report(facts), NOW);
    expect(screen).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(screen).toContain('Acme␛]52;c;aGk=␇  https://acme.example.test');
    // A name that starts with "!" is text: the mark belongs to fp.
    expect(screen).toContain('! Link health  ! Help␛[2J: 1 broken link in 1 article, scanned 2 hours ago\n');
  });
});

describe('the rate-limit headroom of the latest answer (D-ADMIN-STATUS)', () => {
  it('reads X-RateLimit-Limit, -Remaining and -Reset; without them it is not reported', () => {
    expect(
      rateLimitOf({ 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': '1781179200' }),
    ).toEqual({
      state: 'ok',
      limit: 120,
      remaining: 7,
      reset_at: '2026-06-11T12:00:00.000Z',
    });
    expect(rateLimitOf(undefined)).toEqual({ state: 'not_reported' });
    expect(rateLimitOf({ 'x-ratelimit-limit': '120' })).toEqual({ state: 'not_reported' });
    expect(rateLimitOf({ 'x-ratelimit-limit': 'lots', 'x-ratelimit-remaining': '1' })).toEqual({
      state: 'not_reported',
    });
  });
});
