import { STATUS_CODES } from 'node:http';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { buildPath, type Endpoint } from '../contract/endpoints.js';
import { operation, type AllEndpoints, type AnyOperationName } from '../contract/operations.js';
import { fieldErrors } from '../contract/validation.js';
import { ApiError, NetworkError, RequestValidationError, ResponseShapeError, ResponseTooLargeError } from './errors.js';
import { describeNetworkError } from './network-error.js';
import { exchangeViaNodeHttp } from './first-call/exchange-via-node-http.js';
import { proxyFromEnv, type NodeHttpBody } from './first-call/node-http-exchange.js';
import { DEFAULT_MAX_RESPONSE_BYTES, readCapped, responseTooLarge, TOO_LARGE_CODE, utf8 } from './response-cap.js';
import {
  decideRetry,
  DEFAULT_DEADLINE_MS,
  formatMs,
  isIdempotentMethod,
  MAX_ATTEMPTS,
  type RetryStep,
} from './retry-policy.js';

type In<T> = T extends z.ZodType ? z.input<T> : never;
type Field<E, K extends string> = E extends { [P in K]: infer S } ? { [P in K]: In<S> } : { [P in K]?: undefined };

/** Arguments of one operation, typed from its endpoint entry. */
type Params<E> = E extends { params: infer S }
  ? { params: { [P in keyof In<S>]: string | number } }
  : { params?: undefined };

export type CallArgs<K extends AnyOperationName> = Params<AllEndpoints[K]> &
  (AllEndpoints[K] extends { query: infer Q } ? { query?: In<Q> } : { query?: undefined }) &
  Field<AllEndpoints[K], 'body'>;

export type CallResult<K extends AnyOperationName> = z.output<AllEndpoints[K]['response']>;

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  dispatcher?: Dispatcher;
  /** The time one request may take, retries, waits and the body included (--timeout). */
  timeoutMs?: number;
  userAgent?: string;
  /** Receives one line per exchange (key redacted) when debugging. */
  debug?: (line: string) => void;
  /** At most this many extra attempts (MAX_ATTEMPTS - 1 by default); see retry-policy.ts for which failures qualify. */
  retries?: number;
  /** Receives one line each time the client waits before another attempt (shown on stderr). */
  onWait?: (line: string) => void;
  /** Told when a request is sent (`GET /api/v1/posts`); the function it returns is called when the answer arrives or the request fails. */
  onRequest?: (what: string) => () => void;
  /** The most an answer read whole may hold (--max-response); DEFAULT_MAX_RESPONSE_BYTES when not given. */
  maxResponseBytes?: number;
}

export interface RawResponse {
  status: number;
  statusText: string;
  headers: Record<string, string | string[] | undefined>;
  body: Dispatcher.ResponseData['body'];
  /** Aborted when the request's time (--timeout) runs out, the body included. */
  deadline?: AbortSignal;
  /** `GET /api/v1/posts from host`, for errors about the answer. */
  what?: string;
  /** readText reads no more than this (--max-response). */
  maxBytes?: number;
}

export type SendOptions = {
  body?: unknown;
  rawBody?: Dispatcher.DispatchOptions['body'];
  headers?: Record<string, string>;
  allowErrors?: boolean;
} & CallOptions;

/** undici's connect timeout, which the node:http exchange keeps too. */
const CONNECT_TIMEOUT_MS = 10_000;

export interface CallOptions {
  /**
   * Repeating the request is harmless (e.g. approving an item twice ends in the same
   * state), so it may be retried after a dropped connection or a 502/504 even though it is a POST.
   */
  idempotent?: boolean;
  /** Told before each wait for another attempt; the caller then reports waits itself (onWait is not called). */
  onRetry?: (notice: RetryNotice) => void;
}

export interface RetryNotice {
  method: string;
  path: string;
  /** The status that caused the retry; undefined for a dropped connection. */
  status?: number;
  /** The attempt about to be made (2 for the first retry). */
  attempt: number;
  waitMs: number;
  reason: string;
}

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

/** Serialise a query the way the service (PHP) reads it: arrays as `name[]=…`. */
export function encodeQuery(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) params.append(`${key}[]`, String(v));
    else params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export function redactKey(key: string): string {
  return key.length <= 4 ? '****' : `****${key.slice(-4)}`;
}

