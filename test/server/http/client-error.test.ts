import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function raw(request: string): Promise<string> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => resolve(answer));
    socket.write(request);
  });
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

it('a request line and headers over 16 KiB are 431 with a JSON message', async () => {
  const answer = await raw(`GET /api/v1/posts?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  expect(answer).toMatch(/^HTTP\/1\.1 431 /);
  expect(bodyOf(answer)).toEqual({ message: 'The request headers (with the URL) are larger than 16 KiB.' });
});

it('a request Node cannot parse is 400 with a JSON message', async () => {
  const answer = await raw('NOT HTTP AT ALL\r\n\r\n');
  expect(answer).toMatch(/^HTTP\/1\.1 400 /);
  expect(bodyOf(answer)).toEqual({ message: 'The request could not be parsed as HTTP/1.1.' });
});
