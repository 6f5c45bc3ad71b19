import type { LookupAddress } from 'node:dns';
import type { BlockedKind, EgressPolicy } from '../egress/egress-guard.js';

/**
 * Where Client ID Metadata Documents may be fetched from. Anyone can name a document's
 * URL in an unauthenticated request, so by default only public unicast addresses, the
 * link-health guard's own policy: no loopback, private, link-local or metadata address,
 * judged before any connection is made. `fp server --allow-local-client-documents` also
 * lets loopback and private addresses through, for clients tested on this machine or
 * network; link-local and cloud-metadata addresses never (`D-OAUTH-CIMD-FETCH`).
 */
export function clientDocumentEgressPolicy(opts: {
  allowLocal?: boolean;
  lookup?: (hostname: string) => Promise<LookupAddress[]>;
}): EgressPolicy {
  const kinds: BlockedKind[] = opts.allowLocal ? ['a loopback', 'a private'] : [];
  return { allowKinds: kinds, lookup: opts.lookup };
}
