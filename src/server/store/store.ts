import type { FilePersistence } from './persist-file.js';
import type { PortalState, ServerState } from './state.js';

/** Holds the server's data, answers which portal a host is, and makes writes durable. */
export class Store {
  private initial: string;

  constructor(
    public state: ServerState,
    private readonly persistence?: FilePersistence,
    /** What `/__reference/reset` goes back to; defaults to the state as loaded. */
    resetTo: ServerState = state,
  ) {
    this.initial = JSON.stringify(resetTo);
  }

  get portals(): PortalState[] {
    return this.state.portals;
  }

  /** The portal for a Host header (name without port); the default portal answers unknown hosts. */
  portalForHost(hostHeader: string | undefined): PortalState {
    const host = stripPort(hostHeader ?? '').toLowerCase();
    return this.portals.find((p) => p.hosts.includes(host)) ?? this.portals.find((p) => p.default) ?? this.portals[0];
  }

  /** Make every change so far durable (a no-op without a data file). */
  async commit(): Promise<void> {
    if (this.persistence) await this.persistence.write(() => this.state);
  }

  /** Put one portal back as it was at start. */
  reset(portalId: number): void {
    const fresh = (JSON.parse(this.initial) as ServerState).portals.find((p) => p.id === portalId);
    const index = this.portals.findIndex((p) => p.id === portalId);
    if (fresh && index >= 0) this.portals[index] = fresh;
  }
}

export function stripPort(host: string): string {
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return colon > -1 && host.indexOf(':') === colon ? host.slice(0, colon) : host;
}
