import type { IncomingMessage, ServerResponse } from 'node:http';
import { createMcpHandler, type McpHttpHandler } from '@modelcontextprotocol/server';
import type { ApiClient } from '../../client/api-client.js';
import { ServeOptionError, serveOptions, type ServeOptions } from '../../mcp/serve-options.js';
import type { Grant } from '../oauth/oauth-state.js';
import { sendJson } from '../http/respond.js';
import { loopbackClient } from './loopback-client.js';
import { processToolsets } from '../../mcp/dynamic-toolsets.js';
import { createToolServer } from '../../mcp/tool-server.js';
import { sendWebResponse, toWebRequest } from './web-bridge.js';

declare const __FP_VERSION__: string | undefined;
const VERSION = typeof __FP_VERSION__ === 'string' ? __FP_VERSION__ : '0.0.0-dev';

interface Served {
  serve: ServeOptions;
  client: ApiClient;
  /** Tasks belong to the grant: its portal and client. */
  owner: string;
}

let handler: McpHttpHandler | undefined;

/** One stateless Streamable HTTP handler for the process; each request brings its tools and client. */
function mcpHandler(): McpHttpHandler {
  handler ??= createMcpHandler((ctx) => {
    const served = ctx.authInfo?.extra?.served as Served;
    return createToolServer({
      serve: served.serve,
      client: () => served.client,
      version: VERSION,
      owner: served.owner,
      enabledToolsets: processToolsets.for(served.owner),
    });
  });
  return handler;
}

/** A query parameter, else a header (repeated headers joined by commas). */
function setting(req: IncomingMessage, url: URL, query: string, header: string): string | null {
  const value = url.searchParams.get(query) ?? req.headers[header];
  return Array.isArray(value) ? value.join(',') : (value ?? null);
}

/** What this request's server offers, from the query or the headers; a bad value is refused. */
function servedOptions(req: IncomingMessage, url: URL): ServeOptions {
  return serveOptions({
    toolsets: setting(req, url, 'toolsets', 'x-mcp-toolsets'),
    tools: setting(req, url, 'tools', 'x-mcp-tools'),
    excludeTools: setting(req, url, 'exclude_tools', 'x-mcp-exclude-tools'),
    readOnly: setting(req, url, 'read_only', 'x-mcp-read-only'),
    lockdown: setting(req, url, 'lockdown', 'x-mcp-lockdown'),
    toolNames: setting(req, url, 'tool_names', 'x-mcp-tool-names'),
    dynamicToolsets: setting(req, url, 'dynamic_toolsets', 'x-mcp-dynamic-toolsets'),
  });
}

/**
 * `/mcp` for an authorized request: the toolsets come from `?toolsets=` or the
 * `X-MCP-Toolsets` header (and `tools`, `exclude_tools`, `read_only`, `lockdown`,
 * `tool_names`, `dynamic_toolsets` likewise); tool calls go to this server's own API
 * with the key of the administrator who approved the token.
 */
export async function serveMcp(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  origin: string,
  grant: Grant & { token: string },
): Promise<void> {
  let serve: ServeOptions;
  try {
    serve = servedOptions(req, url);
  } catch (err) {
    if (!(err instanceof ServeOptionError)) throw err;
    sendJson(res, 400, { message: err.message });
    return;
  }
  const served: Served = {
    serve,
    client: loopbackClient(req, grant.apiKey),
    owner: `${grant.portal} ${grant.clientId}`,
  };
  const response = await mcpHandler().fetch(toWebRequest(req, new URL(url.pathname + url.search, origin)), {
    authInfo: { token: grant.token, clientId: grant.clientId, scopes: [grant.scope], extra: { served } },
  });
  await sendWebResponse(res, response);
}
