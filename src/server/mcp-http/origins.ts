import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../http/respond.js';

/** `fp server --allowed-origins` refused: the message names the value. */
export class OriginListError extends Error {}

/** `--allowed-origins a,b`: each an origin (`scheme://host[:port]`, http or https, nothing after), as the URL standard writes it. */
export function parseAllowedOrigins(list: string): string[] {
  const origins = list
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  if (origins.length === 0) throw new OriginListError(`${list} names no origin.`);
  return origins.map((written) => {
    const url = URL.canParse(written) ? new URL(written) : undefined;
    const bare = url && url.pathname === '/' && !/[?#]/.test(written) && !url.username && !url.password;
    if (!bare || !['http:', 'https:'].includes(url.protocol))
      throw new OriginListError(
        `${written} is not an origin (write scheme://host[:port], e.g. https://app.example.com).`,
      );
    return url.origin;
  });
}

/** The headers a browser-based MCP client sends and reads (Streamable HTTP, OAuth, revision 2026-07-28 routing, fp's options). */
const ALLOW_HEADERS = [
  'authorization',
  'content-type',
  'mcp-protocol-version',
  'mcp-session-id',
  'last-event-id',
  'mcp-method',
  'mcp-name',
  'x-mcp-toolsets',
  'x-mcp-tools',
  'x-mcp-exclude-tools',
  'x-mcp-read-only',
  'x-mcp-lockdown',
  'x-mcp-tool-names',
  'x-mcp-dynamic-toolsets',
].join(', ');
const EXPOSE_HEADERS = 'mcp-session-id, www-authenticate';
export const MCP_METHODS = ['GET', 'POST', 'DELETE'];

const isLoopbackAddress = (address: string | undefined) =>
  address !== undefined && (/^(?:::ffff:)?127\./i.test(address) || address === '::1');

/**
 * The origins that count as `/mcp`'s own for this request: the one its Host names;
 * on a loopback listener also `localhost`, `127.0.0.1` and `[::1]` at that port (a
 * page of the same machine and port, whichever name it used); and the operator's
 * `--allowed-origins`.
 */
function isAllowed(origin: string, req: IncomingMessage, own: string, allowed: readonly string[]): boolean {
  if (!URL.canParse(origin)) return false;
  const asked = new URL(origin).origin;
  if (asked === new URL(own).origin || allowed.includes(asked)) return true;
  if (!isLoopbackAddress(req.socket.localAddress)) return false;
  const port = new URL(own).port;
  const at = port ? `:${port}` : '';
  return [`http://localhost${at}`, `http://127.0.0.1${at}`, `http://[::1]${at}`].includes(asked);
}

/**
 * The origin rule and CORS of `/mcp`, before anything else of the request: a request
 * from a foreign origin is 403; one from an allowed origin gets the CORS headers on
 * whatever answers it (a 401 included, so a browser can read `WWW-Authenticate`), and
 * its preflight is answered here. True when the request was answered.
 */
export function answerOrigin(
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  own: string,
  allowed: readonly string[],
): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) {
    if (method !== 'OPTIONS') return false;
    res.writeHead(204, { allow: [...MCP_METHODS, 'OPTIONS'].join(', ') });
    res.end();
    return true;
  }
  if (!isAllowed(origin, req, own, allowed)) {
    sendJson(res, 403, { message: `Requests from ${origin} are not allowed.` }, { vary: 'Origin' });
    return true;
  }
  res.setHeader('access-control-allow-origin', origin);
  res.setHeader('vary', 'Origin');
  if (method !== 'OPTIONS') {
    res.setHeader('access-control-expose-headers', EXPOSE_HEADERS);
    return false;
  }
  res.writeHead(204, {
    'access-control-allow-methods': MCP_METHODS.join(', '),
    'access-control-allow-headers': ALLOW_HEADERS,
    'access-control-max-age': '600',
  });
  res.end();
  return true;
}
