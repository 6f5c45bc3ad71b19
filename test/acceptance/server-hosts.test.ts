import { request } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_KEY } from '../support/fixture-seed.js';
import { runFp, startFpServer, type FpServer } from '../support/run-fp.js';

let server: FpServer;
beforeAll(async () => {
  server = await startFpServer(undefined, ['--allowed-hosts', 'Proxy.Internal, fp-container']);
});
afterAll(() => server.stop());

const portalAt = async (host: string) => {
  const res = await request(`${server.url}/api/v1/portal`, { headers: { host, authorization: `Bearer ${ADMIN_KEY}` } });
  return { status: res.statusCode, text: await res.body.text() };
};

it('D-HTTP-HOST fp server --allowed-hosts: the names given are answered, any other unknown name is 421', async () => {
  expect((await portalAt('proxy.internal')).status).toBe(200);
  expect((await portalAt('fp-container:4010')).status).toBe(200);
  expect(await portalAt('rebound.example')).toEqual({ status: 421, text: '{"message":"Misdirected Request."}' });
});

it('D-HTTP-HOST fp server --allowed-hosts refuses a value that is not a list of host names (exit 2)', async () => {
  const res = await runFp(['server', '--port', '0', '--allowed-hosts', 'http://a.example:80']);
  expect(res.code).toBe(2);
  expect(res.stderr).toContain('http://a.example:80 is not a host name');
});
