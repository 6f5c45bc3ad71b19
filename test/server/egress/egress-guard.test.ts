import { createServer, type Server } from 'node:http';
import type { LookupAddress } from 'node:dns';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkUrl } from '../../../src/server/kb/link-health/check-url.js';
import { blockedKind, type EgressPolicy } from '../../../src/server/egress/egress-guard.js';
import { LinkCache } from '../../../src/server/kb/link-health/link-cache.js';
import { ScanRegistry } from '../../../src/server/kb/link-health/scan.js';

// Only loopback is ever contacted here. Other addresses appear as strings to
// classify, or behind a lookup function of the test's own that never answers them.

describe('address classes', () => {
  const blocked: Array<[string, string]> = [
    ['127.0.0.1', 'a loopback'],
    ['127.255.0.9', 'a loopback'],
    ['::1', 'a loopback'],
    ['0.0.0.0', 'an unspecified'],
    ['::', 'an unspecified'],
    ['10.1.2.3', 'a private'],
    ['172.16.0.1', 'a private'],
    ['172.31.255.255', 'a private'],
    ['192.168.1.1', 'a private'],
    ['100.64.0.1', 'a private'],
    ['fc00::1', 'a private'],
    ['fd12:3456::1', 'a private'],
    ['169.254.1.1', 'a link-local'],
    ['fe80::1', 'a link-local'],
    ['169.254.169.254', 'a cloud metadata'],
    ['fd00:ec2::254', 'a cloud metadata'],
    ['100.100.100.200', 'a cloud metadata'],
    ['224.0.0.1', 'a multicast'],
    ['239.255.255.250', 'a multicast'],
    ['ff02::1', 'a multicast'],
    ['255.255.255.255', 'a reserved'],
    ['::ffff:127.0.0.1', 'a loopback'],
    ['::ffff:7f00:1', 'a loopback'],
    ['::ffff:10.0.0.1', 'a private'],
    ['64:ff9b::a9fe:a9fe', 'a cloud metadata'],
    ['2002:7f00:1::', 'a loopback'],
    ['::127.0.0.1', 'a reserved'],
  ];
  it.each(blocked)('%s is %s address', (address, kind) => {
    expect(blockedKind(address)).toBe(kind);
  });

  it.each(['192.0.2.10', '198.51.100.7', '203.0.113.9', '2001:db8::1', '172.32.0.1', '11.0.0.1'])(
    '%s may be contacted',
    (address) => {
      expect(blockedKind(address)).toBeUndefined();
    },
  );
});