/** The arguments of an endpoint call: path parameters, query and body. */
export interface EndpointArgs {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

/** One typed client for the whole API, derived from the endpoint table. */
export class ApiClient {
  readonly baseUrl: string;
  /** Retries made by this client so far (each wait before another attempt counts once). */
  readonly stats = { retries: 0 };
  /** The `x-ratelimit-*` and `retry-after` headers of the latest answer that carried a rate limit (`fp status`). */
  rateLimitHeaders: Record<string, string> | undefined;
  private calls = 0;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/(?<!\/)\/+$/, '');
  }

  /** Call an operation of either table by name; the body is checked before sending and the answer after. */
  async call<K extends AnyOperationName>(
    name: K,
    args: CallArgs<K>,
    callOptions: CallOptions = {},
  ): Promise<CallResult<K>> {
    return (await this.callEndpoint(operation(name), args as EndpointArgs, callOptions)) as CallResult<K>;
  }

  /** Call an endpoint described as the tables do (an entry given rather than named: a tool's). */
  async callEndpoint(endpoint: Endpoint, args: EndpointArgs, callOptions: CallOptions = {}): Promise<unknown> {
    if (endpoint.body && args.body !== undefined) {
      const checked = endpoint.body.safeParse(args.body);
      if (!checked.success) throw new RequestValidationError('The given data was invalid.', fieldErrors(checked.error));
    }
    const path = buildPath(endpoint.path, args.params ?? {}) + encodeQuery(args.query);
    // The answer is read whole here, so without a proxy or a dispatcher of the caller's the
    // first call of a client goes through node:http (see first-call/): a one-shot
    // command never loads undici. Later calls take undici's pool, which serves many faster.
    const viaNodeHttp =
      this.calls++ === 0 &&
      !this.options.dispatcher &&
      !proxyFromEnv(process.env) &&
      process.env.FP_HTTP_TRANSPORT !== 'undici';
    const res = await this.exchange(endpoint.method, path, { body: args.body, ...callOptions }, viaNodeHttp);
    const json = await readJsonBody(res, endpoint.method, path);
    const parsed = endpoint.response.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue.path.length ? `${formatIssuePath(issue.path)}: ` : '';
      throw new ResponseShapeError(`unexpected response from ${endpoint.method} ${path}: ${where}${issue.message}`);
    }
    return parsed.data;
  }

  /**
   * One HTTP exchange without schema checks: the caller gets the raw body stream.
   * Non-2xx answers become ApiError unless `allowErrors` is set. Retries follow
   * retry-policy.ts; the whole exchange, retries, waits and the body included, has
   * `timeoutMs` (--timeout) to finish.
   */
  send(method: string, path: string, opts: SendOptions = {}): Promise<RawResponse> {
    return this.exchange(method, path, opts, false);
  }

  private async exchange(method: string, path: string, opts: SendOptions, viaNodeHttp: boolean): Promise<RawResponse> {
    const url = this.baseUrl + (path.startsWith('/') ? path : `/${path}`);
    const { headers, body } = this.requestParts(opts);
    const what = `${method} ${url.slice(this.baseUrl.length) || '/'}`;
    const ex: Exchange = {
      method,
      url,
      what,
      host: hostOf(url),
      idempotent: opts.idempotent ?? isIdempotentMethod(method),
      deadlineMs: this.options.timeoutMs ?? DEFAULT_DEADLINE_MS,
      maxBodyBytes: this.options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      started: Date.now(),
      phase: 'answer',
      attempts: 0,
      deadline: new AbortController(),
    };
    const timer = startDeadline(ex);
    const log = this.options.debug;
    this.logRequest(method, url, headers);
    const answered = this.options.onRequest?.(what);
    let res: Pick<Dispatcher.ResponseData, 'statusCode' | 'headers' | 'body'>;
    try {
      res = await this.dispatch(ex, headers, body, this.retryCallback(ex, opts), viaNodeHttp);
    } catch (err) {
      answered?.();
      clearTimeout(timer);
      const described = ex.deadline.signal.aborted
        ? (ex.deadline.signal.reason as NetworkError)
        : describeNetworkError(err, url, ex.deadlineMs);
      if (ex.gaveUp) described.retry = ex.gaveUp;
      log?.(`< ${described.message}`);
      throw described;
    }
    answered?.();
    this.noteRateLimit(res.headers);
    ex.phase = 'body';
    res.body.once('close', () => clearTimeout(timer));
    log?.(`< ${res.statusCode} (${Date.now() - ex.started} ms)`);
    const raw: RawResponse = {
      status: res.statusCode,
      statusText: statusText(res.statusCode),
      headers: res.headers as RawResponse['headers'],
      body: res.body,
      deadline: ex.deadline.signal,
      what: `${what} from ${ex.host}`,
      maxBytes: ex.maxBodyBytes,
    };
    if (res.statusCode >= 400 && !opts.allowErrors) {
      const err = await toApiError(raw);
      // The body as sent: the error line puts a known message in fp's words.
      log?.(`< ${typeof err.body === 'string' ? err.body : JSON.stringify(err.body)}`);
      if (ex.gaveUp) err.retry = ex.gaveUp;
      err.hint ??= baseUrlHint(this.baseUrl, err);
      throw err;
    }
    return raw;
  }

  private noteRateLimit(headers: Dispatcher.ResponseData['headers']): void {
    if (headers['x-ratelimit-limit'] === undefined) return;
    const kept: Record<string, string> = {};
    for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after']) {
      const value = headers[name];
      if (value !== undefined) kept[name] = String(value);
    }
    this.rateLimitHeaders = kept;
  }

  private requestParts(opts: SendOptions): { headers: Record<string, string>; body: SendOptions['rawBody'] } {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.options.userAgent ?? 'fp',
      authorization: `Bearer ${this.options.apiKey}`,
      ...opts.headers,
    };
    if (opts.body === undefined || opts.rawBody !== undefined) return { headers, body: opts.rawBody };
    headers['content-type'] = 'application/json';
    return { headers, body: JSON.stringify(opts.body) };
  }

  private logRequest(method: string, url: string, headers: Record<string, string>): void {
    const log = this.options.debug;
    if (!log) return;
    log(`> ${method} ${url}`);
    for (const [k, v] of Object.entries(headers)) {
      log(`> ${k}: ${k === 'authorization' ? `Bearer ${redactKey(this.options.apiKey)}` : v}`);
    }
  }

  /** Decides after each failed attempt whether to try again (retry-policy.ts), and says so while it waits. */
  private retryCallback(ex: Exchange, opts: SendOptions): RetryStep {
    return (err, cb) => {
      ex.attempts++;
      const e = err as { statusCode?: number; code?: string; headers?: Record<string, string | string[] | undefined> };
      const failure = e.statusCode
        ? { status: e.statusCode, retryAfter: e.headers?.['retry-after'] }
        : { code: e.code ?? (e as { cause?: { code?: string } }).cause?.code };
      // Once an answer is being read it is the caller's; a cut-off body is not re-requested.
      if (ex.deadline.signal.aborted || ex.phase === 'body') return cb(err);
      const decision = decideRetry(failure, {
        idempotent: ex.idempotent,
        attempts: ex.attempts,
        elapsedMs: Date.now() - ex.started,
        deadlineMs: ex.deadlineMs,
        maxAttempts: this.options.retries === undefined ? undefined : this.options.retries + 1,
      });
      if (!decision.retry) {
        ex.gaveUp = decision.why;
        return cb(err);
      }
      const reason = failure.status
        ? `${failure.status} ${statusText(failure.status)}`
        : describeNetworkError(err, ex.url, ex.deadlineMs).message;
      this.stats.retries++;
      this.options.debug?.(`< ${reason}: retrying in ${formatMs(decision.waitMs)}`);
      if (opts.onRetry) {
        const path = ex.what.slice(ex.method.length + 1);
        opts.onRetry({
          method: ex.method,
          path,
          status: failure.status,
          attempt: ex.attempts + 1,
          waitMs: decision.waitMs,
          reason,
        });
      } else {
        const asked = decision.retryAfterMs !== undefined ? ` (Retry-After ${formatMs(decision.retryAfterMs)})` : '';
        this.options.onWait?.(`waiting ${formatMs(decision.waitMs)} to retry ${ex.what}: ${reason}${asked}`);
      }
      setTimeout(() => cb(null), decision.waitMs);
    };
  }

  /** The request itself, over node:http for a first one-shot call, else undici with its retry interceptor. */
  private async dispatch(
    ex: Exchange,
    headers: Record<string, string>,
    body: SendOptions['rawBody'],
    retry: RetryStep,
    viaNodeHttp: boolean,
  ): Promise<Pick<Dispatcher.ResponseData, 'statusCode' | 'headers' | 'body'>> {
    const signal = ex.deadline.signal;
    if (viaNodeHttp && (body === undefined || typeof body === 'string')) {
      const answer = await exchangeViaNodeHttp(
        ex.url,
        {
          method: ex.method,
          headers,
          body,
          signal,
          connectTimeoutMs: CONNECT_TIMEOUT_MS,
          maxBodyBytes: ex.maxBodyBytes,
        },
        retry,
      );
      // call() reads this body only with text(), which it has.
      return answer as unknown as Pick<Dispatcher.ResponseData, 'statusCode' | 'headers' | 'body'>;
    }
    const [{ sharedDispatcher }, { request, retry: retryInterceptor }] = await Promise.all([
      import('./http-agent.js'),
      import('./undici-parts.js'),
    ]);
    const base = this.options.dispatcher ?? sharedDispatcher(CONNECT_TIMEOUT_MS);
    return request(
      ex.url,
      base.compose(
        retryInterceptor({ retry: (err, _state, cb) => retry(err, cb), throwOnError: false, maxRetries: MAX_ATTEMPTS }),
      ),
      {
        method: ex.method as Dispatcher.HttpMethod,
        headers,
        body,
        headersTimeout: ex.deadlineMs,
        bodyTimeout: ex.deadlineMs,
        signal,
      },
    );
  }
}

