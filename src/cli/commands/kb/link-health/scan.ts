import type { ApiClient } from '../../../../client/api-client.js';
import type { ScanProgress } from '../../../../contract/schemas/knowledgebase.js';
import { SilentExit } from '../../../errors.js';
import { parseTimeout, type Factory } from '../../../factory.js';
import { defineCommand } from '../../../framework/define-command.js';
import type { Ending } from '../../../framework/ending.js';
import { DEFAULT_STALL_LIMIT, DEFAULT_WAIT_MS, pollUntil } from '../../../framework/poll-until.js';
import { inCI, isInteractive } from '../../../io.js';
import { terminalText } from '../../../output/terminal-text.js';
import { plural, tabFlag, WAIT_ENDS, waitFlags } from '../options.js';
import { linkTally, progressFields, progressText } from './render.js';
import { resultsEnding } from './results.js';
import { claimLine } from '../../../framework/line-owner.js';
import { requestSpinner } from '../../../framework/request-spinner.js';

interface ScanOptions {
  tab: number;
  /** Poll until the scan ends, then print the results. */
  wait?: boolean;
  /** Exit 1 when any link is broken; implies wait. */
  failOnBroken?: boolean;
  /** Seconds between polls (default 1). */
  interval?: number;
  /** Polls in a row without progress after which the wait gives up. */
  stallLimit?: number;
}

/** How a wait for a scan is paced and bounded. */
export type WaitOptions = { interval?: number; stallLimit?: number };

async function scan(opts: ScanOptions, f: Factory): Promise<Ending> {
  const client = await f.client();
  const { data: started } = await client.call('knowledgebase.scanLinks', { body: { tab_id: opts.tab } });
  if (opts.wait || opts.failOnBroken) return waitAndReport(client, started, f, opts);
  const out = await f.output();
  if (out.format !== 'table' && out.format !== 'plain') return { item: started, columns: progressFields };
  return {
    report: () => `${terminalText(started.scan_id)}\n`,
    data: started,
    after: () =>
      f.status(
        `Started a link-health scan of tab ${opts.tab}; follow it with: fp kb link-health progress ${started.scan_id}`,
      ),
  };
}

/**
 * Waits for the scan, then the tab's results and, with `failOnBroken`,
 * exit 1 naming the number of broken links (distinct URLs, as the progress counts them).
 */
export async function waitAndReport(
  client: ApiClient,
  first: ScanProgress,
  f: Factory,
  opts: { failOnBroken?: boolean } & WaitOptions,
): Promise<Ending> {
  const finished = await waitForScan(client, first, f, opts);
  if (finished.state === 'failed') {
    throw new Error(`link-health scan ${finished.scan_id} failed: ${finished.error ?? 'no reason given'}`);
  }
  const { data } = await client.call('knowledgebase.linkResults', { params: { tabId: finished.tab_id } });
  const results = await resultsEnding(data, f);
  const { broken, articlesWithBroken } = linkTally(data.posts);
  if (!opts.failOnBroken || broken === 0) return results;
  return {
    ...results,
    async after() {
      await results.after?.();
      f.status(`error: ${plural(broken, 'broken link')} in ${plural(articlesWithBroken, 'article')}`);
      throw new SilentExit(1);
    },
  };
}

/** What to run to pick up a scan that is still going after this process ends. */
const resumeHint = (scanId: string) =>
  `Interrupted; scan ${scanId} goes on. Resume with: fp kb link-health progress ${scanId} --wait`;

/**
 * Polls until the scan is completed or failed, showing progress on stderr. The wait ends
 * by `--timeout` (default 30 min) or after `--stall-limit` polls without progress, with
 * the scan id and how to resume. If the process ends meanwhile (Ctrl-C), the scan id and
 * the command that resumes waiting are printed on the way out.
 */
