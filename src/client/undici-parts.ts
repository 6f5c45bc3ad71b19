// The parts of undici the client uses, imported file by file. undici's index also
// loads its fetch, WebSocket, cookie and cache modules, and one of those reads the
// global Headers, which makes Node load its own bundled copy of undici: together
// more than half of a one-shot command's start-up. These files are the same code
// the index re-exports (undici has no "exports" map, so they are public paths).
import type { Agent as AgentType, Dispatcher, EnvHttpProxyAgent as EnvHttpProxyAgentType, interceptors } from 'undici';
import AgentImpl from 'undici/lib/dispatcher/agent.js';
import EnvHttpProxyAgentImpl from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import retryInterceptor from 'undici/lib/interceptor/retry.js';
import api from 'undici/lib/api/index.js';
import DispatcherImpl from 'undici/lib/dispatcher/dispatcher.js';

// undici's index gives every dispatcher its request/stream/pipeline/connect/upgrade methods;
// ProxyAgent tunnels through `connect`, so without them no proxy (HTTP_PROXY) works.
Object.assign((DispatcherImpl as { prototype: object }).prototype, api);
const apiRequest = (api as { request: unknown }).request;

export const Agent = AgentImpl as typeof AgentType;
export const EnvHttpProxyAgent = EnvHttpProxyAgentImpl as typeof EnvHttpProxyAgentType;
export const retry = retryInterceptor as typeof interceptors.retry;

type RequestOptions = Omit<Dispatcher.RequestOptions, 'origin' | 'path'>;

/** undici's `request(url, { dispatcher, … })`, on the given dispatcher. */
export function request(
  url: string | URL,
  dispatcher: Dispatcher,
  options: RequestOptions,
): Promise<Dispatcher.ResponseData> {
  const u = new URL(url);
  const call = apiRequest as (this: Dispatcher, opts: Dispatcher.RequestOptions) => Promise<Dispatcher.ResponseData>;
  return call.call(dispatcher, { ...options, origin: u.origin, path: `${u.pathname}${u.search}` });
}
