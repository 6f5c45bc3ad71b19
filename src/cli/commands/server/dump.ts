import { writeFileSync } from 'node:fs';
import type { Factory } from '../../factory.js';
import { UsageError } from '../../errors.js';
import type { Ending } from '../../framework/ending.js';

export interface DumpOptions {
  data?: string;
  output?: string;
}

/**
 * Writes the store of a data file as a seed file (format 1): every portal with
 * every default filled in, so it loads back as `--seed` and reads and diffs as JSON.
 */
export async function serverDump(opts: DumpOptions, f: Factory): Promise<Ending | void> {
  if (!opts.data) throw new UsageError('fp server dump needs --data FILE');
  const { dumpDataFile } = await import('../../../server/entry.js');
  const text = `${JSON.stringify(dumpDataFile(opts.data), null, 2)}\n`;
  if (opts.output) {
    writeFileSync(opts.output, text);
    f.status(`Wrote ${opts.output}`);
    return;
  }
  return { stream: [text] };
}
