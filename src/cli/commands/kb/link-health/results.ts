import type { LinkHealthResults } from '../../../../contract/schemas/knowledgebase.js';
import type { Factory } from '../../../factory.js';
import { defineCommand, type CommandDef } from '../../../framework/define-command.js';
import { tabFlag } from '../options.js';
import { healthSummary, linkTally, postHealthColumns, renderHealth } from './render.js';

export interface ResultsOptions {
  tab: number;
  /** Only posts with broken links. */
  failed?: boolean;
}

export async function resultsRun(opts: ResultsOptions, f: Factory): Promise<void> {
  const client = await f.client();
  const { data } = await client.call('knowledgebase.linkResults', { params: { tabId: opts.tab } });
  await printResults(data, f, { failed: opts.failed });
}

/** The results of a tab as JSON (the record), rows (csv, ndjson) or the indented table. */
export async function printResults(
  data: LinkHealthResults,
  f: Factory,
  opts: { failed?: boolean } = {},
): Promise<void> {
  const posts = opts.failed ? data.posts.filter((p) => p.links_failed > 0) : data.posts;
  const out = await f.output();
  if (out.format === 'json') return out.json({ ...data, posts });
  if (out.format === 'csv' || out.format === 'ndjson') {
    await out.list(posts, postHealthColumns);
    return;
  }
  if (data.scan_id === null) {
    f.status(
      `No link-health scan of tab ${data.tab_id} has completed yet; start one with: fp kb link-health scan --tab ${data.tab_id}`,
    );
    return;
  }
  if (posts.length === 0) {
    f.status(opts.failed ? 'No broken links.' : 'No articles with links.');
    return;
  }
  const colour = out.format === 'table' ? out.chalk : undefined;
  f.io.stdout.write(`${renderHealth(posts, colour)}\n`);
  // The status line is cleaned of control characters before fp colours it.
  f.status(healthSummary(data.posts), colour && linkTally(data.posts).broken > 0 ? colour.red : undefined);
}

/** `run` is replaceable so tests can check the options a command line parses to. */
export function resultsCommand(run: typeof resultsRun = resultsRun): CommandDef {
  return defineCommand<{ tab: number; failed?: boolean }>({
    name: 'results',
    description: 'Show the latest link health of every article of a tab, broken first',
    flags: [tabFlag, { flags: '--failed', description: 'only articles with broken links' }],
    examples: ['fp kb link-health results --tab 4', 'fp kb link-health results --tab help --failed --json'],
    run: ({ opts, f }) => run({ tab: opts.tab, failed: opts.failed }, f),
  });
}

export default resultsCommand();
