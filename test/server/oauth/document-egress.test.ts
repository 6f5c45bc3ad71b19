import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientDocumentEgressPolicy } from '../../../src/server/oauth/document-egress.js';
import { MetadataDocuments } from '../../../src/server/oauth/metadata-document.js';

/**
 * D-OAUTH-CIMD-FETCH: no anonymous fetch of a loopback or private document unless the
 * server runs with --allow-local-client-documents, and one answer for every failure.
 * Only loopback listeners here; names resolve through a lookup of this test's own.
 */
let listener: net.Server;
let port: number;
let connections = 0;
/** A closed port: something listened there and stopped. */
let closedPort: number;

beforeAll(async () => {
  // Accepts and closes at once: a TLS handshake against it fails.
  listener = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as AddressInfo).port;
  const gone = net.createServer();
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  closedPort = (gone.address() as AddressInfo).port;
  await new Promise((resolve) => gone.close(resolve));
});
afterAll(() => new Promise((resolve) => listener.close(resolve)));

const toLoopback = async () => [{ address: '127.0.0.1', family: 4 }];

async function attempt(url: string, allowLocal: boolean) {
  const logged: string[] = [];
  const policy = clientDocumentEgressPolicy({ allowLocal, lookup: toLoopback });
  const err = await new MetadataDocuments(2_000).client(url, policy, 0, (m) => logged.push(m)).catch((e) => e);
  return { description: (err as { description?: string }).description, logged };
}

describe('D-OAUTH-CIMD-FETCH documents on loopback are refused before any connection, unless allowed', () => {
  it('an IP literal and a name resolving to loopback: refused, nothing connects, the reason only in the log', async () => {
    const before = connections;
    for (const host of [`127.0.0.1:${port}`, `docs.test:${port}`, `[::1]:${port}`, `127.1.2.3:${port}`]) {
      const url = `https://${host}/agent.json`;
      const { description, logged } = await attempt(url, false);
      expect(description).toBe(`The client metadata document at ${url} could not be fetched.`);
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(/could not be fetched: blocked: .*a loopback address/);
    }
    expect(connections).toBe(before);
  });

  it('with --allow-local-client-documents it connects; a closed port and a failed handshake answer alike', async () => {
    const before = connections;
    const failed = await attempt(`https://127.0.0.1:${port}/agent.json`, true);
    expect(connections).toBe(before + 1);
    const refused = await attempt(`https://127.0.0.1:${closedPort}/agent.json`, true);
    const shape = (d: string | undefined) => d?.replace(/:\d+\//, ':PORT/');
    expect(shape(failed.description)).toBe(shape(refused.description));
    expect(shape(failed.description)).toBe(
      'The client metadata document at https://127.0.0.1:PORT/agent.json could not be fetched.',
    );
    // The log tells them apart.
    expect(refused.logged[0]).toContain('ECONNREFUSED');
    expect(failed.logged[0]).not.toBe(refused.logged[0].replace(String(closedPort), String(port)));
  });

  it('link-local and cloud-metadata kinds stay refused with the switch; the switch lets loopback and private ranges through', () => {
    expect(clientDocumentEgressPolicy({}).allowKinds).toEqual([]);
    expect(clientDocumentEgressPolicy({ allowLocal: true }).allowKinds).toEqual(['a loopback', 'a private']);
  });
});
