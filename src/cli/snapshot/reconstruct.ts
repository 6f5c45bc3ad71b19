import type { TabSeed } from './records.js';

/** A tab's slug guessed from its name ("Feature requests" → `feature-requests`); the crawl confirms it by listing. */
export function guessSlug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'tab'
  );
}

/** The API never shows a tab's type; its name is the best hint. */
export function guessTabType(name: string): TabSeed['type'] {
  const n = name.toLowerCase();
  if (n.includes('roadmap')) return 'roadmap';
  if (n.includes('changelog') || n.includes('release')) return 'changelog';
  return 'board';
}

/** `help-center` → `Help center`: a knowledge-base tab's name, which no answer shows. */
export function nameFromSlug(slug: string): string {
  const words = slug.replace(/[-_]+/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : slug;
}

/** What a snapshot rebuilds from indirect evidence, as its header says. */
export const RECONSTRUCTED: Record<string, string> = {
  tabs: 'from the tab names that post statuses show (status.tab_name) and the --kb-tab exports; slugs guessed from the names (and confirmed by listing posts with that tab filter when some post has no status); board, roadmap and changelog tabs renumbered from 1 around the knowledge-base tab ids; types guessed from the names',
  statuses: 'from the statuses that posts show: a status no listed post uses is missing',
  sections: 'knowledge-base sections from the exports; other sections only as the ids posts show, named "Section <id>"',
  'post tabs': "from the status's tab, else from listing posts filtered by each tab",
  'post platforms': 'from listing posts filtered by each platform',
  'post database ids': 'not shown for approved posts: numbered in id order around the ids the moderation queues show',
  'pending and rejected posts':
    'the moderation queues show an excerpt: it stands for the description (knowledge-base articles get their full body from the export); their status, categories and platform are not shown',
  users:
    'only users seen as post or comment authors, group members, moderation authors or feedback authors; e-mail only where a post shows its author, database id where a comment, queue item or member list shows it; users in that order',
  'knowledge-base tab names': 'from the export file name (the tab slug)',
};

/** What the API does not expose at all. */
export const MISSING: string[] = [
  'tags and the tags of posts',
  'references',
  'anonymous votes',
  'saved queries',
  'post version and release',
  'post slugs and sort order outside the knowledge base',
  'who moderated approved items',
  'the portal setting moderate_comments',
  'locked categories',
  'API keys (the copy has one new key)',
  'recorded events and mails',
];

/** Numbers 1, 2, 3… that skip the ids in use: ids for what the API shows without one. */
export function numberAround(used: ReadonlySet<number>): () => number {
  let n = 0;
  return () => {
    do n++;
    while (used.has(n));
    return n;
  };
}
