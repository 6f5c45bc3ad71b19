import { STATUS_CODES } from 'node:http';
import { request, type Dispatcher } from 'undici';
import type { z } from 'zod';
import { buildPath, endpoints, type Endpoint, type Endpoints, type OperationName } from '../contract/endpoints.js';
import { fieldErrors } from '../contract/validation.js';
import { ApiError, NetworkError, RequestValidationError, ResponseShapeError } from './errors.js';
import { describeNetworkError } from './network-error.js';
import { sharedDispatcher } from './http-agent.js';

type In<T> = T extends z.ZodType ? z.input<T> : never;
type Field<E, K extends string> = E extends { [P in K]: infer S } ? { [P in K]: In<S> } : { [P in K]?: undefined };

/** Arguments of one operation, typed from its endpoint entry. */
type Params<E> = E extends { params: infer S } ? { params: { [P in keyof In<S>]: string | number } } : { params?: undefined };

export type CallArgs<K extends OperationName> = Params<Endpoints[K]> &
  (Endpoints[K] extends { query: infer Q } ? { query?: In<Q> } : { query?: undefined }) &
  Field<Endpoints[K], 'body'>;

export type CallResult<K extends OperationName> = z.output<Endpoints[K]['response']>;

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  dispatcher?: Dispatcher;
  /** Applies to waiting for headers and to gaps while reading the body. */
  timeoutMs?: number;
  userAgent?: string;
  /** Receives one line per exchange (key redacted) when debugging. */
  debug?: (line: string) => void;
  /** Extra attempts for idempotent requests on 429/502/503/504 or a dropped connection. */
  retries?: number;
}

export interface RawResponse {
  status: number;
  statusText: string;
  headers: Record<string, string | string[] | undefined>;
  body: Dispatcher.ResponseData['body'];
}

export type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

const RETRY_STATUSES = new Set([429, 502, 503, 504]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

/** One typed client for the whole API, derived from the endpoint table. */
export class ApiClient {
  readonly baseUrl: string;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
  }

  /** Call an operation by name; the body is checked before sending and the answer after. */
  async call<K extends OperationName>(name: K, args: CallArgs<K>): Promise<CallResult<K>> {
    const endpoint: Endpoint = endpoints[name];
    const a = args as { params?: Record<string, string | number>; query?: Record<string, QueryValue>; body?: unknown };
    if (endpoint.body && a.body !== undefined) {
      const checked = endpoint.body.safeParse(a.body);
      if (!checked.success) throw new RequestValidationError('The given data was invalid.', fieldErrors(checked.error));
    }
    const path = buildPath(endpoint.path, a.params ?? {}) + encodeQuery(a.query);
    const res = await this.send(endpoint.method, path, { body: a.body });
    const json = await readJsonBody(res, endpoint.method, path);
    const parsed = endpoint.response.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue.path.length ? `${formatIssuePath(issue.path)}: ` : '';
      throw new ResponseShapeError(`unexpected response from ${endpoint.method} ${path}: ${where}${issue.message}`);
    }
    return parsed.data as CallResult<K>;
  }

  /**
   * One HTTP exchange without schema checks: the caller gets the raw body stream.
   * Non-2xx answers become ApiError unless `allowErrors` is set.
   */
  async send(
    method: string,
    path: string,
    opts: {
      body?: unknown;
      rawBody?: Dispatcher.DispatchOptions['body'];
      headers?: Record<string, string>;
      allowErrors?: boolean;
    } = {},
  ): Promise<RawResponse> {
    const url = this.baseUrl + (path.startsWith('/') ? path : `/${path}`);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.options.userAgent ?? 'fp',
      authorization: `Bearer ${this.options.apiKey}`,
      ...opts.headers,
    };
    let body = opts.rawBody;
    if (opts.body !== undefined && body === undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    const idempotent = method === 'GET' || method === 'HEAD';
    const attempts = 1 + (idempotent ? (this.options.retries ?? 2) : 0);
    const timeout = this.options.timeoutMs ?? 30_000;
    const log = this.options.debug;

    for (let attempt = 1; ; attempt++) {
      const started = Date.now();
      log?.(`> ${method} ${url}`);
      if (log) {
        for (const [k, v] of Object.entries(headers)) {
          log(`> ${k}: ${k === 'authorization' ? `Bearer ${redactKey(this.options.apiKey)}` : v}`);
        }
      }
      let res: Dispatcher.ResponseData;
      try {
        res = await request(url, {
          method: method as Dispatcher.HttpMethod,
          headers,
          body,
          dispatcher: this.options.dispatcher ?? sharedDispatcher(timeout),
          headersTimeout: timeout,
          bodyTimeout: timeout,
        });
      } catch (err) {
        const described = describeNetworkError(err, url, timeout);
        log?.(`< ${described.message}`);
        if (attempt < attempts && described.retryable) {
          await sleep(250 * attempt);
          continue;
        }
        throw described;
      }
      log?.(`< ${res.statusCode} (${Date.now() - started} ms)`);
      if (attempt < attempts && RETRY_STATUSES.has(res.statusCode)) {
        await res.body.dump();
        const after = Number(res.headers['retry-after']);
        await sleep(Number.isFinite(after) && after > 0 ? Math.min(after, 5) * 1000 : 250 * attempt);
        continue;
      }
      const raw: RawResponse = {
        status: res.statusCode,
        statusText: statusText(res.statusCode),
        headers: res.headers as RawResponse['headers'],
        body: res.body,
      };
      if (res.statusCode >= 400 && !opts.allowErrors) throw await toApiError(raw);
      return raw;
    }
  }
}

function formatIssuePath(path: ReadonlyArray<PropertyKey>): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i ? `.${String(p)}` : String(p))).join('');
}

async function readJsonBody(res: RawResponse, method: string, path: string): Promise<unknown> {
  const text = await res.body.text();
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    throw new ResponseShapeError(`unexpected response from ${method} ${path}: the body is not JSON`);
  }
}

/** An error answer as ApiError: the service's `{message, errors}`, or the status text for non-JSON bodies. */
export async function toApiError(res: RawResponse): Promise<ApiError> {
  const text = await res.body.text().catch(() => '');
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

export function statusText(status: number): string {
  return STATUS_CODES[status] ?? `HTTP ${status}`;
}

export { ApiError, NetworkError };
