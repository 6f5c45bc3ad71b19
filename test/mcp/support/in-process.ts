import { Client, type ClientOptions } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { ApiClient } from '../../../src/client/api-client.js';
import { serveOptions, type WrittenServeOptions } from '../../../src/mcp/serve-options.js';
import { createToolServer } from '../../../src/mcp/tool-server.js';
import { demoSeed } from '../../../src/server/store/seeding/demo-seed.js';
import type { SeedFile } from '../../../src/seed-file/seed-file.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

export const DEMO_KEY = 'acme-admin';

export interface InProcess {
  client: Client;
  api: TestServer;
  /** One JSON-RPC request as a client of the given revision writes it, outside the SDK client; the answer. */
  raw(method: string, params?: Record<string, unknown>): Promise<any>;
  close(): Promise<void>;
}

/**
 * The tool server of src/mcp over an ApiClient of an in-process reference server
 * (the demo portal unless told otherwise), and the SDK client connected to it in
 * memory: the tools as any adapter serves them, without a process or a socket.
 */
export async function inProcessMcp(
  opts: {
    seed?: SeedFile;
    apiKey?: string;
    serve?: WrittenServeOptions;
    client?: ClientOptions;
    setup?: (client: Client) => void;
  } = {},
): Promise<InProcess> {
  const api = await startTestServer(opts.seed ?? (demoSeed() as unknown as SeedFile));
  const apiClient = new ApiClient({ baseUrl: api.url, apiKey: opts.apiKey ?? DEMO_KEY, retries: 0 });
  const make = () =>
    createToolServer({
      serve: serveOptions(opts.serve),
      client: () => apiClient,
      version: '0.0.0-test',
      owner: 'test',
    });
  const server = make();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const rawSession = await rawConnection(make());
  const client = new Client({ name: 'fp-test', version: '1.0.0' }, opts.client);
  opts.setup?.(client);
  await client.connect(clientSide);
  return {
    client,
    api,
    raw: rawSession.request,
    async close() {
      await client.close();
      await server.close();
      await rawSession.close();
      await api.close();
    },
  };
}

/** A 2025-11-25 session of plain JSON-RPC messages with a tool server: for what the SDK client does not speak (tasks). */
async function rawConnection(server: ReturnType<typeof createToolServer>) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const waiting = new Map<number, (message: any) => void>();
  clientSide.onmessage = (message: any) => waiting.get(message.id)?.(message);
  await clientSide.start();
  let id = 0;
  const request = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<any>((resolve) => {
      waiting.set(++id, resolve);
      void clientSide.send({ jsonrpc: '2.0', id, method, params });
    });
  await request('initialize', {
    protocolVersion: '2025-11-25',
    capabilities: { tasks: {} },
    clientInfo: { name: 'raw', version: '1' },
  });
  await clientSide.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return { request, close: () => server.close() };
}
