import http from 'node:http';
import net from 'node:net';
import { afterEach, expect, test, vi } from 'vitest';
import { dropUnreadBody } from '../../../src/server/http/drop-unread-body.js';

afterEach(() => {
  vi.useRealTimers();
});

/** A server that refuses every request unread, as the app does for 401/403/404/405/413. */
async function refusingServer(graceMs: number) {
  const drained: Array<() => void> = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    sockets.add(req.socket);
    req.once('end', () => drained.shift()?.());
    dropUnreadBody(req, res, graceMs);
    res.writeHead(401, { 'content-type': 'application/json', 'content-length': '2' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    sockets,
    /** Settles when the server has discarded the next refused body to its end. */
    nextDrained: () => new Promise<void>((resolve) => drained.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One keep-alive connection that sends requests and collects the answers' status lines. */
function connection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let buffer = '';
  const waiting: Array<{ count: number; resolve: (lines: string[]) => void }> = [];
  socket.on('error', () => {});
  socket.on('data', (d) => {
    buffer += d.toString('latin1');
    const lines = buffer.match(/HTTP\/1\.1 \d+ [^\r\n]*/g) ?? [];
    for (const w of [...waiting]) if (lines.length >= w.count) w.resolve(lines);
  });
  const closed = new Promise<'closed'>((resolve) => socket.once('close', () => resolve('closed')));
  return {
    socket,
    closed,
    send(body: string) {
      socket.write(
        `POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
    },
    answers(count: number) {
      return new Promise<string[]>((resolve) => waiting.push({ count, resolve }));
    },
  };
}

test('after a refused request whose body was drained, the grace timer no longer cuts off the next request on the connection', async () => {
  const s = await refusingServer(2000);
  const c = connection(s.port);
  // Fake timers (only these two: sockets and the HTTP parser do not use them) let
  // the grace period pass at once, without waiting for it.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const drained = s.nextDrained();
    c.send('{"name":"x"}');
    await c.answers(1);
    await drained;
    // Everything the grace timer could still do happens now, before the next request.
    vi.advanceTimersByTime(10_000);
    vi.useRealTimers();
    c.send('{"name":"y"}');
    const outcome = await Promise.race([c.answers(2), c.closed]);
    expect(outcome).toEqual(['HTTP/1.1 401 Unauthorized', 'HTTP/1.1 401 Unauthorized']);
  } finally {
    c.socket.destroy();
    await s.close();
  }
});

test('refusals on one keep-alive connection add no listeners to its socket', async () => {
  const s = await refusingServer(2000);
  const c = connection(s.port);
  const warnings: Error[] = [];
  const onWarning = (w: Error) => warnings.push(w);
  process.on('warning', onWarning);
  try {
    c.send('{}');
    await c.answers(1);
    const [socket] = s.sockets;
    const before = socket.listenerCount('close');
    for (let i = 2; i <= 30; i++) {
      const drained = s.nextDrained();
      c.send('{"n":1}');
      await c.answers(i);
      await drained;
    }
    expect(socket.listenerCount('close')).toBe(before);
    expect(warnings.filter((w) => w.name === 'MaxListenersExceededWarning')).toEqual([]);
  } finally {
    process.off('warning', onWarning);
    c.socket.destroy();
    await s.close();
  }
});
