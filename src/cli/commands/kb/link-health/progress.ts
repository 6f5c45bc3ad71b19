import type { Command } from 'commander';
import type { ScanProgress } from '../../../../contract/schemas/knowledgebase.js';
import type { Factory } from '../../../factory.js';
import { withExamples } from '../../../help.js';
import type { Column } from '../../../output/output.js';
import { parseSeconds } from '../options.js';

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

export interface ProgressOptions {
  scanId: string;
  /** Poll until the scan ends, then print the results (resumes an interrupted `scan --wait`). */
  wait?: boolean;
  failOnBroken?: boolean;
  interval?: number;
}

export async function progressRun(opts: ProgressOptions, f: Factory): Promise<void> {
  const client = await f.client();
  const { data } = await client.call('knowledgebase.scanProgress', { params: { scanId: opts.scanId } });
  if (!opts.wait && !opts.failOnBroken) {
    await (await f.output()).item(data, progressFields);
    return;
  }
  const { waitAndReport } = await import('./scan.js');
  await waitAndReport(client, data, f, opts);
}

/** `run` is replaceable so tests can check the options a command line parses to. */
export function register(parent: Command, f: Factory, run: typeof progressRun = progressRun): void {
  withExamples(
    parent.command('progress').description('Show the progress of a link-health scan').argument('<scan-id>', 'id printed by scan'),
    [
      'fp kb link-health progress 0d5c1f7e-8a43-4f3e-9a55-2b1f6c3d4e5f',
      'fp kb link-health progress "$SCAN" --json',
      'fp kb link-health progress "$SCAN" --wait --fail-on-broken   # resume waiting after Ctrl-C',
    ],
  )
    .option('--wait', 'poll until the scan ends, then print the results')
    .option('--fail-on-broken', 'exit 1 when any link is broken (implies --wait)')
    .option('--interval <seconds>', 'seconds between progress polls with --wait (default 1)', parseSeconds)
    .action((scanId: string, o: { wait?: boolean; failOnBroken?: boolean; interval?: number }) =>
      run({ scanId, ...(o.wait ? { wait: true } : {}), ...(o.failOnBroken ? { failOnBroken: true } : {}), ...(o.interval ? { interval: o.interval } : {}) }, f),
    );
}
