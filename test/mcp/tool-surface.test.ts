import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { serveOptions } from '../../src/mcp/serve-options.js';
import { createToolServer } from '../../src/mcp/tool-server.js';

/**
 * The tool surface under review: every tool's name, description, input and output
 * schema and annotations as `tools/list` gives them, kept in docs/mcp-tools.json.
 * A change to any of them fails here until the file is regenerated with
 * `npm run mcp:snapshot` and the difference is reviewed with the change.
 */
describe('D-MCP-SNAPSHOT the tool surface is the committed snapshot', () => {
  it('tools/list equals docs/mcp-tools.json', async () => {
    const server = createToolServer({
      serve: serveOptions(),
      client: () => {
        throw new Error('listing tools calls no API');
      },
      version: 'snapshot',
      owner: 'snapshot',
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: 'snapshot', version: '1' });
    await client.connect(clientSide);
    const { tools } = await client.listTools();
    await client.close();
    await expect(`${JSON.stringify({ tools }, null, 2)}\n`).toMatchFileSnapshot('../../docs/mcp-tools.json');
  });
});
