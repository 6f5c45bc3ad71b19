import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Portal } from '../store/portal.js';
import type { Store } from '../store/store.js';
import { HttpError } from './error-response.js';
import { isHostHeader } from './host-syntax.js';

export interface HostPolicy {
  /** Extra names the default portal answers (`fp server --allowed-hosts`), lower case. */
  allowedHosts?: readonly string[];
  /** Every address the server listens on, besides the one a connection came in on. */
  listening?: () => readonly string[];
}

export interface RequestHost {
  portal: Portal;
  /** `http://` and the Host as the client sent it (checked), for issuers and resource URLs. */
  origin: string;
}

const MISDIRECTED = 'Misdirected Request.';

/**
 * The portal a request is for, from its Host header: a portal's own host, or
 * `localhost`, an address the server listens on or an allowed name (the default
 * portal). Any other name is 421, so a page whose name was rebound to this
 * machine reaches nothing and sees no value built from its name.
 */
export function checkHost(req: IncomingMessage, store: Store, policy: HostPolicy): RequestHost {
  const header = singleHost(req);
  const name = hostName(header);
  assertTargetAgrees(req.url ?? '/', header);
  const named = store.portalForHost(name);
  if (named.hosts.includes(name)) return { portal: named, origin: `http://${header}` };
  if (name === 'localhost' || isListenedOn(name, req, policy) || policy.allowedHosts?.includes(name)) {
    return { portal: store.portalForHost(undefined), origin: `http://${header}` };
  }
  throw new HttpError(421, MISDIRECTED);
}

/** The one Host header, checked; an HTTP/1.0 request without one is taken as sent to the address it came in on. */
function singleHost(req: IncomingMessage): string {
  const raw = req.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i].length === 4 && raw[i].toLowerCase() === 'host') count++;
  if (count > 1) throw new HttpError(400, 'The request has more than one Host header.');
  const header = req.headers.host;
  if (header === undefined) {
    if (req.httpVersion !== '1.0') throw new HttpError(400, 'The request has no Host header.');
    const address = unmapped(req.socket.localAddress ?? '127.0.0.1');
    return `${address.includes(':') ? `[${address}]` : address}:${req.socket.localPort}`;
  }
  if (!isWellFormed(header)) throw new HttpError(400, 'The Host header is not a valid host name.');
  return header;
}

/** Host header texts found well formed lately: a client sends the same one with every request. */
const wellFormed = new Set<string>();
const WELL_FORMED_KEPT = 256;

function isWellFormed(header: string): boolean {
  if (wellFormed.has(header)) return true;
  if (!isHostHeader(header) || !URL.canParse(`http://${header}`)) return false;
  if (wellFormed.size >= WELL_FORMED_KEPT) wellFormed.clear();
  wellFormed.add(header);
  return true;
}

/** The Host's name without port, in lower case; an IPv6 address keeps its brackets (as portal hosts are written). */
function hostName(header: string): string {
  const lower = header.toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  const colon = lower.indexOf(':');
  return colon === -1 ? lower : lower.slice(0, colon);
}

/** An absolute-form target (`GET http://host/path`) must name the host the Host header names. */
function assertTargetAgrees(target: string, header: string): void {
  if (target.startsWith('/') || target === '*') return;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new HttpError(400, 'The request target is not a valid URL.');
  }
  const sameHost = url.host === new URL(`${url.protocol}//${header}`).host;
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !sameHost) {
    throw new HttpError(400, 'The request target names another host than the Host header.');
  }
}

function isListenedOn(name: string, req: IncomingMessage, policy: HostPolicy): boolean {
  const address = name.startsWith('[') ? name.slice(1, -1) : name;
  if (isIP(address) === 0) return false;
  const local = req.socket.localAddress;
  const addresses = [...(local ? [local] : []), ...(policy.listening?.() ?? [])];
  // A wildcard (`0.0.0.0`, `::`) is not an address a client reaches; the one a connection came in on is.
  return addresses.some((a) => isIP(a) !== 0 && !UNSPECIFIED.has(a) && sameAddress(a, address));
}

const UNSPECIFIED = new Set(['0.0.0.0', '::', '::0']);

function sameAddress(a: string, b: string): boolean {
  const canonical = (ip: string) => {
    const plain = unmapped(ip.toLowerCase());
    return isIP(plain) === 6 ? new URL(`http://[${plain}]`).hostname : plain;
  };
  return canonical(a) === canonical(b);
}

/** `::ffff:127.0.0.1` (an IPv4 client of a dual-stack socket) as `127.0.0.1`. */
const unmapped = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
