import type { ChalkInstance } from 'chalk';
import type { PostLinkHealth, ScanProgress } from '../../../../contract/schemas/knowledgebase.js';
import { cellText } from '../../../output/cells.js';
import { fit, renderTable } from '../../../output/table.js';
import type { Column } from '../../../output/output.js';
import { terminalText } from '../../../output/terminal-text.js';

export const postHealthColumns: Column<PostLinkHealth>[] = [
  { header: 'POST', value: (p) => p.post_id },
  { header: 'TITLE', value: (p) => p.title },
  { header: 'LINKS', value: (p) => p.links_total },
  { header: 'BROKEN', value: (p) => p.links_failed },
];

/**
 * The progress line. Before the scan has counted its links there is nothing to
 * show as `0/0`, so it says what is happening instead.
 */
export function progressText(
  p: Pick<ScanProgress, 'checked' | 'total' | 'failed'> & { state?: ScanProgress['state'] },
): string {
  if (p.state === 'queued') return 'Waiting for the scan to start…';
  if (p.total === 0 && p.state === 'running') return 'Collecting the links of the articles…';
  return `Checking links ${p.checked}/${p.total} (${p.failed} broken)`;
}

/**
 * Distinct URLs of the posts, and those broken: the numbers the scan's progress
 * counts, so that every view agrees (a URL in two articles is one link).
 */
export function linkTally(posts: PostLinkHealth[]): { links: number; broken: number; articlesWithBroken: number } {
  const all = new Set<string>();
  const broken = new Set<string>();
  for (const p of posts) {
    for (const l of p.links) {
      all.add(l.url);
      if (!l.ok) broken.add(l.url);
    }
  }
  return { links: all.size, broken: broken.size, articlesWithBroken: posts.filter((p) => p.links_failed > 0).length };
}

/** `HTTP 404` for an answer, `unreachable` when none arrived. */
function linkStatus(link: PostLinkHealth['links'][number]): string {
  return link.status === null ? 'unreachable' : `HTTP ${link.status}`;
}

/**
 * One row per post with aligned columns, fitted to `width` terminal cells (titles give way
 * first); below a post, its broken links indented, each with its status and the error when
 * there is one, cut to the width too.
 */
export function renderHealth(posts: PostLinkHealth[], c?: ChalkInstance, width = Infinity): string {
  const rows = posts.map((p) => [
    cellText(p.post_id),
    cellText(p.title),
    String(p.links_total),
    String(p.links_failed),
  ]);
  const table = renderTable({
    headers: postHealthColumns.map((col) => col.header),
    rows,
    width,
    maxWidths: [undefined, 60, undefined, undefined],
    fixed: [true, false, true, true],
    styleHeader: (t) => (c ? c.bold(t) : t),
    styleCell: (text, r) => (c && posts[r].links_failed > 0 ? c.red(text) : text),
  }).split('\n');
  const out = [table[0]];
  posts.forEach((p, i) => {
    out.push(table[i + 1]);
    for (const link of p.links.filter((l) => !l.ok)) out.push(fit(`    ${brokenLinkText(link)}`, width));
  });
  return out.join('\n');
}

/** `2 articles, 4 distinct links, 1 broken.`, red when a link is broken and colour is on. */
export function healthSummary(posts: PostLinkHealth[], c?: ChalkInstance): string {
  const { links, broken } = linkTally(posts);
  const noun = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;
  const text = `${noun(posts.length, 'article')}, ${noun(links, 'distinct link')}, ${broken} broken.`;
  return c && broken > 0 ? c.red(text) : text;
}

/** The fields of a scan's progress, for `progress` and a `scan` that does not wait. */
export const progressFields: Column<ScanProgress>[] = [
  { header: 'SCAN', value: (p) => p.scan_id },
  { header: 'TAB', value: (p) => p.tab_id },
  { header: 'STATE', value: (p) => p.state },
  { header: 'CHECKED', value: (p) => `${p.checked}/${p.total}` },
  { header: 'BROKEN', value: (p) => p.failed },
  { header: 'STARTED', value: (p) => p.started_at },
  { header: 'FINISHED', value: (p) => p.finished_at },
  { header: 'ERROR', value: (p) => p.error },
];

/** A broken link as one line: its status, the URL and the error when it says more than the status. */
export function brokenLinkText(link: PostLinkHealth['links'][number]): string {
  // The checker's error for an HTTP answer is the status line itself (`HTTP 404 Not Found`).
  const statusLine = link.error !== null && link.error.startsWith(`${linkStatus(link)} `);
  const label = statusLine ? link.error! : linkStatus(link);
  const error = link.error && !statusLine ? `  (${link.error})` : '';
  return terminalText(`${label}  ${link.url}${error}`);
}
