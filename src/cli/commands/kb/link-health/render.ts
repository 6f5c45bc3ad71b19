import type { ChalkInstance } from 'chalk';
import type { PostLinkHealth, ScanProgress } from '../../../../contract/schemas/knowledgebase.js';
import { truncate } from '../../../output/cells.js';
import type { Column } from '../../../output/output.js';

export const postHealthColumns: Column<PostLinkHealth>[] = [
  { header: 'POST', value: (p) => p.post_id },
  { header: 'TITLE', value: (p) => p.title },
  { header: 'LINKS', value: (p) => p.links_total },
  { header: 'BROKEN', value: (p) => p.links_failed },
];

export function progressText(p: Pick<ScanProgress, 'checked' | 'total' | 'failed'>): string {
  return `Checking links ${p.checked}/${p.total} (${p.failed} broken)`;
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
  const rows = posts.map((p) => [p.post_id, truncate(p.title, 60), String(p.links_total), String(p.links_failed)]);
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
      out.push(`    ${label}  ${link.url}${error}`);
    }
  });
  return out.join('\n');
}

/** `2 posts, 5 links, 1 broken.` */
export function healthSummary(posts: PostLinkHealth[]): string {
  const links = posts.reduce((n, p) => n + p.links_total, 0);
  const broken = posts.reduce((n, p) => n + p.links_failed, 0);
  const noun = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;
  return `${noun(posts.length, 'article')}, ${noun(links, 'link')}, ${broken} broken.`;
}
