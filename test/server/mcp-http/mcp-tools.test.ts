import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken } from '../../mcp/support/access-token.js';
import { startTestServer, type TestServer } from '../../support/test-server.js';

/** Tools on the in-process server's /mcp, with a token obtained over plain HTTP. */
let server: TestServer;
let token: string;
let client: Client;

beforeAll(async () => {
  server = await startTestServer();
  token = await accessToken(server);
  client = new Client({ name: 'in-process', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
});
afterAll(async () => {
  await client?.close();
  await server.close();
});

describe('/mcp tools run the API of the same server', () => {
  it('D-MCP-SELF-CALLS a write through a tool is committed like an API write', async () => {
    const result = await client.callTool({
      name: 'feedback.create',
      arguments: { type: 'idea', feedback: 'From an agent' },
    });
    expect(result.isError).toBeFalsy();
    const listed = await server.request('GET', '/api/v1/feedback');
    expect(listed.body.data[0].feedback).toBe('From an agent');
  });

  it('D-MCP-EXPORT-LINK the knowledge-base export is a link the client reads as a resource, never base64 in the result', async () => {
    const exported = await client.callTool({ name: 'knowledgebase.export', arguments: { tab_id: 3 } });
    const uri = 'fp://knowledgebase/tabs/3/export.zip';
    const read = await client.readResource({ uri });
    const zip = read.contents[0] as { uri: string; mimeType: string; blob: string };
    expect(zip.mimeType).toBe('application/zip');
    const bytes = Buffer.from(zip.blob, 'base64');
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const link = { filename: 'knowledgebase-tab-3.zip', bytes: bytes.length, uri, mimeType: 'application/zip' };
    expect(exported.structuredContent).toEqual(link);
    expect(exported.content).toEqual([
      { type: 'text', text: `knowledgebase-tab-3.zip: ${bytes.length} bytes, at ${uri}` },
      { type: 'resource_link', uri, name: 'knowledgebase-tab-3.zip', mimeType: 'application/zip', size: bytes.length },
    ]);
    expect(JSON.stringify(exported)).not.toContain(zip.blob.slice(0, 40));
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([
      {
        uriTemplate: 'fp://knowledgebase/tabs/{tab_id}/export.zip',
        name: 'knowledgebase-export',
        title: 'Knowledge-base tab as a ZIP of markdown files',
        mimeType: 'application/zip',
      },
    ]);

    const preview = await client.callTool({ name: 'knowledgebase.preview', arguments: { tab_id: 3, file: zip.blob } });
    expect(preview.isError).toBeFalsy();
    const plan = (
      preview.structuredContent as {
        data: { sections: Record<string, unknown[]>; articles: Record<string, unknown[]> };
      }
    ).data;
    expect([
      plan.sections.create,
      plan.sections.update,
      plan.sections.delete,
      plan.articles.create,
      plan.articles.update,
      plan.articles.delete,
    ]).toEqual([[], [], [], [], [], []]);
  });

  it('D-MCP-EXPORT-LINK an export of an unknown tab is refused at the tool, and its resource cannot be read', async () => {
    const refused = await client.callTool({ name: 'knowledgebase.export', arguments: { tab_id: 99 } });
    expect(refused.isError).toBe(true);
    await expect(client.readResource({ uri: 'fp://knowledgebase/tabs/99/export.zip' })).rejects.toThrow();
    await expect(client.readResource({ uri: 'fp://elsewhere' })).rejects.toThrow('Unknown resource: fp://elsewhere');
  });

  it('D-MCP-RESULTS a ZIP the API refuses is a tool error with its message', async () => {
    const result = await client.callTool({
      name: 'knowledgebase.preview',
      arguments: { tab_id: 3, file: Buffer.from('not a zip').toString('base64') },
    });
    expect(result).toEqual({
      isError: true,
      content: [
        {
          type: 'text',
          text: 'The file is not a valid ZIP archive. (422)\nfile: The file is not a valid ZIP archive.',
        },
      ],
    });
  });

  it('D-MCP-BEARER GET and DELETE on /mcp (2025 sessions) are 405: serving is stateless', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await server.request(method, '/mcp', { token, headers: { accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.body).toEqual({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null });
    }
  });

  it('a body that is not JSON is a JSON-RPC parse error, not a 500', async () => {
    const res = await server.request('POST', '/mcp', {
      token,
      rawBody: '{bad',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error: Invalid JSON' },
      id: null,
    });
  });
});
