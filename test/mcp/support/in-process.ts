import { Client, type ClientOptions } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { ApiClient } from '../../../src/client/api-client.js';
import { serveOptions, type WrittenServeOptions } from '../../../src/mcp/serve-options.js';
import { createToolServer } from '../../../src/mcp/tool-server.js';
import { demoSeed } from '../../../src/server/seed/demo-seed.js';
import type { SeedFile } from '../../../src/server/store/state.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

export const DEMO_KEY = 'acme-admin';

export interface InProcess {
  client: Client;
  api: TestServer;
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
  const server = createToolServer({ serve: serveOptions(opts.serve), client: () => apiClient, version: '0.0.0-test' });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'fp-test', version: '1.0.0' }, opts.client);
  opts.setup?.(client);
  await client.connect(clientSide);
  return {
    client,
    api,
    async close() {
      await client.close();
      await server.close();
      await api.close();
    },
  };
}
