import { defineCommand } from '../../framework/define-command.js';
import {
  FOCUSES,
  SENTIMENTS,
  type FeedbackSummarizeBody,
  type FeedbackSummary,
} from '../../../contract/schemas/feedback.js';

const counts = (entries: Array<[string, number]>) => entries.map(([name, n]) => `${name} ${n}`).join(', ');

/** The summary for people: the sentence, then the counts it was built from. */
function summaryText(s: FeedbackSummary): string {
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

export default defineCommand({
  name: 'summarize',
  endpoint: 'feedback.summarize',
  description: 'Summarize the feedback entries that match the filters',
  flags: [
    {
      flags: '--sentiment <sentiment>',
      description: 'only entries with this sentiment',
      field: 'sentiment',
      choices: SENTIMENTS,
    },
    { flags: '--focus <focus>', description: 'only entries about this', field: 'focus', choices: FOCUSES },
    { flags: '--source <source>', description: 'only entries from this source', field: 'source' },
    { flags: '--widget <uuid>', description: 'only entries from this widget', field: 'widget' },
    {
      flags: '--from <date>',
      description: 'only entries created on or after this date (YYYY-MM-DD)',
      field: 'created_from',
    },
    {
      flags: '--to <date>',
      description: 'only entries created on or before this date (YYYY-MM-DD)',
      field: 'created_to',
    },
    { flags: '--keyword <keyword>', description: 'only entries containing this word', field: 'keyword' },
  ],
  examples: [
    'fp feedback summarize',
    'fp feedback summarize --sentiment negative --focus functionality --from 2026-01-01',
    'fp feedback summarize --keyword export --json',
  ],
  async run({ fields, client }) {
    const { data } = await (await client()).call('feedback.summarize', { body: fields as FeedbackSummarizeBody });
    return { text: summaryText(data), data };
  },
});
