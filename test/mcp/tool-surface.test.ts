import { Client } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { serveOptions, type WrittenServeOptions } from '../../src/mcp/serve-options.js';
import { createToolServer } from '../../src/mcp/tool-server.js';

/** A client of a tool server with these options; listing tools and prompts calls no API. */
async function connect(written: WrittenServeOptions = {}): Promise<Client> {
  const server = createToolServer({
    serve: serveOptions(written),
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
  return client;
}

/**
 * The tool surface under review: every tool's name, description, input and output
 * schema and annotations as `tools/list` gives them, the prompts as `prompts/list`
 * gives them, and the discovery tools of `--dynamic-toolsets`, kept in
 * docs/mcp-tools.json. A change to any of them fails here until the file is
 * regenerated with `npm run mcp:snapshot` and the difference is reviewed with the change.
 */
describe('D-MCP-SNAPSHOT the tool surface is the committed snapshot', () => {
  it('tools/list, prompts/list and the dynamic discovery tools equal docs/mcp-tools.json', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const { prompts } = await client.listPrompts();
    await client.close();
    const dynamic = await connect({ dynamicToolsets: true });
    const discovery = (await dynamic.listTools()).tools;
    await dynamic.close();
    await expect(`${JSON.stringify({ tools, prompts, discovery }, null, 2)}\n`).toMatchFileSnapshot(
      '../../docs/mcp-tools.json',
    );
  });
});
