import { InvalidArgumentError } from 'commander';
import { defineCommand } from '../../framework/define-command.js';
import { parseTabIdOrName, resolveKbTab } from '../../resolve/kb-tab.js';
import { HOSTED_RATE, type Rate } from '../../snapshot/pacer.js';
import { rateFlag } from '../../snapshot/rate-flag.js';
import { SNAPSHOT_PARTS, type SnapshotPart } from '../../snapshot/records.js';

interface SnapshotFlags {
  output: string;
  kbTab?: number[];
  anonymize?: boolean;
  include?: SnapshotPart[];
  resume?: boolean;
  rate?: Rate | null;
}

function parseInclude(value: string): SnapshotPart[] {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const unknown = parts.filter((p) => !(SNAPSHOT_PARTS as readonly string[]).includes(p));
  if (unknown.length || parts.length === 0) {
    throw new InvalidArgumentError(`expected a comma-separated list of ${SNAPSHOT_PARTS.join(', ')}`);
  }
  return parts as SnapshotPart[];
}

export default defineCommand<SnapshotFlags>({
  name: 'snapshot',
  description: 'Copy the portal into a seed file that fp server loads, to rehearse on',
  flags: [
    {
      flags: '-o, --output <file>',
      description: 'seed file to write (replaced only when the snapshot is complete)',
      default: 'snapshot.json',
    },
    {
      flags: '--kb-tab <tab>',
      description: 'also copy this knowledge-base tab (id, slug or name) through its sync export (repeatable)',
      parse: (value, previous) => [...(Array.isArray(previous) ? previous : []), parseTabIdOrName(value)],
      resolve: (typed, client, flag, keep, say) =>
        Promise.all((typed as Array<number | string>).map((t) => resolveKbTab(client, t, flag, keep, say))),
      complete: 'kb-tabs',
    },
    { flags: '--anonymize', description: 'replace user names, e-mails and free text by consistent pseudonyms' },
    {
      flags: '--include <parts>',
      description: `what to copy, comma-separated (default: all of ${SNAPSHOT_PARTS.join(',')})`,
      parse: parseInclude,
    },
    { flags: '--resume', description: 'continue the partial snapshot of an interrupted or failed run' },
    rateFlag,
  ],
  examples: [
    'fp server --seed demo &   # a portal to copy, on :4010',
    'FP_BASE_URL=http://127.0.0.1:4010 FP_API_KEY=acme-readonly fp portal snapshot --output acme.json --kb-tab 4',
    'fp portal snapshot --output acme.json --rate off --kb-tab 4 && fp server --port 4011 --seed acme.json   # the copy',
    'fp portal snapshot --output shared.json --anonymize --include posts,comments,categories',
    'fp portal snapshot --output acme.json --resume',
  ],
  help: `Reads the portal through the API (a read-only key is enough) and writes a seed file
(format 1) with a new API key for the copy, printed once on stderr. The copy answers
on 127.0.0.1 and localhost only. The file's "snapshot" header lists what was
reconstructed and what the API does not expose. Requests are paced to the hosted
limit (120 per 60 s) unless --rate says otherwise; an interrupted or failed run
keeps OUTPUT.partial/ and continues with --resume. --anonymize pseudonyms are keyed
with $FP_SNAPSHOT_SALT, or a random salt per snapshot.`,
  async run({ opts, f }) {
    const { snapshotRun } = await import('../../snapshot/snapshot-run.js');
    await snapshotRun(
      {
        output: opts.output,
        kbTabs: opts.kbTab ?? [],
        anonymize: Boolean(opts.anonymize),
        include: opts.include ?? [...SNAPSHOT_PARTS],
        resume: Boolean(opts.resume),
        rate: opts.rate === undefined ? HOSTED_RATE : opts.rate,
      },
      f,
    );
  },
});
