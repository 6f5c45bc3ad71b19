import type { Factory } from '../../../factory.js';
import { defineCommand, type CommandDef } from '../../../framework/define-command.js';
import { WAIT_ENDS, waitFlags } from '../options.js';
import { progressFields } from './render.js';

export interface ProgressOptions {
  scanId: string;
  /** Poll until the scan ends, then print the results (resumes an interrupted `scan --wait`). */
  wait?: boolean;
  failOnBroken?: boolean;
  interval?: number;
  stallLimit?: number;
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
export function progressCommand(run: typeof progressRun = progressRun): CommandDef {
  return defineCommand<{
    scanId: string;
    wait?: boolean;
    failOnBroken?: boolean;
    interval?: number;
    stallLimit?: number;
  }>({
    name: 'progress',
    description: 'Show the progress of a link-health scan',
    args: [{ name: 'scan-id', description: 'id printed by scan' }],
    flags: waitFlags,
    examples: [
      'fp kb link-health progress 0d5c1f7e-8a43-4f3e-9a55-2b1f6c3d4e5f',
      'fp kb link-health progress "$SCAN" --json',
      'fp kb link-health progress "$SCAN" --wait --fail-on-broken   # resume waiting after Ctrl-C',
    ],
    help: WAIT_ENDS,
    run: ({ opts, f }) =>
      run(
        {
          scanId: opts.scanId,
          ...(opts.wait ? { wait: true } : {}),
          ...(opts.failOnBroken ? { failOnBroken: true } : {}),
          ...(opts.interval ? { interval: opts.interval } : {}),
          ...(opts.stallLimit ? { stallLimit: opts.stallLimit } : {}),
        },
        f,
      ),
  });
}

export default progressCommand();
