import { DEFAULT_TOLERANCE_SECONDS, verify } from '../../../contract/webhook-signature.js';
import { UsageError } from '../../errors.js';
import { defineCommand } from '../../framework/define-command.js';
import { readAllStdin } from '../../io.js';
import { headersOf, parseHeaderLine, parsePositiveInteger } from '../../parse.js';

interface VerifyOptions {
  secret?: string;
  header?: string[];
  tolerance?: number;
}

/**
 * Checks a delivery as a receiver must: the body from stdin, exactly as received, and the
 * three webhook-* headers. A body piped by `echo` gains a newline the sender never signed, so
 * the body without its last newline is tried too.
 */
export default defineCommand<VerifyOptions>({
  name: 'verify',
  description: "Check a delivery's signature and timestamp: exit 0 valid, 1 invalid or stale",
  flags: [
    { flags: '--secret <whsec_…>', description: "the endpoint's signing secret" },
    {
      flags: '--header <name: value>',
      description: 'a header of the delivery (repeat for webhook-id, webhook-timestamp, webhook-signature)',
      parse: parseHeaderLine,
    },
    {
      flags: '--tolerance <seconds>',
      description: `how old (or early) the timestamp may be (default ${DEFAULT_TOLERANCE_SECONDS})`,
      parse: parsePositiveInteger,
    },
  ],
  examples: [
    "fp webhooks verify --secret whsec_… --header 'webhook-id: evt_…' --header 'webhook-timestamp: 1790000000' --header 'webhook-signature: v1,…' < body.json",
  ],
  help: "For receivers' own tests: save a delivery's body and headers (fp webhooks listen --json prints bodies) and check them.",
  async run({ opts, f }) {
    if (!opts.secret) throw new UsageError("missing --secret: the endpoint's whsec_ secret");
    const body = await readAllStdin(f.io);
    const headers = headersOf(opts.header ?? []);
    const check = (text: string) => verify(opts.secret!, headers, text, { toleranceSeconds: opts.tolerance });
    let verdict = check(body);
    if (!verdict.valid && verdict.problem === 'signature' && /\r?\n$/.test(body)) {
      const unpiped = check(body.replace(/\r?\n$/, ''));
      if (unpiped.valid) verdict = unpiped;
    }
    if (!verdict.valid) throw new Error(`invalid delivery: ${verdict.message}`);
    return {
      done: `valid: ${verdict.id}, signed at ${new Date(verdict.timestamp * 1000).toISOString()}`,
      data: verdict,
    };
  },
});
