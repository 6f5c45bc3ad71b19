import type { CrawlState } from './crawl.js';
import { MISSING, RECONSTRUCTED } from './reconstruct.js';
import { SNAPSHOT_PARTS } from './records.js';

export interface SnapshotCounts {
  users: number;
  tabs: number;
  sections: number;
  statuses: number;
  categories: number;
  groups: number;
  posts: number;
  comments: number;
  feedback: number;
}

export interface HeaderFacts {
  tool: string;
  now: Date;
  anonymized: boolean;
  counts: SnapshotCounts;
  /** Some section's tab was unknown: it sits on the placeholder tab. */
  placeholderTab: boolean;
}

/** The seed's `snapshot` header: where the copy comes from, and what it rebuilt or lacks. */
export function seedHeader(s: CrawlState, facts: HeaderFacts) {
  return {
    complete: true,
    tool: facts.tool,
    taken_at: facts.now.toISOString(),
    started_at: s.started_at,
    source: { title: s.portal!.title, guid: s.portal!.guid },
    anonymized: facts.anonymized,
    included: s.options.include,
    kb_tabs: s.options.kb_tabs,
    requests: s.requests,
    counts: facts.counts,
    reconstructed: reconstructedOf(s, facts.placeholderTab),
    missing: missingOf(s),
  };
}

/** What the copy lacks: what the API never shows, and what this crawl left out or could not read. */
function missingOf(s: CrawlState): string[] {
  const missing = [...MISSING];
  const excluded = SNAPSHOT_PARTS.filter((p) => !s.options.include.includes(p));
  if (excluded.length) missing.unshift(`left out with --include: ${excluded.join(', ')}`);
  if (s.options.include.includes('kb') && s.options.kb_tabs.length === 0)
    missing.unshift('knowledge-base articles and sections (no --kb-tab given)');
  if (s.comments_outside > 0)
    missing.unshift(
      `${s.comments_outside} comments in the moderation queues on posts outside the snapshot (knowledge-base tabs not given with --kb-tab?)`,
    );
  if (s.comments.skipped_posts > 0)
    missing.unshift(`comments of ${s.comments.skipped_posts} posts deleted while the snapshot ran`);
  if (s.listed?.tags) missing.splice(missing.indexOf('tags and the tags of posts'), 1, 'the tags of posts');
  missing.push("users' votes", "users' plans and segment values");
  if (s.listed?.not_offered.length)
    missing.unshift(`not offered by the portal (404): the lists of ${s.listed.not_offered.join(', ')}`);
  return missing;
}

/** How each rebuilt part was rebuilt: from the portal's own lists where it offered them. */
function reconstructedOf(s: CrawlState, placeholderTab: boolean): Record<string, string> {
  const reconstructed: Record<string, string> = { ...RECONSTRUCTED };
  const listed = s.listed;
  if (listed?.tabs) reconstructed.tabs = 'from the tab list (GET /api/v1/tabs, assumed: D-TAB-LIST)';
  if (listed?.statuses) reconstructed.statuses = 'from the status list (GET /api/v1/statuses, assumed: D-STATUS-LIST)';
  if (listed?.sections)
    reconstructed.sections =
      'from the section lists (GET /api/v1/sections and their children, assumed: D-SECTION-LIST)';
  if (listed?.users) reconstructed.users = 'from the user list (GET /api/v1/users, assumed: D-USER-LIST)';
  const unconfirmed = (s.probes ?? []).filter((p) => p.tab !== undefined && p.total === 0).map((p) => p.tab);
  if (unconfirmed.length) reconstructed.tabs += ` (slugs not confirmed: ${unconfirmed.join(', ')})`;
  if (placeholderTab) reconstructed.tabs += '; sections of posts whose tab is unknown are on the tab "unknown-tab"';
  return reconstructed;
}
