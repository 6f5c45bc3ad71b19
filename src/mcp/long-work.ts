import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiClient } from '../client/api-client.js';
import type { ToolDefinition } from './tools.js';

/** Tools whose work outlasts one exchange: they report progress and may run as tasks. */
export const SCAN_TOOL = 'knowledgebase.scanLinks';
const LONG_WORK: ReadonlySet<string> = new Set([SCAN_TOOL, 'knowledgebase.execute']);

export const isLongWork = (tool: ToolDefinition) => LONG_WORK.has(tool.name);

/** Told how far the work is: `progress` out of `total` (when known), in words. */
export type Report = (progress: number, total: number | undefined, message: string) => Promise<void>;

const SCAN_POLL_MS = 250;

interface ScanAnswer {
  data: { scan_id: string; state: string; total: number; checked: number; failed: number };
}

/**
 * A started link-health scan followed to its end through the API's progress
 * endpoint, each poll reported; the answer is the scan's last progress, the
 * shape `knowledgebase.scanLinks` answers with.
 */
export async function followScan(client: ApiClient, started: ScanAnswer, report: Report): Promise<ScanAnswer> {
  let answer = started;
  for (;;) {
    const { state, checked, total, failed } = answer.data;
    await report(checked, total || undefined, `scan ${state}: ${checked} of ${total} links checked, ${failed} failed`);
    if (state === 'completed' || state === 'failed') return answer;
    await sleep(SCAN_POLL_MS);
    answer = (await client.call('knowledgebase.scanProgress', {
      params: { scanId: started.data.scan_id },
    })) as unknown as ScanAnswer;
  }
}
