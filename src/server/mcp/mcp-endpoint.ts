import type { IncomingMessage, ServerResponse } from 'node:http';
import { createMcpHandler, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { ApiClient } from '../../client/api-client.js';
import { parseToolsets, selectTools, UnknownToolsetError, type ToolDefinition } from '../../mcp/tools.js';
import type { Grant } from '../oauth/oauth-state.js';
import { sendJson } from '../http/respond.js';
import { loopbackClient } from './loopback-client.js';
import { createToolServer } from '../../mcp/tool-server.js';
import { sendWebResponse, toWebRequest } from './web-bridge.js';

declare const __FP_VERSION__: string | undefined;
const VERSION = typeof __FP_VERSION__ === 'string' ? __FP_VERSION__ : '0.0.0-dev';

interface Served {
  tools: readonly ToolDefinition[];
  client: ApiClient;
}

let handler: McpHttpHandler | undefined;

/** One stateless Streamable HTTP handler for the process; each request brings its tools and client. */
function mcpHandler(): McpHttpHandler {
  handler ??= createMcpHandler((ctx) => {
    const served = ctx.authInfo?.extra?.served as Served;
    return createToolServer({ tools: served.tools, client: () => served.client, version: VERSION });
  });
  return handler;
}

/**
 * `/mcp` for an authorized request: the toolsets come from `?toolsets=` or the
 * `X-MCP-Toolsets` header; tool calls go to this server's own API with the key of
 * the administrator who approved the token.
 */
export async function serveMcp(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  origin: string,
  grant: Grant & { token: string },
): Promise<void> {
  const requestOrigin = req.headers.origin;
  if (requestOrigin !== undefined && requestOrigin !== origin) {
    sendJson(res, 403, { message: `Requests from ${requestOrigin} are not allowed.` });
    return;
  }
  let toolsets: string[] | undefined;
  try {
    const header = req.headers['x-mcp-toolsets'];
    toolsets = parseToolsets(url.searchParams.get('toolsets') ?? (Array.isArray(header) ? header.join(',') : header));
  } catch (err) {
    if (!(err instanceof UnknownToolsetError)) throw err;
    sendJson(res, 400, { message: err.message });
    return;
  }
  const served: Served = { tools: selectTools({ toolsets }), client: loopbackClient(req, grant.apiKey) };
  const response = await mcpHandler().fetch(toWebRequest(req, new URL(url.pathname + url.search, origin)), {
    authInfo: { token: grant.token, clientId: grant.clientId, scopes: [grant.scope], extra: { served } },
  });
  await sendWebResponse(res, response);
}
