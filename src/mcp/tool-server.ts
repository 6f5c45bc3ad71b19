import {
  CLIENT_CAPABILITIES_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type CallToolResult,
  type ClientCapabilities,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { ApiClient } from '../client/api-client.js';
import { callTool, refusal, type ToolResult } from './call-tool.js';
import { confirmation } from './confirm.js';
import { EXPORT_URI_TEMPLATE, exportTabOf, readExport } from './export-resource.js';
import { instructionsFor } from './instructions.js';
import { servedTools, type ServeOptions, type ServedTool } from './serve-options.js';

export interface ToolServerOptions {
  /** What this server offers: tools, names, read-only, lockdown. */
  serve: ServeOptions;
  /** The API the tools call: the profile's portal for `fp mcp`, the server itself for `/mcp`. */
  client: () => ApiClient | Promise<ApiClient>;
  version: string;
}

/** How long a client may keep the tool list and the discovery answer (2026-07-28 cache hints). */
const LIST_CACHE = { ttlMs: 300_000, cacheScope: 'private' } as const;

/** An MCP server (low-level SDK `Server`) whose tools are calls to the portal's HTTP API. */
export function createToolServer(options: ToolServerOptions): Server {
  const served = servedTools(options.serve);
  const exports = served.some((s) => s.tool.endpoint.responseType === 'zip');
  const server = new Server(
    { name: 'fp', title: 'Feedback portal', version: options.version },
    {
      capabilities: { tools: {}, ...(exports ? { resources: {} } : {}) },
      instructions: instructionsFor(options.serve, served),
      cacheHints: { 'tools/list': LIST_CACHE, 'server/discover': LIST_CACHE, 'resources/templates/list': LIST_CACHE },
    },
  );
  const byName = new Map(served.map((s) => [s.name, s]));

  server.setRequestHandler('tools/list', () => ({ tools: served.map(listEntry) }));

  server.setRequestHandler('tools/call', async (request, ctx) => {
    const entry = byName.get(request.params.name);
    if (!entry) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    const args = request.params.arguments ?? {};
    if (entry.tool.destructive) {
      const asked = confirmation(entry, args, ctx, clientCapabilities(server, ctx));
      if (asked.kind !== 'confirmed') return asked.result as CallToolResult;
    }
    const result = await callTool(await options.client(), entry.tool, args, { lockdown: options.serve.lockdown });
    return server.projectCallToolResult(result as CallToolResult, entry.tool.outputSchema);
  });

  if (exports) serveExports(server, options);
  return server;
}

function listEntry({ name, tool }: ServedTool) {
  return {
    name,
    description: tool.description,
    inputSchema: tool.inputSchema as { type: 'object' },
    outputSchema: tool.outputSchema as { type: 'object' },
    annotations: {
      readOnlyHint: tool.readOnly,
      destructiveHint: tool.destructive,
      idempotentHint: tool.readOnly,
      openWorldHint: false,
    },
  };
}

/** What the client said it can do: on this request (2026-07-28), else at initialize. */
function clientCapabilities(server: Server, ctx: ServerContext): ClientCapabilities | undefined {
  const declared = ctx.mcpReq.envelope?.[CLIENT_CAPABILITIES_META_KEY as keyof typeof ctx.mcpReq.envelope];
  return (declared as ClientCapabilities | undefined) ?? server.getClientCapabilities();
}

/** `knowledgebase.export` links to `fp://knowledgebase/tabs/{tab_id}/export.zip`; reading it makes the archive. */
function serveExports(server: Server, options: ToolServerOptions): void {
  server.setRequestHandler('resources/list', () => ({ resources: [] }));
  server.setRequestHandler('resources/templates/list', () => ({
    resourceTemplates: [
      {
        uriTemplate: EXPORT_URI_TEMPLATE,
        name: 'knowledgebase-export',
        title: 'Knowledge-base tab as a ZIP of markdown files',
        mimeType: 'application/zip',
      },
    ],
  }));
  server.setRequestHandler('resources/read', async (request) => {
    const { uri } = request.params;
    const tabId = exportTabOf(uri);
    if (tabId === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown resource: ${uri}`);
    let zip: Buffer;
    try {
      zip = await readExport(await options.client(), tabId);
    } catch (err) {
      const failed: ToolResult = refusal(err);
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        failed.content.map((c) => ('text' in c ? c.text : '')).join('\n'),
      );
    }
    return { contents: [{ uri, mimeType: 'application/zip', blob: zip.toString('base64') }] };
  });
}
