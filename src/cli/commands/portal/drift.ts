import { InvalidArgumentError } from 'commander';
import { EXIT, SilentExit } from '../../errors.js';
import { defineCommand } from '../../framework/define-command.js';
import { HOSTED_RATE, type Rate } from '../../snapshot/pacer.js';
import { rateFlag } from '../../snapshot/rate-flag.js';

interface DriftFlags {
  include?: string[];
  rate?: Rate | null;
}

function parseInclude(value: string): string[] {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) throw new InvalidArgumentError('expected a comma-separated list of operations or groups');
  return parts;
}

/**
 * Reads every list and get operation of a live portal and compares each answer with the
 * contract (D-DRIFT-COMPARE): 0 when nothing differs, 3 on drift (a 404 counts: the operation is
 * not offered), 1 when an operation failed. Paced like `fp portal snapshot`.
 */
export default defineCommand<DriftFlags>({
  name: 'drift',
  description: "Compare a live portal's answers with the contract, operation by operation",
  flags: [
    {
      flags: '--include <list>',
      description: 'only these operations or groups, comma-separated (posts.get, users, …)',
      parse: parseInclude,
    },
    rateFlag,
  ],
  examples: [
    'fp portal drift --rate off',
    'fp portal drift --include users,posts.get --rate off',
    'fp portal drift --json --jq \'.operations[] | select(.outcome != "ok") | .operation\' --rate off',
  ],
  help: `For each operation: its status, fields the contract does not know, fields it expects and
did not get, and type or format mismatches (one example path each). A 404 means the portal
does not offer the operation. Operations marked assumed are built on public evidence,
not on the specification: drift is how to learn where their shapes are wrong.
Exit codes: 0 no drift, 3 drift, 1 failure. --json gives {drift, tally, operations} for CI.`,
  async run({ opts, f, client, output }) {
    const [{ driftOperations, driftNames }, { readDrift }, { driftReport, tally }, { pacedClient }, { Pacer }] =
      await Promise.all([
        import('../../drift/drift-targets.js'),
        import('../../drift/read-drift.js'),
        import('../../drift/drift-report.js'),
        import('../../snapshot/paced-client.js'),
        import('../../snapshot/pacer.js'),
      ]);
    const known = driftNames();
    const unknown = opts.include?.filter((i) => !known.includes(i)) ?? [];
    if (unknown.length) {
      const { UsageError } = await import('../../errors.js');
      throw new UsageError(
        `unknown --include ${unknown.join(', ')}: drift reads ${known.filter((n) => !n.includes('.')).join(', ')} (or one operation, such as posts.get)`,
      );
    }
    const paced = pacedClient(await client(), new Pacer(opts.rate === undefined ? HOSTED_RATE : opts.rate), {
      onWait: (s) => f.status(`rate limited: waiting ${s}s`),
    });
    const results = await readDrift(paced.client, driftOperations(opts.include));
    const out = await output();
    const drift = results.some((r) => r.outcome === 'drift' || r.outcome === 'not-offered');
    if (out.machine) await out.item({ drift, tally: tally(results), operations: results }, []);
    else out.report(driftReport(results)); // field names and values come from the portal: shown, not obeyed
    if (results.some((r) => r.outcome === 'failed')) throw new SilentExit(EXIT.failure);
    if (drift) throw new SilentExit(EXIT.changes);
  },
});
