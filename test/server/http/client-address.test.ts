import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { clientAddress } from '../../../src/server/http/client-address.js';
import { createApp } from '../../../src/server/app/create-app.js';
import type { ServerLimits } from '../../../src/server/http/server-limits.js';
import { loadSeed } from '../../../src/server/store/seeding/load-seed.js';
import { Store } from '../../../src/server/store/store.js';
import { ADMIN_KEY, fixtureSeed } from '../../support/fixture-seed.js';

describe('D-CLIENT-ADDRESS who a request comes from', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:127.0.0.5', '127.0.0.5'],
    ['::1', '0:0:0:0::/64'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    [undefined, ''],
  ])('the socket address %s counts as %s', (remoteAddress, counted) => {
    expect(clientAddress({ remoteAddress })).toBe(counted);
  });
});

async function limitedApp(limits: Partial<ServerLimits>): Promise<{ app: Server; port: number }> {
  const app = createApp({ store: new Store(loadSeed(fixtureSeed())), limits, logError: () => {} });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  return { app, port: (app.address() as AddressInfo).port };
}

/** A keep-alive connection from `localAddress`, asked once; `status` is its answer, `closed` whether the server closed it. */
async function connection(port: number, localAddress: string) {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  socket.on('error', () => {});
  let text = '';
  let closed = false;
  socket.on('data', (d) => (text += d.toString('latin1')));
  socket.on('close', () => (closed = true));
  socket.write(`GET /api/v1/portal HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${ADMIN_KEY}\r\n\r\n`);
  await vi.waitFor(() => expect(closed || /\r\n\r\n\{.*\}$/s.test(text)).toBe(true));
  return { socket, status: text.split(' ')[1], isClosed: () => closed };
}

describe('D-CLIENT-ADDRESS D-HTTP-LIMITS a stranger holding every connection never locks out another address', () => {
  it('when all are taken, the address holding the most gives up its oldest to an address holding fewer', async () => {
    const { app, port } = await limitedApp({ maxConnections: 4, maxConnectionsPerClient: 4 });
    const stranger: Array<Awaited<ReturnType<typeof connection>>> = [];
    for (let i = 0; i < 4; i++) stranger.push(await connection(port, '127.0.0.66'));
    expect(stranger.map((c) => c.status)).toEqual(['200', '200', '200', '200']);

    const owner = await connection(port, '127.0.0.1');
    expect(owner.status).toBe('200');
    await vi.waitFor(() => expect(stranger[0].isClosed()).toBe(true));
    expect(stranger.slice(1).map((c) => c.isClosed())).toEqual([false, false, false]);

    // The stranger holds 3 of 4: one more of its own is refused; the owner gets a second by the same rule.
    expect((await connection(port, '127.0.0.66')).status).toBe('503');
    expect((await connection(port, '127.0.0.1')).status).toBe('200');
    // Now 2 and 2: neither takes from the other.
    expect((await connection(port, '127.0.0.1')).status).toBe('503');
    expect((await connection(port, '127.0.0.66')).status).toBe('503');
    await new Promise<void>((resolve) => {
      app.close(() => resolve());
      app.closeAllConnections();
    });
  });
});