/** One exchange in flight: what it is, its limits, and how far it has got. */
interface Exchange {
  method: string;
  url: string;
  /** `GET /api/v1/posts`, for messages. */
  what: string;
  host: string;
  idempotent: boolean;
  deadlineMs: number;
  maxBodyBytes: number;
  started: number;
  phase: 'answer' | 'body';
  attempts: number;
  /** Why the retry policy stopped trying, for the error. */
  gaveUp?: string;
  deadline: AbortController;
}

/** Aborts the exchange when its time (--timeout) runs out, saying what it was waiting for. */
function startDeadline(ex: Exchange): NodeJS.Timeout {
  const timer = setTimeout(() => {
    const waited =
      ex.phase === 'answer'
        ? `waiting for the answer to ${ex.what} from ${ex.host}`
        : `reading the answer to ${ex.what} from ${ex.host}: it arrived too slowly`;
    const tries = ex.attempts > 0 ? ` (${ex.attempts + 1} attempts)` : '';
    ex.deadline.abort(
      new NetworkError(
        `timed out after ${formatMs(ex.deadlineMs)}${tries} ${waited}; --timeout sets the limit`,
        'FP_DEADLINE',
      ),
    );
  }, ex.deadlineMs);
  timer.unref();
  return timer;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function formatIssuePath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${String(p)}` : String(p))).join('');
}

async function readJsonBody(res: RawResponse, method: string, path: string): Promise<unknown> {
  const text = await readText(res);
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw new ResponseShapeError(`unexpected response from ${method} ${path}: the body is not JSON`);
  }
}

/**
 * The whole body as text, read no further than the answer's cap (--max-response): a larger
 * answer fails while it arrives, or at once when its Content-Length says so. Running out of
 * time while it trickles in is the deadline's error.
 */
export async function readText(res: RawResponse): Promise<string> {
  const limit = res.maxBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  const what = res.what ?? `HTTP ${res.status}`;
  const length = Number(res.headers['content-length']);
  const declared = Number.isFinite(length) ? length : undefined;
  try {
    // The node:http body (a first call) is capped where it is read: it has only text().
    const body = res.body as RawResponse['body'] | NodeHttpBody;
    if (!(Symbol.asyncIterator in body)) {
      if (declared !== undefined && declared > limit) throw responseTooLarge(what, limit, declared);
      return await body.text();
    }
    return utf8(await readCapped(body, limit, what, declared));
  } catch (err) {
    if (err instanceof ResponseTooLargeError) throw err;
    const e = err as { code?: string; message?: string };
    if (e?.code === TOO_LARGE_CODE) throw responseTooLarge(what, limit);
    if (res.deadline?.aborted) throw res.deadline.reason;
    throw new NetworkError(`the answer was cut off: ${e?.message ?? String(err)}`, e?.code);
  }
}

/** An error answer as ApiError: the service's `{message, errors}`, or the status text for non-JSON bodies. */
export async function toApiError(res: RawResponse): Promise<ApiError> {
  // An error body over the cap is not read: the status says enough.
  const text = await readText(res).catch(() => '');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const message =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : res.statusText;
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  return new ApiError(
    res.status,
    message || `HTTP ${res.status}`,
    errors && typeof errors === 'object' ? (errors as Record<string, string[]>) : {},
    body ?? text,
  );
}

/**
 * A route the portal does not know, asked under a base URL with a path (`http://host:4010/foo`):
 * the path is likely the mistake, as fp adds `/api/v1` itself.
 */
function baseUrlHint(baseUrl: string, err: ApiError): string | undefined {
  if (err.status !== 404 || !/^The route .* could not be found/.test(err.message)) return undefined;
  const url = new URL(baseUrl);
  if (url.pathname === '/' || url.pathname === '') return undefined;
  return `the base URL ${baseUrl} has a path (${url.pathname}) the portal does not answer under; fp adds /api/v1 itself: try ${url.origin}`;
}

function statusText(status: number): string {
  return STATUS_CODES[status] ?? `HTTP ${status}`;
}

export { ApiError };
