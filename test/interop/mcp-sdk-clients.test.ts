import { afterEach, describe, expect, it } from 'vitest';
import { startFpServer, type FpServer } from '../support/run-fp.js';
import {
  ALL_TOOLSETS,
  connect,
  fpAccessToken,
  type Connected,
  type Sdk,
  type Transport,
} from './support/mcp-clients.js';
import { runTour, tourSeed } from './support/mcp-tour.js';

const servers: FpServer[] = [];
const clients: Connected[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close().catch(() => {});
  for (const s of servers.splice(0)) await s.stop();
});

/** A fresh portal for each client: the tour deletes, approves and rejects. */
async function tour(sdk: Sdk, transport: Transport) {
  const server = await startFpServer(tourSeed());
  servers.push(server);
  const client =
    transport === 'stdio'
      ? await connect(sdk, transport, server, { args: ['--toolsets', ALL_TOOLSETS] })
      : await connect(sdk, transport, server, {
          query: `?toolsets=${ALL_TOOLSETS}`,
          token: await fpAccessToken(server),
        });
  clients.push(client);
  const { succeeded } = await runTour(client);
  expect(succeeded.size).toBeGreaterThanOrEqual(54);
}

/**
 * Every tool of fp, once to succeed and once refused (404/422), through the MCP SDK
 * 1.x client (1.32.2, the one the Inspector and most agent hosts bundle: it checks every
 * structuredContent against the output schema, errors included) and the 2.x client,
 * over `fp mcp` (stdio) and over `fp server`'s `/mcp` with a token from its OAuth flow.
 */
describe('D-MCP-RESULTS the MCP SDK clients drive every tool, on success and on a 404/422', () => {
  for (const sdk of ['sdk 1.x', 'sdk 2.x'] as const)
    for (const transport of ['stdio', '/mcp'] as const)
      it(`${sdk} over ${transport}`, { timeout: 120_000 }, () => tour(sdk, transport));
});
