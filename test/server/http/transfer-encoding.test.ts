import net from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_KEY } from '../../support/fixture-seed.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** One raw exchange: the request as written, the whole answer as text. */
function exchange(head: string, body: Buffer): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => {
      answer += d.toString('latin1');
      if (/\r\n\r\n[\s\S]*\}$/.test(answer)) socket.end();
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(answer));
    socket.write(head);
    socket.write(body);
  });
}

const chunked = (payload: Buffer) =>
  Buffer.concat([Buffer.from(`${payload.length.toString(16)}\r\n`), payload, Buffer.from('\r\n0\r\n\r\n')]);

it.each(['gzip, chunked', 'deflate,chunked', 'identity, chunked'])(
  'Transfer-Encoding: %s is refused with 400 and nothing is created',
  async (coding) => {
    const groupNames = async () =>
      (await server.request('GET', '/api/v1/groups')).body.data.map((g: { name: string }) => g.name);
    const before = await groupNames();
    const answer = await exchange(
      `POST /api/v1/groups HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${ADMIN_KEY}\r\nContent-Type: application/json\r\nTransfer-Encoding: ${coding}\r\n\r\n`,
      chunked(gzipSync('{"name":"Zipped"}')),
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe(
      JSON.stringify({
        message: `Transfer-Encoding "${coding}" is not supported; send the body with Content-Length or chunked alone.`,
      }),
    );
    expect(await groupNames()).toEqual(before);
  },
);

it('Transfer-Encoding: chunked alone is read as before', async () => {
  const answer = await exchange(
    `POST /api/v1/groups HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${ADMIN_KEY}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
    chunked(Buffer.from('{"name":"Chunked group"}')),
  );
  expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  expect(answer).toContain('"name":"Chunked group"');
});
