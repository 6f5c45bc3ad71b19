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
  /** The client address that registered it (`D-CLIENT-ADDRESS`). */
  from: string;
  /** Whether an authorization of it was ever approved: used clients do not expire. */
  used: boolean;
}

export interface RegistryLimits {
  clientsPerPortal: number;
  /** Unused registrations one client address may hold at one portal; past it its oldest goes. */
  unusedPerAddress: number;
  /** A registration never used for an approved authorization is forgotten after this long. */
  unusedMs: number;
}

/**
 * Registered clients, bounded per portal: strangers registering on one portal
 * never use up another's room. Unused registrations expire, and are bounded per
 * client address: an address registering without end replaces its own oldest unused
 * one, and a full portal makes room from the address holding the most unused ones,
 * so an administrator's registration (at another address) always gets in.
 */
export class ClientRegistry {
  private readonly entries = new Map<string, Entry>();
  /** Each portal's client ids in the order they registered (the oldest first). */
  private readonly byPortal = new Map<string, Set<string>>();
  /** Each portal's unused client ids per address, the oldest first. */
  private readonly unusedByAddress = new Map<string, Map<string, Set<string>>>();

  constructor(private readonly limits: RegistryLimits) {}

  register(client: RegisteredClient, from: string, now: number): RegisteredClient | undefined {
    const ids = group(this.byPortal, client.portal, () => new Set<string>());
    if (ids.size >= this.limits.clientsPerPortal) this.dropExpired(ids, now);
    const addresses = group(this.unusedByAddress, client.portal, () => new Map<string, Set<string>>());
    const mine = addresses.get(from);
    if (mine && mine.size >= this.limits.unusedPerAddress) this.removeId(first(mine));
    if (ids.size >= this.limits.clientsPerPortal) {
      const most = largest(addresses);
      if (most === undefined) return undefined; // every registration there is in use
      this.removeId(first(most));
    }
    this.entries.set(client.clientId, { client, registeredAt: now, from, used: false });
    ids.add(client.clientId);
    group(addresses, from, () => new Set<string>()).add(client.clientId);
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
    if (!entry || entry.used) return;
    entry.used = true;
    this.forgetUnused(entry);
  }

  private expired(entry: Entry, now: number): boolean {
    return !entry.used && entry.registeredAt + this.limits.unusedMs <= now;
  }

  /** Removes the expired registrations: the unused ones lead in registration order, so this stops at the first that lives. */
  private dropExpired(ids: Set<string>, now: number): void {
    for (const id of ids) {
      const entry = this.entries.get(id)!;
      if (entry.used) continue;
      if (!this.expired(entry, now)) return;
      this.remove(entry);
    }
  }

  private removeId(id: string): void {
    const entry = this.entries.get(id);
    if (entry) this.remove(entry);
  }

  private remove(entry: Entry): void {
    this.entries.delete(entry.client.clientId);
    this.byPortal.get(entry.client.portal)?.delete(entry.client.clientId);
    this.forgetUnused(entry);
  }

  private forgetUnused(entry: Entry): void {
    const addresses = this.unusedByAddress.get(entry.client.portal);
    const unused = addresses?.get(entry.from);
    unused?.delete(entry.client.clientId);
    if (unused?.size === 0) addresses!.delete(entry.from);
  }
}

function group<K, V>(groups: Map<K, V>, key: K, make: () => V): V {
  let value = groups.get(key);
  if (value === undefined) groups.set(key, (value = make()));
  return value;
}

/** The unused registrations of the address holding the most; undefined when none is unused. */
function largest(addresses: Map<string, Set<string>>): Set<string> | undefined {
  let found: Set<string> | undefined;
  for (const ids of addresses.values()) if (ids.size > (found?.size ?? 0)) found = ids;
  return found;
}

const first = (ids: Set<string>) => ids.values().next().value as string;
