import { ProtocolError, ProtocolErrorCode, Server, type CallToolResult } from '@modelcontextprotocol/server';
import type { ApiClient } from '../client/api-client.js';
import type { ToolDefinition } from './tools.js';
import { callTool } from './call-tool.js';

export interface ToolServerOptions {
  /** The tools this server lists and answers. */
  tools: readonly ToolDefinition[];
  /** The API the tools call: the profile's portal for `fp mcp`, the server itself for `/mcp`. */
  client: () => ApiClient | Promise<ApiClient>;
  version: string;
}

/** An MCP server (low-level SDK `Server`) whose tools are calls to the portal's HTTP API. */
export function createToolServer(options: ToolServerOptions): Server {
  const server = new Server(
    { name: 'fp', title: 'Feedback portal', version: options.version },
    { capabilities: { tools: {} } },
  );
  const byName = new Map(options.tools.map((t) => [t.name, t]));

  server.setRequestHandler('tools/list', () => ({
    tools: options.tools.map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: t.inputSchema as { type: 'object' },
      annotations: {
        readOnlyHint: t.readOnly,
        destructiveHint: t.destructive,
        idempotentHint: t.readOnly,
        openWorldHint: false,
      },
    })),
  }));

  server.setRequestHandler('tools/call', async (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const result = await callTool(await options.client(), tool, request.params.arguments);
    return server.projectCallToolResult(result as CallToolResult, undefined);
  });

  return server;
}
