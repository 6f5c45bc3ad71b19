import type { IncomingMessage } from 'node:http';
import type { Dispatcher } from 'undici';
import { ApiClient } from '../../client/api-client.js';
import { Agent } from '../../client/undici-parts.js';

let agent: Dispatcher | undefined;

/** One connection pool for every server of the process; no proxy, loopback only. */
function loopbackAgent(): Dispatcher {
  agent ??= new Agent({ keepAliveTimeout: 1_000, connections: 16 });
  return agent;
}

/**
 * An API client that calls this very server, on the address the MCP request came
 * in on and with its Host header, so the call meets the same portal, the same
 * authentication, validation, handlers and error bodies as any API request.
 */
export function loopbackClient(req: IncomingMessage, apiKey: string): ApiClient {
  const address = req.socket.localAddress ?? '127.0.0.1';
  const port = req.socket.localPort;
  const host = address.includes(':') ? `[${address}]` : address;
  const hostHeader = req.headers.host ?? `${host}:${port}`;
  const dispatcher = loopbackAgent().compose(
    (dispatch) => (opts, handler) =>
      dispatch({ ...opts, headers: { ...(opts.headers as Record<string, string>), host: hostHeader } }, handler),
  );
  return new ApiClient({ baseUrl: `http://${host}:${port}`, apiKey, dispatcher, retries: 0, userAgent: 'fp-mcp' });
}
