import type { SentAsTyped } from './resolve-filters.js';

/**
 * What an empty answer may mean: the API ignores nothing, so a wrong tag id or tab slug finds
 * no posts. Only for values sent as typed: a name the portal listed was checked already.
 */
export function emptyHint(asTyped: SentAsTyped): string | undefined {
  const hints: string[] = [];
  if (asTyped.tag) {
    hints.push(`--tag takes tag ids (such as t-bug); this portal lists no tags, so a tag name matches nothing`);
  }
  if (asTyped.tab) hints.push(`--tab takes a board slug (such as feedback)`);
  return hints.length ? hints.map((h) => `hint: ${h}`).join('\n') : undefined;
}

export function pageFooter(page: { skip: number; total: number; hasMore: boolean; data: unknown[] }): string {
  const next = page.skip + page.data.length;
  const more = page.hasMore ? ` (use --all or --skip ${next} for more)` : '';
  return `Showing ${page.skip + 1}-${next} of ${page.total}${more}`;
}
