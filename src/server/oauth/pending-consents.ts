import type { ConsentRequest } from './oauth-state.js';

export interface ConsentLimits {
  perPortal: number;
  perClient: number;
}

/**
 * Consent pages waiting for an administrator, bounded per portal and per client:
 * a flood of authorization requests closes only the flooding client's oldest pages,
 * at worst its own portal's, never another portal's.
 */
const clientKey = (c: ConsentRequest) => `${c.portal}\n${c.clientId}`;

export class PendingConsents {
  private readonly byId = new Map<string, ConsentRequest>();
  /** Each portal's open consents, oldest first. */
  private readonly byPortal = new Map<string, Map<string, ConsentRequest>>();
  /** Each client's open consents (per portal), oldest first. */
  private readonly byClient = new Map<string, Map<string, ConsentRequest>>();

  constructor(private readonly limits: ConsentLimits) {}

  add(consent: ConsentRequest, now: number): void {
    const open = this.group(this.byPortal, consent.portal);
    for (const [id, c] of open) if (c.expiresAt <= now) this.delete(id);
    const ofClient = this.group(this.byClient, clientKey(consent));
    if (ofClient.size >= this.limits.perClient) this.delete(ofClient.keys().next().value as string);
    if (open.size >= this.limits.perPortal) this.delete(open.keys().next().value as string);
    this.byId.set(consent.id, consent);
    open.set(consent.id, consent);
    ofClient.set(consent.id, consent);
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
    const ofClient = this.byClient.get(clientKey(consent));
    ofClient?.delete(id);
    if (ofClient?.size === 0) this.byClient.delete(clientKey(consent));
  }

  /** How many consents of a portal are open (expired ones not yet swept included). */
  openAt(portal: string): number {
    return this.byPortal.get(portal)?.size ?? 0;
  }

  private group(groups: Map<string, Map<string, ConsentRequest>>, key: string): Map<string, ConsentRequest> {
    let open = groups.get(key);
    if (!open) groups.set(key, (open = new Map()));
    return open;
  }
}
