import { promises as dns, type LookupAddress } from 'node:dns';
import { networkInterfaces } from 'node:os';
import { blockedKind, blockReason, ipLiteral, type BlockedKind, type EgressPolicy } from '../egress/egress-guard.js';

/**
 * Where the reference server may deliver webhooks (the link-health egress guard with
 * a webhook's allowances): loopback and this machine's own addresses, where rehearsal
 * receivers live; other private ranges only with `--allow-private-links`; link-local
 * and cloud-metadata addresses never, whatever the flag says.
 */
export function webhookEgressPolicy(opts: {
  allowPrivateLinks?: boolean;
  lookup?: (hostname: string) => Promise<LookupAddress[]>;
}): EgressPolicy {
  const kinds: BlockedKind[] = ['a loopback'];
  if (opts.allowPrivateLinks) kinds.push('a private');
  return { allowKinds: kinds, allowAddresses: ownAddresses(), lookup: opts.lookup };
}

const NEVER: ReadonlySet<BlockedKind | undefined> = new Set(['a link-local', 'a cloud metadata']);

/** The machine's own unicast addresses, link-local ones left out. */
function ownAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .map((i) => i.address.split('%')[0])
    .filter((a) => !NEVER.has(blockedKind(a)));
}

/**
 * Why a URL's host may not receive webhooks, worded for the url field; undefined when
 * it may. A name is judged by every address it resolves to (nothing is sent to any).
 */
export async function refusedTarget(url: string, policy: EgressPolicy): Promise<string | undefined> {
  const hostname = new URL(url).hostname;
  const literal = ipLiteral(hostname);
  let addresses: string[];
  try {
    addresses =
      literal !== undefined
        ? [literal]
        : (await (policy.lookup ?? ((h) => dns.lookup(h, { all: true, verbatim: true })))(hostname)).map(
            (a) => a.address,
          );
  } catch {
    addresses = [];
  }
  if (addresses.length === 0) return `The url field names a host that does not resolve (${hostname}).`;
  const refused = addresses.find((a) => blockReason(a, policy) !== undefined);
  return refused === undefined ? undefined : refusal(refused, literal === undefined ? hostname : undefined);
}

function refusal(address: string, hostname: string | undefined): string {
  const kind = blockedKind(address);
  const where = hostname === undefined ? address : `${hostname}, which resolves to ${address}`;
  const hint = kind === 'a private' ? ' (fp server --allow-private-links lets private addresses receive webhooks)' : '';
  return `The url field must not point to ${where}: ${kind} address${hint}.`;
}
