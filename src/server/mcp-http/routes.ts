import type { IncomingMessage, ServerResponse } from 'node:http';
import { clientAddress } from '../http/client-address.js';
import { dropUnreadBody } from '../http/drop-unread-body.js';
import type { EgressPolicy } from '../egress/egress-guard.js';
import { sendJson } from '../http/respond.js';
import { answerOrigin, MCP_METHODS } from './origins.js';
import { finishAuthorization, startAuthorization } from '../oauth/authorize.js';
import { verifyBearer } from '../oauth/bearer.js';
import { authorizationServerMetadata, protectedResourceMetadata } from '../oauth/metadata.js';
import { OAuthError, sendOAuthError } from '../oauth/oauth-error.js';
import { OAuthState } from '../oauth/oauth-state.js';
import { isAdminKey, portalId, portalTitle } from '../oauth/portal-admin.js';
import { registerClient } from '../oauth/register.js';
import { issueToken } from '../oauth/token.js';
import type { Portal } from '../store/portal.js';
import type { Store } from '../store/store.js';

export interface McpRouteContext {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  method: string;
  portal: Portal;
  store: Store;
  now: Date;
  origin: string;
  /** Where Client ID Metadata Documents may be fetched from (`clientDocumentEgressPolicy`). */
  egress: EgressPolicy;
  /** The server's log. */
  log?: (message: string) => void;
}

/** Origins `/mcp` answers besides its own (`fp server --allowed-origins`). */
export interface OriginOptions {
  allowedOrigins?: readonly string[];
}

/** `/mcp`, the OAuth endpoints and their `.well-known` metadata. */
export function isMcpRoute(pathname: string): boolean {
  return pathname === '/mcp' || pathname.startsWith('/oauth/') || pathname.startsWith('/.well-known/oauth-');
}

/** OAuth state lives as long as the server's store (in memory; see docs/decisions.md). */
const states = new WeakMap<Store, OAuthState>();
function stateFor(store: Store): OAuthState {
  let state = states.get(store);
  if (!state) states.set(store, (state = new OAuthState()));
  return state;
}

/** What a browser-based client fetches itself: metadata, registration, token. Not /mcp, not the consent page. */
const CORS_PATHS = new Set([
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/mcp',
  '/.well-known/oauth-authorization-server',
  '/oauth/register',
  '/oauth/token',
]);

type Route = { methods: string[]; run: (ctx: McpRouteContext) => void | Promise<void> };

const ROUTES: Record<string, Route> = {
  '/.well-known/oauth-protected-resource': {
    methods: ['GET'],
    run: ({ res, origin }) => sendMetadata(res, protectedResourceMetadata(origin)),
  },
  '/.well-known/oauth-protected-resource/mcp': {
    methods: ['GET'],
    run: ({ res, origin }) => sendMetadata(res, protectedResourceMetadata(origin)),
  },
  '/.well-known/oauth-authorization-server': {
    methods: ['GET'],
    run: ({ res, origin }) => sendMetadata(res, authorizationServerMetadata(origin)),
  },
  '/oauth/register': {
    methods: ['POST'],
    run: (c) => registerClient(c.req, c.res, stateFor(c.store), portalId(c.portal), c.now),
  },
  '/oauth/authorize': {
    methods: ['GET', 'POST'],
    run: (c) =>
      c.method === 'GET'
        ? startAuthorization(c.url, c.res, oauthContext(c))
        : finishAuthorization(c.req, c.res, oauthContext(c)),
  },
  '/oauth/token': { methods: ['POST'], run: (c) => issueToken(c.req, c.res, oauthContext(c)) },
  '/mcp': {
    methods: MCP_METHODS,
    run: async (c) => {
      const grant = verifyBearer(c.req, oauthContext(c));
      const { serveMcp } = await import('./mcp-endpoint.js');
      await serveMcp(c.req, c.res, c.url, c.origin, grant);
    },
  },
};

function oauthContext(c: McpRouteContext) {
  return {
    state: stateFor(c.store),
    origin: c.origin,
    portal: portalId(c.portal),
    portalTitle: portalTitle(c.portal),
    from: clientAddress(c.req.socket),
    now: c.now,
    isAdminKey: (apiKey: string) => isAdminKey(c.portal, apiKey, c.now),
    egress: c.egress,
    log: c.log,
  };
}

function sendMetadata(res: ServerResponse, body: unknown): void {
  sendJson(res, 200, body, { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' });
}

export async function handleMcpRoute(c: McpRouteContext, origins: OriginOptions = {}): Promise<void> {
  const path = c.url.pathname;
  const route = ROUTES[path];
  try {
    if (!route) {
      sendJson(c.res, 404, { message: `The route ${path.slice(1)} could not be found.` });
      return;
    }
    if (path === '/mcp' && answerOrigin(c.req, c.res, c.method, c.origin, origins.allowedOrigins ?? [])) return;
    if (c.method === 'OPTIONS' && CORS_PATHS.has(path)) {
      c.res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': route.methods.join(', '),
        'access-control-allow-headers': 'content-type, mcp-protocol-version',
        'access-control-max-age': '600',
      });
      c.res.end();
      return;
    }
    if (!route.methods.includes(c.method)) {
      throw new OAuthError(
        405,
        'invalid_request',
        `The ${c.method} method is not supported here. Supported methods: ${route.methods.join(', ')}.`,
        {
          allow: route.methods.join(', '),
        },
      );
    }
    await route.run(c);
  } catch (err) {
    if (!(err instanceof OAuthError)) throw err;
    if (c.res.headersSent) {
      c.res.destroy();
      return;
    }
    // Answered at once; the rest of a refused body is discarded after the answer, never waited for.
    if (!c.req.complete) dropUnreadBody(c.req, c.res);
    sendOAuthError(c.res, err);
  }
}
