import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import type { z } from 'zod';
import type { Endpoint } from '../../contract/endpoints.js';
import { referenceEndpointList } from '../../contract/reference-endpoints.js';
import { fieldErrors } from '../../contract/validation.js';
import { ValidationError } from '../domain/errors.js';
import { describeEventsWith } from '../domain/portal-events.js';
import { allHandlers } from '../handlers/index.js';
import { describeEvent } from '../present/event-data.js';
import { referenceServerHandlers } from '../handlers/reference-server.js';
import type { HandlerContext, HandlerMap, HandlerResult } from '../handlers/types.js';
import type { ServerServices } from '../handlers/services.js';
import type { Portal } from '../store/portal.js';
import type { Store } from '../store/store.js';
import { assertCanWrite, authenticate } from '../http/authenticate.js';
import { assertKnownTransferEncoding } from '../http/check-transfer-encoding.js';
import { checkHost, type HostPolicy } from '../http/check-host.js';
import { answerClientErrors } from '../http/client-error.js';
import { hasDotSegment } from '../http/dot-segments.js';
import { dropUnreadBody } from '../http/drop-unread-body.js';
import { errorResponse, HttpError } from '../http/error-response.js';
import { normalizeInput } from '../http/normalize-input.js';
import { readJson } from '../http/read-json.js';
import { readGetInput } from '../http/read-get-input.js';
import { readQuery } from '../http/read-query.js';
import { sendJson } from '../http/respond.js';
import type { Rehearsal } from '../http/rehearsal/rehearsal.js';
import { createRouter, type RouteMatch } from '../http/router.js';
import { connectionGate, isRefused, SERVER_LIMITS, serverOptions, type ServerLimits } from '../http/server-limits.js';
import { handleMcpRoute, isMcpRoute } from '../mcp-http/routes.js';
import { webhookHandlers } from '../webhooks/handlers.js';
import { webhookEgressPolicy } from '../webhooks/target-policy.js';
import { clientDocumentEgressPolicy } from '../oauth/document-egress.js';
import { isImageRoute, kbImageAnswer } from '../kb/image-route.js';

export interface AppOptions extends HostPolicy {
  store: Store;
  handlers?: HandlerMap;
  services?: Partial<ServerServices>;
  /** Where unexpected errors are reported (stderr by default). */
  logError?: (err: unknown) => void;
  /** Rate limit and injected faults for API requests (`fp server --rate-limit/--faults`). */
  rehearsal?: Rehearsal;
  /** Deadlines and the connection cap (`SERVER_LIMITS` by default). */
  limits?: Partial<ServerLimits>;
  /** Origins `/mcp` answers besides its own (`fp server --allowed-origins`), as `scheme://host[:port]`. */
  allowedOrigins?: readonly string[];
}

/** The reference server as a `node:http` server that is not listening yet. */
export function createApp(options: AppOptions): Server {
  const limits = { ...SERVER_LIMITS, ...options.limits };
  const listening = () => [(server.address() as AddressInfo | null)?.address ?? ''];
  const server = createListener(createRequestHandler({ listening, ...options }), limits, connectionGate(limits));
  return server;
}

/** A `node:http` server for a request handler, with its deadlines, its refusals in JSON and a connection gate. */
export function createListener(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  limits: ServerLimits,
  gate: (server: Server) => void,
): Server {
  const server = createServer(serverOptions(limits), handler);
  answerClientErrors(server);
  gate(server);
  return server;
}

/** A request past its host and path checks, on its way to an operation. */
interface Arriving {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  method: string;
  portal: Portal;
  now: Date;
  origin: string;
}

