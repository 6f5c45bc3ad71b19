import { oneLine, relativeDate } from '../../output/cells.js';
import { terminalText } from '../../output/terminal-text.js';
import { counted, nearlySpent } from './needs-attention.js';
import type { StatusReport } from './report-schema.js';

/** A line of a part; `attention` puts a `!` in front of its label. */
interface Line {
  text: string;
  attention?: boolean;
}

type Row = [label: string, lines: Line[]];

const plain = (text: string): Line[] => [{ text }];
const attention = (text: string): Line => ({ text, attention: true });

/** Portal text on one line, its control characters shown, not obeyed. */
const shown = (text: string) => terminalText(oneLine(text));

/**
 * The report for people, as `gh status` shows one: a label and its lines, aligned; a `!` in front
 * of each line that needs attention; what needs it, or that nothing does, last.
 */
export function statusScreen(r: StatusReport, now: Date): string {
  const ago = (iso: string) => relativeDate(iso, now);
  const who = r.portal.profile === null ? '' : `  (profile ${shown(r.portal.profile)})`;
  const head = `${r.portal.title === null ? '' : `${shown(r.portal.title)}  `}${shown(r.portal.base_url)}${who}`;
  const rows: Row[] = [
    ['Moderation', moderationLines(r.moderation, ago)],
    ['Rejected', rejectedLines(r.rejected_last_7_days)],
    ['Link health', linkHealthLines(r.link_health, ago)],
    ['Webhooks', webhookLines(r.webhooks)],
    ['Rate limit', rateLimitLines(r.rate_limit, ago)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length)) + 2;
  const body = rows.flatMap(([label, lines]) =>
    lines.map((line, i) => `${line.attention ? '! ' : '  '}${(i === 0 ? label : '').padEnd(width)}${line.text}`),
  );
  const verdict = r.needs_attention.length
    ? `Needs attention: ${r.needs_attention.join('; ')}.`
    : 'Nothing needs attention.';
  return `${head}\n\n${body.join('\n')}\n\n${verdict}\n`;
}

const unavailable = (p: { error: string }): Line[] => [attention(`unavailable: ${shown(p.error)}`)];

function moderationLines(m: StatusReport['moderation'], ago: (iso: string) => string): Line[] {
  if (m.state === 'unavailable') return unavailable(m);
  if (m.pending_posts + m.pending_comments === 0) return plain('nothing pending');
  const oldest = m.oldest_pending_at ? `; the oldest ${ago(m.oldest_pending_at)}` : '';
  const posts = counted(m.pending_posts, 'post', m.complete);
  return [attention(`${posts} and ${counted(m.pending_comments, 'comment', m.complete)} pending${oldest}`)];
}

function rejectedLines(r: StatusReport['rejected_last_7_days']): Line[] {
  if (r.state === 'unavailable') return unavailable(r);
  return plain(
    `${counted(r.posts, 'post', r.complete)} and ${counted(r.comments, 'comment', r.complete)} in the last 7 days`,
  );
}

function linkHealthLines(l: StatusReport['link_health'], ago: (iso: string) => string): Line[] {
  if (l.state === 'unavailable') return unavailable(l);
  if (l.tabs.length === 0) return plain('no knowledge-base tabs');
  return l.tabs.map((t) => {
    const name = shown(t.name);
    if (t.scanned_at === null) return { text: `${name}: never scanned` };
    if (t.broken_links === 0) return { text: `${name}: no broken links, scanned ${ago(t.scanned_at)}` };
    const articles = counted(t.articles_with_broken_links, 'article');
    return attention(`${name}: ${counted(t.broken_links, 'broken link')} in ${articles}, scanned ${ago(t.scanned_at)}`);
  });
}

function webhookLines(w: StatusReport['webhooks']): Line[] {
  if (w.state === 'unavailable') return unavailable(w);
  if (w.state === 'not_offered')
    return plain("not offered (this portal's Settings → API & Webhooks page manages them)");
  if (w.failing.length === 0)
    return plain(w.endpoints ? `${counted(w.endpoints, 'endpoint')}, all delivering` : 'none');
  return w.failing.map((e) => {
    const state = e.enabled
      ? `failing: ${e.consecutive_failures} failed deliver${e.consecutive_failures === 1 ? 'y' : 'ies'} in a row`
      : `disabled${e.disabled_reason ? `: ${shown(e.disabled_reason)}` : ''}`;
    return attention(`#${e.id} ${shown(e.url)} ${state}`);
  });
}

function rateLimitLines(r: StatusReport['rate_limit'], ago: (iso: string) => string): Line[] {
  if (r.state === 'not_reported') return plain('not reported (the answers carry no X-RateLimit headers)');
  const reset = r.reset_at ? `, the window resets ${ago(r.reset_at)}` : '';
  return [{ text: `${r.remaining} of ${r.limit} requests left${reset}`, attention: nearlySpent(r.limit, r.remaining) }];
}
