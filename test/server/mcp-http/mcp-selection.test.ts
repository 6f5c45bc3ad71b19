import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken } from '../../mcp/support/access-token.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

let server: TestServer;
let token: string;
const clients: Client[] = [];

beforeAll(async () => {
  server = await startTestServer();
  token = await accessToken(server);
});
afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await server.close();
});

async function connect(query: string, setup?: (client: Client) => void): Promise<Client> {
  const client = new Client({ name: 'selection', version: '1' });
  setup?.(client);
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp${query}`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  clients.push(client);
  return client;
}
const names = async (client: Client) => (await client.listTools()).tools.map((t) => t.name);

describe('tool selection, dynamic toolsets and prompts on /mcp', () => {
  it('D-MCP-TOOL-SELECTION ?tools= and ?exclude_tools=; an unknown tool is a 400', async () => {
    expect(await names(await connect('?toolsets=moderation&tools=posts.get&exclude_tools=moderation.reject'))).toEqual([
      'posts.get',
      'moderation.pending',
      'moderation.rejected',
      'moderation.approve',
    ]);
    const refused = await server.request('POST', '/mcp?tools=posts.lst', {
      token,
      headers: { accept: 'application/json, text/event-stream' },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'unknown tool posts.lst in the tools list.' });
  });

  it('D-MCP-DYNAMIC-TOOLSETS enabling a toolset says the list changed, and the grant’s next requests see it', async () => {
    const changed: string[] = [];
    const first = await connect('?dynamic_toolsets=1', (client) =>
      client.setNotificationHandler('notifications/tools/list_changed', (n) => void changed.push(n.method)),
    );
    expect(await names(first)).toEqual(['toolsets.list', 'toolsets.enable']);
    await first.callTool({ name: 'toolsets.enable', arguments: { toolsets: ['tags'] } });
    expect(changed).toEqual(['notifications/tools/list_changed']);
    const later = await connect('?dynamic_toolsets=1');
    expect(await names(later)).toEqual([
      'toolsets.list',
      'toolsets.enable',
      'tags.list',
      'tags.create',
      'tags.update',
      'tags.delete',
    ]);
  });

  it('D-MCP-PROMPTS prompts are listed and read over /mcp, in the names the request asked for', async () => {
    const client = await connect('?tool_names=underscore');
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toContain('triage_moderation_queue');
    const prompt = await client.getPrompt({ name: 'triage_moderation_queue' });
    expect((prompt.messages[0].content as { text: string }).text).toContain('moderation_approve');
  });
});
