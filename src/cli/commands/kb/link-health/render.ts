import type { ChalkInstance } from 'chalk';
import type { PostLinkHealth, ScanProgress } from '../../../../contract/schemas/knowledgebase.js';
import { truncate } from '../../../output/cells.js';
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
export function linkStatus(link: PostLinkHealth['links'][number]): string {
  return link.status === null ? 'unreachable' : `HTTP ${link.status}`;
}

/**
 * One row per post with aligned columns; below a post, its broken links
 * indented, each with its status and the error when there is one.
 */
export function renderHealth(posts: PostLinkHealth[], c?: ChalkInstance): string {
  const rows = posts.map((p) => [
    terminalText(p.post_id),
    truncate(p.title, 60),
    String(p.links_total),
    String(p.links_failed),
  ]);
  const header = postHealthColumns.map((col) => col.header);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => [...r[i]].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell + ' '.repeat(widths[i] - [...cell].length)))
      .join('  ');
  const out = [c ? c.bold(line(header)) : line(header)];
  posts.forEach((p, i) => {
    const row = line(rows[i]);
    out.push(c && p.links_failed > 0 ? c.red(row) : row);
    for (const link of p.links.filter((l) => !l.ok)) {
      // The checker's error for an HTTP answer is the status line itself (`HTTP 404 Not Found`).
      const statusLine = link.error !== null && link.error.startsWith(`${linkStatus(link)} `);
      const label = statusLine ? link.error! : linkStatus(link);
      const error = link.error && !statusLine ? `  (${link.error})` : '';
      out.push(terminalText(`    ${label}  ${link.url}${error}`));
    }
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
