import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { createServer as netServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi, type TestContext } from 'vitest';
import { s256 } from '../support/pkce.js';
import { requireTool } from '../support/required-tool.js';
import { ADMIN_KEY, fixtureSeed } from '../support/fixture-seed.js';
import { startFpServer, type FpServer } from '../support/run-fp.js';
import { approveInBrowser, openConsent, TestOAuthProvider } from '../mcp/oauth-browser.js';

/**
 * Client ID Metadata Documents end to end: the documents are served over HTTPS on
 * loopback with a certificate made here, which the child `fp server` trusts through
 * NODE_EXTRA_CA_CERTS; the agent is the MCP SDK client with a `clientMetadataUrl`.
 */
/** `openssl version` (OpenSSL has no --version). */
const HAS_OPENSSL = spawnSync('openssl', ['version'], { stdio: 'ignore' }).status === 0;
const REDIRECT = 'http://127.0.0.1:9/callback';

let dir: string;
let docs: Server;
let docsUrl: string;
let server: FpServer | undefined;
/** A server without --allow-local-client-documents: it must fetch nothing on loopback. */
let guarded: FpServer | undefined;
/** What the servers wrote to stderr (their log). */
let logged = '';
/** What the document server answers per path, and how often each path was asked for. */
const documents = new Map<string, { body: string; cacheControl?: string }>();
const hits = new Map<string, number>();

function makeCertificate(): { key: string; cert: string; certPath: string } {
  dir = mkdtempSync(join(tmpdir(), 'fp-cimd-'));
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  // biome-ignore format: openssl's arguments read as flag and value, a pair a line
  const made = spawnSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
    '-keyout', keyPath, '-out', certPath,
  ], { stdio: 'pipe' });
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`);
  return { key: readFileSync(keyPath, 'utf8'), cert: readFileSync(certPath, 'utf8'), certPath };
}

beforeAll(async () => {
  if (!HAS_OPENSSL) return;
  const { key, cert, certPath } = makeCertificate();
  docs = createServer({ key, cert }, (req, res) => {
    const path = req.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const doc = documents.get(path);
    if (!doc) return void res.writeHead(404).end();
    res.writeHead(200, {
      'content-type': 'application/json',
      ...(doc.cacheControl ? { 'cache-control': doc.cacheControl } : {}),
    });
    res.end(doc.body);
  });
  await new Promise<void>((resolve) => docs.listen(0, '127.0.0.1', resolve));
  docsUrl = `https://127.0.0.1:${(docs.address() as AddressInfo).port}`;
  server = await startFpServer(fixtureSeed(), ['--allow-local-client-documents'], { NODE_EXTRA_CA_CERTS: certPath });
  guarded = await startFpServer(fixtureSeed(), ['--allow-private-links'], { NODE_EXTRA_CA_CERTS: certPath });
  for (const s of [server, guarded]) s.child.stderr!.on('data', (d: Buffer) => (logged += d.toString()));
});
afterAll(async () => {
  await server?.stop();
  await guarded?.stop();
  if (docs) await new Promise((resolve) => docs.close(resolve));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A document at PATH describing a client; `override` changes or adds fields. */
function publish(path: string, override: Record<string, unknown> = {}, cacheControl?: string): string {
  const url = `${docsUrl}${path}`;
  const body = { client_id: url, client_name: 'Document agent', redirect_uris: [REDIRECT], ...override };
  documents.set(path, { body: JSON.stringify(body), cacheControl });
  return url;
}

class DocumentProvider extends TestOAuthProvider {
  constructor(readonly clientMetadataUrl: string) {
    super(REDIRECT);
  }
}

function authorizeUrl(clientId: string, redirectUri = REDIRECT, at = server!): string {
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: redirectUri,
    code_challenge: s256('v'.repeat(43)),
    code_challenge_method: 'S256',
  });
  return `${at.url}/oauth/authorize?${q}`;
}

async function refusal(url: string) {
  const res = await request(url);
  return { status: res.statusCode, body: (await res.body.json()) as { error: string; error_description: string } };
}

async function statusOf(url: string): Promise<number> {
  const res = await request(url);
  await res.body.dump();
  return res.statusCode;
}

const needsOpenssl = (ctx: TestContext) => requireTool(ctx, 'openssl', HAS_OPENSSL);

