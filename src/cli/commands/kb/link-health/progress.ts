import { defineCommand } from '../../../framework/define-command.js';
import { WAIT_ENDS, waitFlags } from '../options.js';
import { progressFields } from './render.js';

interface ProgressOptions {
  scanId: string;
  /** Poll until the scan ends, then print the results (resumes an interrupted `scan --wait`). */
  wait?: boolean;
  failOnBroken?: boolean;
  interval?: number;
  stallLimit?: number;
}

export default defineCommand<ProgressOptions>({
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
  async run({ opts, f }) {
    const client = await f.client();
    const { data } = await client.call('knowledgebase.scanProgress', { params: { scanId: opts.scanId } });
    if (!opts.wait && !opts.failOnBroken) return { item: data, columns: progressFields };
    const { waitAndReport } = await import('./scan.js');
    return waitAndReport(client, data, f, opts);
  },
});
