import { isIPv6 } from 'node:net';

/**
 * Who a request comes from, for every count the server keeps per client (connections,
 * wrong keys, open consent pages, registrations): the connection's remote address,
 * never a header such as `X-Forwarded-For`, which anyone can write (`D-CLIENT-ADDRESS`).
 * An IPv4 address mapped into IPv6 is that IPv4 address; any other IPv6 address counts
 * by its /64, which one machine or household holds whole.
 */
export function clientAddress(socket: { remoteAddress?: string }): string {
  const raw = socket.remoteAddress ?? '';
  const address = raw.includes('%') ? raw.slice(0, raw.indexOf('%')) : raw; // an IPv6 zone (fe80::1%eth0)
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  return isIPv6(address) ? `${ipv6Prefix64(address)}::/64` : address;
}

/** The first four groups of an IPv6 address, as hex without leading zeros. */
function ipv6Prefix64(address: string): string {
  const [head, tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // A dotted IPv4 tail takes two groups; it never reaches the first four unless the address is short.
  const width = right.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups = address.includes('::')
    ? [...left, ...Array<string>(8 - left.length - width).fill('0'), ...right]
    : left;
  return groups
    .slice(0, 4)
    .map((g) => (g.includes('.') ? '0' : parseInt(g, 16).toString(16)))
    .join(':');
}
