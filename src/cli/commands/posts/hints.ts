import type { PostFilters } from './filters.js';

/** What an empty answer may mean: the API ignores nothing, so a wrong tag id or tab slug finds no posts. */
export function emptyHint(opts: PostFilters): string | undefined {
  const hints: string[] = [];
  if (opts.tag?.length) {
    hints.push(`--tag takes tag ids (such as t-bug); the API lists no tags, so a tag name matches nothing`);
  }
  if (opts.tab !== undefined) hints.push(`--tab takes a board slug (such as feedback)`);
  return hints.length ? hints.map((h) => `hint: ${h}`).join('\n') : undefined;
}

export function pageFooter(page: { skip: number; total: number; hasMore: boolean; data: unknown[] }): string {
  const next = page.skip + page.data.length;
  const more = page.hasMore ? ` (use --all or --skip ${next} for more)` : '';
  return `Showing ${page.skip + 1}-${next} of ${page.total}${more}`;
}
