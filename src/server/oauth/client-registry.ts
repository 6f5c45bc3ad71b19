/** A client registered with one portal's authorization server (RFC 7591). */
export interface RegisteredClient {
  clientId: string;
  /** The portal (guid) whose authorization server registered it. */
  portal: string;
  redirectUris: string[];
  clientName?: string;
  /** `web` or `native` (RFC 7591 as extended by OpenID registration): `native` may use private-use redirect schemes. */
  applicationType?: string;
  /** Seconds since the epoch. */
  issuedAt: number;
}

interface Entry {
  client: RegisteredClient;
  registeredAt: number;
  /** Whether an authorization of it was ever approved: used clients do not expire. */
  used: boolean;
}

export interface RegistryLimits {
  clientsPerPortal: number;
  /** A registration never used for an approved authorization is forgotten after this long. */
  unusedMs: number;
}

/**
 * Registered clients, bounded per portal: strangers registering on one portal
 * never use up another's room. Unused registrations expire.
 */
export class ClientRegistry {
  private readonly entries = new Map<string, Entry>();
  /** Each portal's client ids in the order they registered (the oldest first). */
  private readonly byPortal = new Map<string, Set<string>>();

  constructor(private readonly limits: RegistryLimits) {}

  register(client: RegisteredClient, now: number): RegisteredClient | undefined {
    const ids = this.portalIds(client.portal);
    if (ids.size >= this.limits.clientsPerPortal) this.dropUnused(ids, now);
    if (ids.size >= this.limits.clientsPerPortal) return undefined;
    this.entries.set(client.clientId, { client, registeredAt: now, used: false });
    ids.add(client.clientId);
    return client;
  }

  get(clientId: string, now: number): RegisteredClient | undefined {
    const entry = this.entries.get(clientId);
    if (!entry) return undefined;
    if (this.expired(entry, now)) {
      this.remove(entry);
      return undefined;
    }
    return entry.client;
  }

  markUsed(clientId: string): void {
    const entry = this.entries.get(clientId);
    if (entry) entry.used = true;
  }

  private expired(entry: Entry, now: number): boolean {
    return !entry.used && entry.registeredAt + this.limits.unusedMs <= now;
  }

  private dropUnused(ids: Set<string>, now: number): void {
    for (const id of ids) {
      const entry = this.entries.get(id);
      if (entry && this.expired(entry, now)) this.remove(entry);
    }
  }

  private remove(entry: Entry): void {
    this.entries.delete(entry.client.clientId);
    this.byPortal.get(entry.client.portal)?.delete(entry.client.clientId);
  }

  private portalIds(portal: string): Set<string> {
    let ids = this.byPortal.get(portal);
    if (!ids) this.byPortal.set(portal, (ids = new Set()));
    return ids;
  }
}