const seen: string[] = [];
let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.headers.host} ${req.url}`);
    const redirect = /^\/to\/(.+)$/.exec(req.url ?? '');
    if (redirect) res.writeHead(302, { location: decodeURIComponent(redirect[1]).replace('PORT', String(port)) }).end();
    else res.end('fine');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
});

const fixedLookup =
  (...addresses: string[]) =>
  async (): Promise<LookupAddress[]> =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

/** The test server's own address is let through; every other loopback address stays blocked. */
const trusting = (lookup?: EgressPolicy['lookup']): EgressPolicy => ({ allowAddresses: ['127.0.0.1'], lookup });

describe('checkUrl refuses blocked destinations without contacting them', () => {
  const spellings: Array<[string, string]> = [
    ['127.0.0.1', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['[::1]', '::1'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
    ['0.0.0.0', '0.0.0.0'],
  ];
  it.each(spellings)('http://%s is refused as the address it spells (%s)', async (host, address) => {
    const result = await checkUrl(`http://${host}:${port}/ok`);
    const kind = address === '0.0.0.0' ? 'an unspecified' : 'a loopback';
    expect(result).toMatchObject({
      ok: false,
      status: null,
      redirects: 0,
      error: `blocked: ${address} is ${kind} address (not checked from this server)`,
    });
    expect(seen).toEqual([]);
  });

  it('a name is refused when it resolves to a blocked address, and the reason names both', async () => {
    const result = await checkUrl(`http://links.fp-guard:${port}/ok`, { egress: { lookup: fixedLookup('127.0.0.1') } });
    expect(result).toMatchObject({
      ok: false,
      status: null,
      error: 'blocked: links.fp-guard resolves to 127.0.0.1, a loopback address (not checked from this server)',
    });
    expect(seen).toEqual([]);
  });

  it('a name is refused when any one of its addresses is blocked', async () => {
    const result = await checkUrl(`http://links.fp-guard:${port}/ok`, {
      egress: trusting(fixedLookup('127.0.0.1', '127.0.0.2')),
    });
    expect(result.error).toBe(
      'blocked: links.fp-guard resolves to 127.0.0.2, a loopback address (not checked from this server)',
    );
    expect(seen).toEqual([]);
  });

  it('a name whose addresses are all allowed is fetched from the address the lookup vetted', async () => {
    const result = await checkUrl(`http://links.fp-guard:${port}/ok`, { egress: trusting(fixedLookup('127.0.0.1')) });
    expect(result).toMatchObject({ ok: true, status: 200, error: null });
    expect(seen).toEqual([`HEAD links.fp-guard:${port} /ok`]);
  });

  it('no DNS-rebinding window: the connection goes to the very answer that was checked', async () => {
    // A resolver that answers an allowed address, then a blocked one, alternately.
    let lookups = 0;
    const rebinding = async (): Promise<LookupAddress[]> => [
      { address: ++lookups % 2 === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 },
    ];
    const result = await checkUrl(`http://rebind.fp-guard:${port}/ok`, { egress: trusting(rebinding) });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(lookups).toBe(1);
  });

  it("with a connection pool of the caller's own, names are still checked before each hop", async () => {
    const { Agent } = await import('undici');
    const own = new Agent();
    try {
      const result = await checkUrl(`http://links.fp-guard:${port}/ok`, {
        dispatcher: own,
        egress: { lookup: fixedLookup('::1') },
      });
      expect(result.error).toBe(
        'blocked: links.fp-guard resolves to ::1, a loopback address (not checked from this server)',
      );
      expect(seen).toEqual([]);
    } finally {
      await own.close();
    }
  });
});

describe('redirects are judged hop by hop', () => {
  const targets: Array<[string, string]> = [
    ['http://127.0.0.2:PORT/ok', 'blocked: 127.0.0.2 is a loopback address (not checked from this server)'],
    ['http://0x7f000002:PORT/ok', 'blocked: 127.0.0.2 is a loopback address (not checked from this server)'],
    ['http://[::1]:PORT/ok', 'blocked: ::1 is a loopback address (not checked from this server)'],
    ['http://0.0.0.0:PORT/ok', 'blocked: 0.0.0.0 is an unspecified address (not checked from this server)'],
    [
      'http://inner.fp-guard:PORT/ok',
      'blocked: inner.fp-guard resolves to 127.0.0.2, a loopback address (not checked from this server)',
    ],
  ];
  it.each(targets)('a redirect to %s is refused after the first hop', async (target, error) => {
    const lookup = fixedLookup('127.0.0.2');
    const result = await checkUrl(`http://127.0.0.1:${port}/to/${encodeURIComponent(target)}`, {
      egress: trusting(lookup),
    });
    expect(result).toMatchObject({
      ok: false,
      status: null,
      redirects: 1,
      error,
      final_url: new URL(target.replace('PORT', String(port))).href,
    });
    expect(seen).toEqual([`HEAD 127.0.0.1:${port} /to/${encodeURIComponent(target)}`]);
  });
});

describe('allowPrivate lifts the guard', () => {
  it('loopback is fetched when private links are allowed', async () => {
    expect(await checkUrl(`http://127.0.0.1:${port}/ok`, { egress: { allowPrivate: true } })).toMatchObject({
      ok: true,
      status: 200,
    });
  });

  it('a scan without the switch reports loopback links as failed, naming the block', async () => {
    const registry = new ScanRegistry({ defaults: { cache: new LinkCache() } });
    const id = registry.start(1, 'p', [
      { key: 'a1', title: 'A', body: `[x](http://127.0.0.1:${port}/ok)`, editorType: 'markdown' },
    ]);
    await registry.whenDone(id);
    expect(registry.latestResults('p', 1)).toMatchObject([
      {
        post_key: 'a1',
        healthy: false,
        links: [{ ok: false, error: 'blocked: 127.0.0.1 is a loopback address (not checked from this server)' }],
      },
    ]);
    expect(seen).toEqual([]);
  });
});
