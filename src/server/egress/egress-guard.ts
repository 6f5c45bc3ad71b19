import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where the link checker may connect. By default only public unicast
 * addresses: an article's links must not turn the server into a scanner of
 * its own network (loopback, private ranges, cloud metadata).
 */
export interface EgressPolicy {
  /** Lifts the guard entirely (`fp server --allow-private-links`). */
  allowPrivate?: boolean;
  /** Exact addresses let through although their range is blocked. */
  allowAddresses?: readonly string[];
  /** Whole kinds of blocked address let through (webhook targets: loopback, and private ranges on request). */
  allowKinds?: readonly BlockedKind[];
  /** Name resolution; defaults to the system resolver (`dns.lookup`, every address). */
  lookup?: (hostname: string) => Promise<LookupAddress[]>;
}

/** A refused destination; its message is the reason a link is reported as failed. */
export class EgressBlocked extends Error {
  override readonly name = 'EgressBlocked';
  readonly code = 'EGRESS_BLOCKED';
}

export type BlockedKind =
  | 'a cloud metadata'
  | 'an unspecified'
  | 'a loopback'
  | 'a link-local'
  | 'a private'
  | 'a multicast'
  | 'a reserved';

const RANGES: Array<[BlockedKind, Array<[string, number, 'ipv4' | 'ipv6']>]> = [
  [
    'a cloud metadata',
    [
      ['169.254.169.254', 32, 'ipv4'],
      ['100.100.100.200', 32, 'ipv4'],
      ['fd00:ec2::254', 128, 'ipv6'],
    ],
  ],
  [
    'an unspecified',
    [
      ['0.0.0.0', 8, 'ipv4'],
      ['::', 128, 'ipv6'],
    ],
  ],
  [
    'a loopback',
    [
      ['127.0.0.0', 8, 'ipv4'],
      ['::1', 128, 'ipv6'],
    ],
  ],
  [
    'a link-local',
    [
      ['169.254.0.0', 16, 'ipv4'],
      ['fe80::', 10, 'ipv6'],
    ],
  ],
  [
    'a private',
    [
      ['10.0.0.0', 8, 'ipv4'],
      ['172.16.0.0', 12, 'ipv4'],
      ['192.168.0.0', 16, 'ipv4'],
      ['100.64.0.0', 10, 'ipv4'], // carrier-grade NAT, private to the provider
      ['fc00::', 7, 'ipv6'],
      ['fec0::', 10, 'ipv6'], // deprecated site-local
    ],
  ],
  [
    'a multicast',
    [
      ['224.0.0.0', 4, 'ipv4'],
      ['ff00::', 8, 'ipv6'],
    ],
  ],
  [
    'a reserved',
    [
      ['240.0.0.0', 4, 'ipv4'], // includes the broadcast address
      ['192.0.0.0', 24, 'ipv4'],
      ['198.18.0.0', 15, 'ipv4'],
      ['::', 96, 'ipv6'], // IPv4-compatible addresses
      ['100::', 64, 'ipv6'], // discard-only
    ],
  ],
];

const LISTS: Array<[BlockedKind, BlockList]> = RANGES.map(([kind, subnets]) => {
  const list = new BlockList();
  for (const [net, prefix, type] of subnets) list.addSubnet(net, prefix, type);
  return [kind, list];
});

/**
 * Why an address must not be contacted, e.g. `a loopback`, or undefined when
 * it may. IPv4 addresses embedded in IPv6 (mapped, NAT64, 6to4) are judged as
 * the IPv4 address they reach.
 */
export function blockedKind(address: string): BlockedKind | undefined {
  const family = isIP(address);
  if (family === 0) return 'a reserved';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const embedded = family === 6 ? embeddedIpv4(address) : undefined;
  if (embedded !== undefined) return blockedKind(embedded);
  for (const [kind, list] of LISTS) if (list.check(address, type)) return kind;
  return undefined;
}

/** The IPv4 address a NAT64 (64:ff9b::/96) or 6to4 (2002::/16) address stands for. */
function embeddedIpv4(address: string): string | undefined {
  const groups = expandIpv6(address);
  if (groups === undefined) return undefined;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0))
    return v4(groups[6], groups[7]);
  if (groups[0] === 0x2002) return v4(groups[1], groups[2]);
  return undefined;
}

function expandIpv6(address: string): number[] | undefined {
  let text = address.toLowerCase();
  const dotted = /(?<![\d.])\d+\.\d+\.\d+\.\d+$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[0].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<number>(fill).fill(0), ...right];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/** The reason a destination is refused, or undefined when the policy lets it through. */
export function blockReason(address: string, policy: EgressPolicy, hostname = address): string | undefined {
  if (policy.allowPrivate || policy.allowAddresses?.includes(address)) return undefined;
  const kind = blockedKind(address);
  if (kind === undefined || policy.allowKinds?.includes(kind)) return undefined;
  const subject = hostname === address ? `${address} is` : `${hostname} resolves to ${address},`;
  return `blocked: ${subject} ${kind} address (not checked from this server)`;
}

/** An IP literal as URL.hostname spells it (IPv6 in brackets), without them; undefined for names. */
export function ipLiteral(hostname: string): string | undefined {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) === 0 ? undefined : bare;
}

const systemLookup = (hostname: string): Promise<LookupAddress[]> =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

/** Every address of the name, or an EgressBlocked naming the first refused one. */
export async function resolveAllowed(hostname: string, policy: EgressPolicy): Promise<LookupAddress[]> {
  const addresses = await (policy.lookup ?? systemLookup)(hostname);
  if (addresses.length === 0)
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  for (const { address } of addresses) {
    const reason = blockReason(address, policy, hostname);
    if (reason !== undefined) throw new EgressBlocked(reason);
  }
  return addresses;
}

/**
 * A `lookup` for net/tls connect: the addresses it hands over are the ones it
 * has just vetted, so the socket connects to exactly what was checked (no
 * window for a DNS answer that changes between the check and the connect).
 */
export function guardedLookup(policy: EgressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowed(hostname, policy).then(
      (addresses) => {
        const family = typeof options === 'object' ? options.family : undefined;
        const wanted = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
        if (wanted.length === 0) {
          callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        } else if (typeof options === 'object' && options.all) {
          (callback as unknown as (err: null, addresses: LookupAddress[]) => void)(null, wanted);
        } else {
          callback(null, wanted[0].address, wanted[0].family);
        }
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
