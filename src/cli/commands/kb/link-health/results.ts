import type { LinkHealthResults } from '../../../../contract/schemas/knowledgebase.js';
import type { Factory } from '../../../factory.js';
import { defineCommand, type CommandDef } from '../../../framework/define-command.js';
import { tabFlag } from '../options.js';
import { brokenLinkText, healthSummary, linkTally, postHealthColumns, renderHealth } from './render.js';

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
  if (out.format === 'plain') {
    // Piped, stdout is TSV rows like every other list; a CI log still names each broken link.
    await out.list(posts, postHealthColumns);
    for (const p of posts) for (const l of p.links.filter((l) => !l.ok)) f.status(`${p.post_id}  ${brokenLinkText(l)}`);
  } else {
    f.io.stdout.write(`${renderHealth(posts, out.chalk, f.io.columns)}\n`);
  }
  // The status line is cleaned of control characters before fp colours it.
  const colour = out.format === 'table' && linkTally(data.posts).broken > 0 ? out.chalk.red : undefined;
  f.status(healthSummary(data.posts), colour);
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