describe('D-OAUTH-CIMD Client ID Metadata Documents at fp server', () => {
  it('the metadata says client_id_metadata_document_supported', async (ctx) => {
    needsOpenssl(ctx);
    const res = await request(`${server!.url}/.well-known/oauth-authorization-server`);
    expect(await res.body.json()).toMatchObject({ client_id_metadata_document_supported: true });
  });

  it('D-OAUTH-CIMD-FLOW the SDK client with a document URL: authorize, consent, token, then a /mcp call', async (ctx) => {
    needsOpenssl(ctx);
    const provider = new DocumentProvider(publish('/agent.json'));
    const transport = new StreamableHTTPClientTransport(new URL(`${server!.url}/mcp`), { authProvider: provider });
    const first = new Client({ name: 'document-agent', version: '1.0.0' });
    await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    // No registration: the client_id is the document's URL.
    expect(provider.authorizationUrl!.searchParams.get('client_id')).toBe(`${docsUrl}/agent.json`);
    const page = await openConsent(provider.authorizationUrl!);
    expect(page.status).toBe(200);
    expect(page.html).toContain('Document agent');
    expect(page.html).toContain(`${docsUrl}/agent.json`);
    const callback = await approveInBrowser(provider.authorizationUrl!, server!.url, ADMIN_KEY);
    await transport.finishAuth(callback.searchParams);
    await first.close().catch(() => {});
    expect(provider.saved).toMatchObject({ token_type: 'Bearer', scope: 'mcp' });

    const client = new Client({ name: 'document-agent', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${server!.url}/mcp`), { authProvider: provider }));
    const portal = await client.callTool({ name: 'portal.get', arguments: {} });
    expect((portal.structuredContent as { data: { title: string } }).data.title).toBe('Test Portal');
    await client.close();
  });

  it('D-OAUTH-CIMD-MISMATCH a document naming another client_id is refused (400 invalid_client), nothing redirected', async (ctx) => {
    needsOpenssl(ctx);
    const url = publish('/impostor.json', { client_id: `${docsUrl}/someone-else.json` });
    const { status, body } = await refusal(authorizeUrl(url));
    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'invalid_client',
      error_description: `The client metadata document at ${url} names client_id "${docsUrl}/someone-else.json", not its own URL.`,
    });
  });

  it('D-OAUTH-CIMD-REDIRECT a redirect_uri the document does not list exactly is refused', async (ctx) => {
    needsOpenssl(ctx);
    const url = publish('/strict.json');
    const { status, body } = await refusal(authorizeUrl(url, `${REDIRECT}/`));
    expect(status).toBe(400);
    expect(body).toEqual({
      error: 'invalid_request',
      error_description: 'The redirect_uri does not match a registered redirect URI.',
    });
  });

  it('D-OAUTH-CIMD-FETCH a missing, oversized or unreachable document gets one answer, the reason going to the log; a secret-bearing one is refused with the reason', async (ctx) => {
    needsOpenssl(ctx);
    const missing = `${docsUrl}/missing.json`;
    const big = publish('/big.json', { client_name: 'x'.repeat(6000) });
    const plain = await plainListener();
    const notTls = `https://127.0.0.1:${plain.port}/agent.json`;
    for (const url of [missing, big, notTls]) {
      expect((await refusal(authorizeUrl(url))).body).toEqual({
        error: 'invalid_client',
        error_description: `The client metadata document at ${url} could not be fetched.`,
      });
    }
    await plain.close();
    await vi.waitFor(() => {
      expect(logged).toContain(`${missing} could not be fetched: it answered HTTP 404, not 200`);
      expect(logged).toContain(`${big} could not be fetched: it is larger than 5120 bytes.`);
      expect(logged).toContain(`${notTls} could not be fetched: `);
    });
    const secret = publish('/secret.json', { token_endpoint_auth_method: 'client_secret_basic' });
    expect((await refusal(authorizeUrl(secret))).body.error_description).toBe(
      `The client metadata document at ${secret} must describe a public client (token_endpoint_auth_method none, no client_secret).`,
    );
    const root = `${docsUrl}/`;
    expect((await refusal(authorizeUrl(root))).body.error_description).toBe(
      `The client metadata document at ${root} must have a path in its URL.`,
    );
  });

  it('D-OAUTH-CIMD-CACHE a document is fetched once while its max-age lasts; no-store is fetched each time', async (ctx) => {
    needsOpenssl(ctx);
    const kept = publish('/kept.json', {}, 'public, max-age=600');
    const fresh = publish('/fresh.json', {}, 'no-store');
    for (let i = 0; i < 3; i++) {
      expect(await statusOf(authorizeUrl(kept))).toBe(200);
      expect(await statusOf(authorizeUrl(fresh))).toBe(200);
    }
    expect(hits.get('/kept.json')).toBe(1);
    expect(hits.get('/fresh.json')).toBe(3);
  });

  it('D-OAUTH-CIMD-FETCH without --allow-local-client-documents a loopback document is never fetched: no port is probed', async (ctx) => {
    needsOpenssl(ctx);
    const url = publish('/probe.json');
    const plain = await plainListener();
    const listening = `https://127.0.0.1:${plain.port}/x.json`;
    for (const clientId of [url, listening]) {
      expect((await refusal(authorizeUrl(clientId, REDIRECT, guarded!))).body).toEqual({
        error: 'invalid_client',
        error_description: `The client metadata document at ${clientId} could not be fetched.`,
      });
    }
    expect(hits.get('/probe.json')).toBeUndefined();
    expect(plain.connections()).toBe(0);
    await plain.close();
    await vi.waitFor(() =>
      expect(logged).toContain(`${url} could not be fetched: blocked: 127.0.0.1 is a loopback address`),
    );
  });
});

/** A loopback TCP listener that closes every connection at once (a TLS handshake with it fails), counting them. */
async function plainListener() {
  let count = 0;
  const listener = netServer((socket) => {
    count++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  return {
    port: (listener.address() as AddressInfo).port,
    connections: () => count,
    close: () => new Promise<void>((resolve) => listener.close(() => resolve())),
  };
}
