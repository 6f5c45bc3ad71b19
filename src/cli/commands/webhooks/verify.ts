import { readFile } from 'node:fs/promises';
import { DEFAULT_TOLERANCE_SECONDS, verify } from '../../../contract/webhook-signature.js';
import { UsageError } from '../../errors.js';
import { defineCommand } from '../../framework/define-command.js';
import { readStdinBytes, type IO } from '../../io.js';
import { headersOf, parseHeaderLine, parsePositiveInteger } from '../../parse.js';

interface VerifyOptions {
  secret?: string;
  header?: string[];
  tolerance?: number;
  bodyFile?: string;
}

async function bodyOf(io: IO, file: string | undefined): Promise<Buffer> {
  if (file === undefined || file === '-') return readStdinBytes(io);
  try {
    return await readFile(file);
  } catch (err) {
    throw new UsageError(`cannot read --body-file ${file}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
  }
}

/**
 * Checks a delivery as the Standard Webhooks libraries do: the body is the bytes given, exactly
 * (a newline the sender never signed makes it another body), and the three webhook-* or svix-*
 * headers.
 */
export default defineCommand<VerifyOptions>({
  name: 'verify',
  description: "Check a delivery's signature and timestamp: exit 0 valid, 1 invalid or stale",
  flags: [
    { flags: '--secret <whsec_…>', description: "the endpoint's signing secret" },
    {
      flags: '--header <name: value>',
      description: 'a header of the delivery (repeat for webhook-id, webhook-timestamp, webhook-signature; or svix-*)',
      parse: parseHeaderLine,
    },
    {
      flags: '--body-file <path>',
      description: 'the body, byte for byte, from this file (default: stdin; - is stdin)',
    },
    {
      flags: '--tolerance <seconds>',
      description: `how old (or early) the timestamp may be (default ${DEFAULT_TOLERANCE_SECONDS})`,
      parse: parsePositiveInteger,
    },
  ],
  examples: [
    "fp webhooks verify --secret whsec_… --header 'webhook-id: evt_…' --header 'webhook-timestamp: 1790000000' --header 'webhook-signature: v1,…' --body-file body.json",
    "fp webhooks verify --secret whsec_… --header 'svix-id: msg_…' --header 'svix-timestamp: 1790000000' --header 'svix-signature: v1,…' < body.json",
  ],
  help: `For receivers' own tests: save a delivery's body and headers (fp webhooks listen --json prints bodies) and check them.
The signature covers the body's exact bytes, so a body is checked as given: one newline more or
less is another body, and invalid. Save the body as it was received (curl -o body.json, or
--forward-to a receiver that writes the raw bytes) and pass it with --body-file; a shell's
echo adds a newline and $(…) strips one, so neither gives the signed bytes back.`,
  async run({ opts, f }) {
    if (!opts.secret) throw new UsageError("missing --secret: the endpoint's whsec_ secret");
    const body = await bodyOf(f.io, opts.bodyFile);
    const headers = headersOf(opts.header ?? []);
    const verdict = verify(opts.secret, headers, body, { toleranceSeconds: opts.tolerance });
    if (!verdict.valid) {
      const newline = verdict.problem === 'signature' && /\n$/.test(body.toString('latin1'));
      const hint = newline ? ' (the body ends with a newline: was it added after it was received?)' : '';
      throw new Error(`invalid delivery: ${verdict.message}${hint}`);
    }
    return {
      done: `valid: ${verdict.id}, signed at ${new Date(verdict.timestamp * 1000).toISOString()}`,
      data: verdict,
    };
  },
});