async function waitForScan(
  client: ApiClient,
  first: ScanProgress,
  f: Factory,
  opts: WaitOptions = {},
): Promise<ScanProgress> {
  const reporter = await progressReporter(f);
  const onExit = () => {
    reporter.stop();
    f.io.stderr.write(`\n${resumeHint(first.scan_id)}\n`);
  };
  process.once('exit', onExit);
  let progress: ScanProgress;
  try {
    progress = await pollUntil({
      first,
      next: async () => (await client.call('knowledgebase.scanProgress', { params: { scanId: first.scan_id } })).data,
      ended: (p) => p.state !== 'queued' && p.state !== 'running',
      progressOf: (p) => `${p.state} ${p.total} ${p.checked} ${p.failed}`,
      onState: (p) => reporter.update(p),
      intervalMs: (opts.interval ?? 1) * 1000,
      deadlineMs: parseTimeout(f.globals().timeout) ?? DEFAULT_WAIT_MS,
      stallLimit: opts.stallLimit ?? DEFAULT_STALL_LIMIT,
      describe: (p) => ({
        what: `link-health scan ${p.scan_id} (${p.state}, ${p.checked} of ${p.total} links checked)`,
        resume: `fp kb link-health progress ${p.scan_id} --wait`,
      }),
    });
  } catch (err) {
    reporter.stop();
    throw err;
  } finally {
    process.off('exit', onExit);
  }
  reporter.done(progress);
  return progress;
}

interface Reporter {
  update(p: ScanProgress): void;
  done(p: ScanProgress): void;
  stop(): void;
}

/**
 * A spinner at an interactive terminal; at a terminal without one (no stdin, no width), one plain
 * line each time the counts change; nothing off a terminal or in CI.
 */
async function progressReporter(f: Factory): Promise<Reporter> {
  // Progress is drawn for people at a terminal: never into a file or pipe (`2>err.txt`), nor in CI.
  if (inCI(f.io) || !f.io.stderrIsTTY) return { update() {}, done() {}, stop() {} };
  // ora divides by the width: a pseudo-terminal that reports 0 columns would make it loop.
  const width = (f.io.stderr as { columns?: number }).columns ?? 0;
  if (!isInteractive(f.io) || !(width > 0)) {
    let last = '';
    return {
      update(p) {
        const text = progressText(p);
        if (text !== last) f.status(text);
        last = text;
      },
      done() {},
      stop() {},
    };
  }
  const { default: ora } = await import('ora');
  const spinner = ora({ stream: f.io.stderr as NodeJS.WritableStream, discardStdin: false });
  // This spinner owns the line: the request spinner stays off while it runs.
  const held = requestSpinner(f.io)?.hold();
  // A status line (a retry notice) erases the spinner first; its next frame draws it again.
  const giveUp = claimLine(f.io, () => spinner.clear());
  const release = () => {
    held?.();
    giveUp();
  };
  return {
    update(p) {
      spinner.text = progressText(p);
      if (!spinner.isSpinning) spinner.start();
    },
    done(p) {
      // A red cross, not a green tick, when anything is broken.
      if (p.state === 'completed' && p.failed === 0)
        spinner.succeed(`Checked ${plural(p.total, 'distinct link')}, none broken`);
      else if (p.state === 'completed') spinner.fail(`Checked ${plural(p.total, 'distinct link')}, ${p.failed} broken`);
      else spinner.fail(`Scan ${p.state}`);
      release();
    },
    stop() {
      spinner.stop();
      release();
    },
  };
}

export default defineCommand<ScanOptions>({
  name: 'scan',
  description: 'Start a link-health scan of every article of a tab',
  flags: [tabFlag, ...waitFlags],
  examples: [
    'fp kb link-health scan --tab 4',
    'fp kb link-health scan --tab 4 --wait',
    'fp kb link-health scan --tab 4 --fail-on-broken   # CI gate: exit 1 on any broken link',
  ],
  help:
    'Links are counted once per distinct URL, in the progress, the summary and the --fail-on-broken count.\n' +
    'Ctrl-C while waiting leaves the scan running and prints how to resume: fp kb link-health progress ID --wait\n' +
    WAIT_ENDS +
    'Exit status: 0 done, 1 the scan failed or (with --fail-on-broken) a link is broken, 2 usage error,\n' +
    '5 gave up waiting (the scan goes on), 130 interrupted.',
  run: ({ opts, f }) => scan(opts, f),
});
