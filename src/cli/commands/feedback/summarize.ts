import { Option, type Command } from 'commander';
import { FOCUSES, SENTIMENTS, type FeedbackSummarizeBody, type FeedbackSummary } from '../../../contract/schemas/feedback.js';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';

export interface SummarizeOptions {
  sentiment?: (typeof SENTIMENTS)[number];
  focus?: (typeof FOCUSES)[number];
  source?: string;
  widget?: string;
  from?: string;
  to?: string;
  keyword?: string;
}

export function summarizeBody(opts: SummarizeOptions): FeedbackSummarizeBody {
  const body: FeedbackSummarizeBody = {};
  if (opts.sentiment !== undefined) body.sentiment = opts.sentiment;
  if (opts.focus !== undefined) body.focus = opts.focus;
  if (opts.source !== undefined) body.source = opts.source;
  if (opts.widget !== undefined) body.widget = opts.widget;
  if (opts.from !== undefined) body.created_from = opts.from;
  if (opts.to !== undefined) body.created_to = opts.to;
  if (opts.keyword !== undefined) body.keyword = opts.keyword;
  return body;
}

const counts = (entries: Array<[string, number]>) => entries.map(([name, n]) => `${name} ${n}`).join(', ');

/** The summary for people: the sentence, then the counts it was built from. */
export function summaryText(s: FeedbackSummary): string {
  const byType = Object.entries(s.by_type).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const lines = [
    s.summary,
    '',
    `Entries:   ${s.total}`,
    `By type:   ${byType.length ? counts(byType) : 'none'}`,
    `Sentiment: ${counts(SENTIMENTS.map((k) => [k, s.sentiment[k]]))}`,
    `Focus:     ${counts(FOCUSES.map((k) => [k, s.focus[k]]))}`,
  ];
  if (s.top_phrases.length === 0) lines.push('Top phrases: none');
  else {
    const width = Math.max(...s.top_phrases.map((p) => String(p.count).length));
    lines.push('Top phrases:', ...s.top_phrases.map((p) => `  ${String(p.count).padStart(width)}  ${p.phrase}`));
  }
  return `${lines.join('\n')}\n`;
}

export async function summarizeRun(opts: SummarizeOptions, f: Factory): Promise<void> {
  const client = await f.client();
  const { data } = await client.call('feedback.summarize', { body: summarizeBody(opts) });
  const out = await f.output();
  if (out.format === 'json' || out.format === 'ndjson') await out.item(data, []);
  else f.io.stdout.write(summaryText(data));
}

export function register(parent: Command, f: Factory): void {
  withExamples(parent.command('summarize').description('Summarize the feedback entries that match the filters'), [
    'fp feedback summarize',
    'fp feedback summarize --sentiment negative --focus functionality --from 2026-01-01',
    'fp feedback summarize --keyword export --json',
  ])
    .addOption(new Option('--sentiment <sentiment>', 'only entries with this sentiment').choices(SENTIMENTS))
    .addOption(new Option('--focus <focus>', 'only entries about this').choices(FOCUSES))
    .option('--source <source>', 'only entries from this source')
    .option('--widget <uuid>', 'only entries from this widget')
    .option('--from <date>', 'only entries created on or after this date (YYYY-MM-DD)')
    .option('--to <date>', 'only entries created on or before this date (YYYY-MM-DD)')
    .option('--keyword <keyword>', 'only entries containing this word')
    .action((o: SummarizeOptions) => summarizeRun(o, f));
}
