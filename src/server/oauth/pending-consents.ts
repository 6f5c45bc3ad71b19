/** A validated authorization request shown on the consent page. */
export interface ConsentRequest {
  id: string;
  csrf: string;
  clientId: string;
  portal: string;
  /** The client address of the browser that asked for the page (`D-CLIENT-ADDRESS`). */
  from: string;
  redirectUri: string;
  /** Whether redirect_uri was sent (then the token request must repeat it). */
  redirectUriGiven: boolean;
  codeChallenge: string;
  state?: string;
  resource: string;
  expiresAt: number;
  /** Keys refused so far on this consent. */
  refusedKeys: number;
}

export interface ConsentLimits {
  perPortal: number;
  /** Open consent pages of one client address at one portal. */
  perAddress: number;
}

type Pages = Map<string, ConsentRequest>;

/**
 * Consent pages waiting for an administrator, bounded per portal and per client
 * address (the browser that asked for the page): a flood of authorization requests,
 * whatever client it names, closes only the flooding address's own oldest pages.
 * When a portal is full, the address holding the most pages loses its oldest, so an
 * address with few pages open (an administrator's) keeps them (`D-CLIENT-ADDRESS`).
 */
export class PendingConsents {
  private readonly byId = new Map<string, ConsentRequest>();
  /** Each portal's open consents, oldest first (they all live as long, so the expired ones lead). */
  private readonly byPortal = new Map<string, Pages>();
  /** Each portal's open consents per address, oldest first. */
  private readonly byAddress = new Map<string, Map<string, Pages>>();

  constructor(private readonly limits: ConsentLimits) {}

  add(consent: ConsentRequest, now: number): void {
    const open = group(this.byPortal, consent.portal, () => new Map());
    for (const [id, c] of open) {
      if (c.expiresAt > now) break;
      this.delete(id);
    }
    const addresses = group(this.byAddress, consent.portal, () => new Map());
    const mine = addresses.get(consent.from);
    if (mine && mine.size >= this.limits.perAddress) this.delete(first(mine));
    if (open.size >= this.limits.perPortal) this.delete(first(largest(addresses)));
    this.byId.set(consent.id, consent);
    open.set(consent.id, consent);
    group(addresses, consent.from, () => new Map()).set(consent.id, consent);
  }

  get(id: string, now: number): ConsentRequest | undefined {
    const consent = this.byId.get(id);
    return consent && consent.expiresAt > now ? consent : undefined;
  }

  delete(id: string): void {
    const consent = this.byId.get(id);
    if (!consent) return;
    this.byId.delete(id);
    this.byPortal.get(consent.portal)?.delete(id);
    const addresses = this.byAddress.get(consent.portal);
    const mine = addresses?.get(consent.from);
    mine?.delete(id);
    if (mine?.size === 0) addresses!.delete(consent.from);
  }

  /** How many consents of a portal are open (expired ones not yet swept included). */
  openAt(portal: string): number {
    return this.byPortal.get(portal)?.size ?? 0;
  }
}

function group<K, V>(groups: Map<K, V>, key: K, make: () => V): V {
  let value = groups.get(key);
  if (value === undefined) groups.set(key, (value = make()));
  return value;
}

/** The pages of the address holding the most (the first such on a tie). */
function largest(addresses: Map<string, Pages>): Pages {
  let found: Pages = new Map();
  for (const pages of addresses.values()) if (pages.size > found.size) found = pages;
  return found;
}

const first = (pages: Pages) => pages.keys().next().value as string;
