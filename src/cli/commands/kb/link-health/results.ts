import type { LinkHealthResults } from '../../../../contract/schemas/knowledgebase.js';
import type { Factory } from '../../../factory.js';
import { defineCommand } from '../../../framework/define-command.js';
import type { Ending } from '../../../framework/ending.js';
import { tabFlag } from '../options.js';
import { brokenLinkText, healthSummary, linkTally, postHealthColumns, renderHealth } from './render.js';

/** The results of a tab as JSON (the record), rows (csv, ndjson, plain) or the indented table, then the tally. */
export async function resultsEnding(
  data: LinkHealthResults,
  f: Factory,
  opts: { failed?: boolean } = {},
): Promise<Ending> {
  const posts = opts.failed ? data.posts.filter((p) => p.links_failed > 0) : data.posts;
  const out = await f.output();
  if (out.format === 'csv' || out.format === 'ndjson') return { list: posts, columns: postHealthColumns };
  if (out.format !== 'json' && data.scan_id === null) {
    return {
      done: `No link-health scan of tab ${data.tab_id} has completed yet; start one with: fp kb link-health scan --tab ${data.tab_id}`,
    };
  }
  if (out.format !== 'json' && posts.length === 0)
    return { done: opts.failed ? 'No broken links.' : 'No articles with links.' };
  const tally = () => {
    // The status line is cleaned of control characters before fp colours it.
    const colour = out.format === 'table' && linkTally(data.posts).broken > 0 ? out.chalk.red : undefined;
    f.status(healthSummary(data.posts), colour);
  };
  if (out.format === 'plain') {
    // Piped, stdout is TSV rows like every other list; a CI log still names each broken link.
    return {
      list: posts,
      columns: postHealthColumns,
      after() {
        for (const p of posts)
          for (const l of p.links.filter((l) => !l.ok)) f.status(`${p.post_id}  ${brokenLinkText(l)}`);
        tally();
      },
    };
  }
  return {
    report: (colour) => `${renderHealth(posts, colour, f.io.columns)}\n`,
    data: { ...data, posts },
    ...(out.format === 'table' ? { after: tally } : {}),
  };
}

export default defineCommand<{ tab: number; failed?: boolean }>({
  name: 'results',
  description: 'Show the latest link health of every article of a tab, broken first',
  flags: [tabFlag, { flags: '--failed', description: 'only articles with broken links' }],
  examples: ['fp kb link-health results --tab 4', 'fp kb link-health results --tab help --failed --json'],
  async run({ opts, f }) {
    const client = await f.client();
    const { data } = await client.call('knowledgebase.linkResults', { params: { tabId: opts.tab } });
    return resultsEnding(data, f, { failed: opts.failed });
  },
});