/** One request listener, shareable by servers on several addresses. */
export function createRequestHandler(options: AppOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const { store } = options;
  const handlers: HandlerMap = { ...webhookHandlers, ...referenceServerHandlers, ...(options.handlers ?? allHandlers) };
  const services: ServerServices = { now: () => new Date(), ...options.services };
  describeEventsWith(describeEvent);
  services.webhookEgress ??= webhookEgressPolicy({ allowPrivateLinks: services.allowPrivateLinks === true });
  const match = createRouter();
  const matchReference = createRouter(referenceEndpointList);
  const logError = options.logError ?? ((err) => console.error(err));
  const documentEgress =
    services.clientDocumentEgress ??
    clientDocumentEgressPolicy({ allowLocal: services.allowLocalClientDocuments === true });
  const log = (message: string) => logError(message);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    assertKnownTransferEncoding(req);
    const url = requestUrl(req.url);
    const { portal, origin } = checkHost(req, store, options);
    const method = (req.method ?? 'GET').toUpperCase();
    const now = services.now();
    // A dot segment names no route: it is not resolved to another path (D-PATH-DOT-SEGMENTS).
    if (hasDotSegment(req.url ?? '/')) {
      throw new HttpError(404, `The route ${(req.url ?? '/').split(/[?#]/, 1)[0].slice(1)} could not be found.`);
    }

    if (isMcpRoute(url.pathname)) {
      await handleMcpRoute({ req, res, url, method, portal, store, now, origin, egress: documentEgress, log }, options);
      return;
    }
    if (isImageRoute(url.pathname)) {
      const image = kbImageAnswer(req, portal, url.pathname);
      res.writeHead(image.status, image.headers);
      res.end(image.body);
      return;
    }
    // The reference server's own routes are not the hosted API's: no rehearsed limits or faults.
    const reference = url.pathname.startsWith('/__reference/');
    if (!reference && options.rehearsal && (await options.rehearsal(req, res))) return;
    await serve(
      { req, res, url, method, portal, now, origin },
      (reference ? matchReference : match)(method, url.pathname),
    );
  }

  /** Routing's 404 and 405, then the key, the input, the operation in its transaction, and the answer. */
  async function serve({ req, res, url, method, portal, now, origin }: Arriving, route: RouteMatch): Promise<void> {
    const routeName = () => url.pathname.replace(/^\//, '');
    if (route.kind === 'not-found') throw new HttpError(404, `The route ${routeName()} could not be found.`);
    if (route.kind === 'method-not-allowed') {
      throw new HttpError(
        405,
        `The ${method} method is not supported for route ${routeName()}. Supported methods: ${route.allowed.join(', ')}.`,
        { allow: route.allowed.join(', ') },
      );
    }
    const { endpoint, params } = route;
    const key = endpoint.access === 'public' ? undefined : authenticate(req, portal, now);
    if (key && (endpoint.access === 'admin' || endpoint.method !== 'GET')) assertCanWrite(key);

    const { query, body } = await readInput(req, url, endpoint);
    const handler = handlers[endpoint.name as keyof HandlerMap] as ((ctx: HandlerContext) => unknown) | undefined;
    if (!handler) throw new HttpError(501, `${endpoint.name} is not implemented by this server.`);

    const ctx = { portal, key, params, query, body, req, res, store, services, now, origin } as HandlerContext;
    // A write's changes are all kept or, when the handler throws, all undone.
    const run = () => handler(ctx);
    const outcome = isWrite(endpoint) ? store.transaction(run) : run();
    // A read answered at once is sent in the same turn as its request was parsed, as a plain node:http answer is.
    const result = (outcome instanceof Promise ? await outcome : outcome) as HandlerResult;
    if ('download' in result) return sendDownload(res, result.download);
    const status = result.status ?? 200;
    if (isWrite(endpoint) && status < 300) await store.commit();
    sendJson(res, status, result.body ?? {});
  }

  return (req, res) => {
    if (isRefused(req.socket)) return; // answered 503 when it connected
    handle(req, res).catch((err) => answerError(err, req, res, logError));
  };
}

/**
 * Once the headers are out an error can only cut the download short: the pipeline
 * destroys the response and the error is rethrown for the log.
 */
async function sendDownload(
  res: ServerResponse,
  download: { headers: Record<string, string>; stream: NodeJS.ReadableStream },
): Promise<void> {
  res.writeHead(200, download.headers);
  await pipeline(download.stream, res);
}

/** The error answer of a failed request; one the service does not map to a status is logged and is a 500. */
function answerError(err: unknown, req: IncomingMessage, res: ServerResponse, logError: (err: unknown) => void): void {
  const mapped = errorResponse(err);
  if (!mapped) logError(err);
  const { status, body, headers } = mapped ?? { status: 500, body: { message: 'Server Error' } };
  if (res.headersSent) {
    res.destroy();
    return;
  }
  // A refusal before the body was read (auth, limits): discard the rest rather than read it.
  if (!req.complete) dropUnreadBody(req, res);
  sendJson(res, status, body, headers);
}

/**
 * The request target as a URL. An origin-form target is always a path, so `//x/y`
 * stays the path `//x/y` instead of naming a host `x`; a target no URL parser
 * accepts is the client's mistake (400), not the server's.
 */
function requestUrl(target = '/'): URL {
  try {
    return new URL(target.startsWith('/') ? `http://localhost${target}` : target, 'http://localhost');
  } catch {
    throw new HttpError(400, 'The request target is not a valid URL.');
  }
}

function isWrite(endpoint: Endpoint): boolean {
  return endpoint.method !== 'GET';
}

function validate<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new ValidationError(fieldErrors(parsed.error));
  return parsed.data;
}

/** The endpoint's query and body, read and validated; a GET's query also takes a JSON body's fields (D-GET-JSON-BODY). */
async function readInput(
  req: IncomingMessage,
  url: URL,
  endpoint: Endpoint,
): Promise<{ query: unknown; body: unknown }> {
  const query = endpoint.query
    ? validate(
        endpoint.query,
        normalizeInput(endpoint.method === 'GET' ? await readGetInput(req, url) : readQuery(url.searchParams)),
      )
    : undefined;
  const body = endpoint.body ? validate(endpoint.body, normalizeInput(await readJson(req))) : undefined;
  return { query, body };
}
