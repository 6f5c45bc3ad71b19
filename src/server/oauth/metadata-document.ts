import type { Dispatcher } from 'undici';
import { request } from '../../client/undici-parts.js';
import { describeError } from '../egress/describe-error.js';
import { createGuardedAgent } from '../egress/guarded-agent.js';
import { blockReason, ipLiteral, type EgressPolicy } from '../egress/egress-guard.js';
import type { RegisteredClient } from './client-registry.js';
import { OAuthError } from './oauth-error.js';
import { checkRedirectUri } from './redirect-uri.js';

/** A document larger than this is refused (the draft's suggested cap). */
const DOCUMENT_BYTES = 5 * 1024;
const DOCUMENT_TIMEOUT_MS = 5_000;
/** Cache lifetime without `max-age`, and the bounds a document's `max-age` is held to. */
const DEFAULT_CACHE_MS = 5 * 60_000;
const MIN_CACHE_MS = 60_000;
const MAX_CACHE_MS = 24 * 60 * 60_000;
const MAX_CACHED = 1_000;

/** The client as its document describes it: a `RegisteredClient` of whatever portal asks. */
export type DocumentClient = Omit<RegisteredClient, 'portal'>;

const refused = (url: string, why: string) =>
  new OAuthError(400, 'invalid_client', `The client metadata document at ${url} ${why}`);

/**
 * Whether a client_id names a Client ID Metadata Document: an https URL with a path
 * (draft-ietf-oauth-client-id-metadata-document §3). Registered ids never look like one.
 */
export function isDocumentClientId(clientId: string): boolean {
  return clientId.startsWith('https://');
}

/** The draft's rules for the URL itself; the reason it is refused, or undefined. */
function urlProblem(clientId: string): string | undefined {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return 'is not a URL';
  }
  if (url.username || url.password) return 'must not carry credentials in its URL';
  if (url.hash || clientId.includes('#')) return 'must not have a fragment in its URL';
  if (url.pathname === '/' || url.pathname === '') return 'must have a path in its URL';
  if (/\/\.\.?(?:\/|$)/.test(clientId.split(/[?#]/)[0].replace(/^https:\/\/[^/]*/, '')))
    return 'must not have . or .. segments in its URL';
  return undefined;
}

interface Cached {
  client: DocumentClient;
  expiresAt: number;
}

/**
 * Client ID Metadata Documents, fetched through the egress guard (no redirects, a
 * size cap, a timeout) and cached as their Cache-Control says within bounds. One
 * fetch per URL at a time; the cache holds at most MAX_CACHED documents.
 */
export class MetadataDocuments {
  private readonly cache = new Map<string, Cached>();
  private readonly inFlight = new Map<string, Promise<Cached>>();
  private readonly agents = new WeakMap<EgressPolicy, Dispatcher>();

  constructor(private readonly timeoutMs = DOCUMENT_TIMEOUT_MS) {}

  /** `log` hears why a document could not be fetched; the client hears only that it could not. */
  async client(
    clientId: string,
    egress: EgressPolicy,
    now: number,
    log: (message: string) => void = () => {},
  ): Promise<DocumentClient> {
    const problem = urlProblem(clientId);
    if (problem !== undefined) throw refused(clientId, `${problem}.`);
    const cached = this.cache.get(clientId);
    if (cached && cached.expiresAt > now) return cached.client;
    let pending = this.inFlight.get(clientId);
    if (!pending) {
      pending = this.fetch(clientId, egress, now, log).finally(() => this.inFlight.delete(clientId));
      this.inFlight.set(clientId, pending);
    }
    return (await pending).client;
  }

  private async fetch(url: string, egress: EgressPolicy, now: number, log: (message: string) => void): Promise<Cached> {
    let fetched: { body: string; cacheControl?: string };
    try {
      fetched = await this.download(url, egress);
    } catch (err) {
      if (!(err instanceof FetchFailure)) throw err;
      // One answer for every failure: which one it was (refused, closed port, TLS, status) would map the network.
      log(`The client metadata document at ${url} could not be fetched: ${err.message}.`);
      throw refused(url, 'could not be fetched.');
    }
    const entry = { client: clientOf(url, fetched.body), expiresAt: now + cacheMs(fetched.cacheControl) };
    this.cache.delete(url);
    if (entry.expiresAt > now) this.cache.set(url, entry);
    if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value as string);
    return entry;
  }

  /** The document's text, or a FetchFailure saying why not; a refused address is never connected to. */
  private async download(url: string, egress: EgressPolicy): Promise<{ body: string; cacheControl?: string }> {
    const literal = ipLiteral(new URL(url).hostname);
    const blocked = literal === undefined ? undefined : blockReason(literal, egress);
    if (blocked !== undefined) throw new FetchFailure(blocked);
    const timer = AbortSignal.timeout(this.timeoutMs);
    try {
      const res = await request(url, this.agentFor(egress), {
        method: 'GET',
        headers: { accept: 'application/json' },
        signal: timer,
      });
      if (res.statusCode !== 200) {
        await res.body.dump();
        throw new FetchFailure(`it answered HTTP ${res.statusCode}, not 200 (redirects are not followed)`);
      }
      const body = await readCapped(res.body);
      const header = res.headers['cache-control'];
      return { body, cacheControl: Array.isArray(header) ? header.join(', ') : header };
    } catch (err) {
      if (err instanceof FetchFailure) throw err;
      throw new FetchFailure(
        timer.aborted ? `timed out after ${this.timeoutMs} ms` : describeError(err, this.timeoutMs),
      );
    }
  }

  private agentFor(egress: EgressPolicy): Dispatcher {
    let agent = this.agents.get(egress);
    if (!agent) this.agents.set(egress, (agent = createGuardedAgent(this.timeoutMs, egress)));
    return agent;
  }
}

/** Why a document could not be fetched: for the server's log only. */
class FetchFailure extends Error {}

async function readCapped(stream: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > DOCUMENT_BYTES) throw new FetchFailure(`it is larger than ${DOCUMENT_BYTES} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** How long a document may be reused: its `max-age` held within bounds; `no-store`/`no-cache` not at all. */
function cacheMs(header: string | undefined): number {
  if (header === undefined) return DEFAULT_CACHE_MS;
  if (/(?:^|[\s,])(?:no-store|no-cache)(?:[\s,=]|$)/i.test(header)) return 0;
  const maxAge = /(?:^|[\s,])max-age\s*=\s*"?(\d+)/i.exec(header);
  if (!maxAge) return DEFAULT_CACHE_MS;
  return Math.min(Math.max(Number(maxAge[1]) * 1000, MIN_CACHE_MS), MAX_CACHE_MS);
}

/** The document checked as the draft and our public-client rules require. */
function clientOf(url: string, text: string): DocumentClient {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    throw refused(url, 'is not valid JSON.');
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw refused(url, 'is not a JSON object.');
  const d = doc as Record<string, unknown>;
  if (d.client_id !== url) throw refused(url, `names client_id ${JSON.stringify(d.client_id)}, not its own URL.`);
  const method = d.token_endpoint_auth_method ?? 'none';
  if (method !== 'none' || d.client_secret !== undefined)
    throw refused(url, 'must describe a public client (token_endpoint_auth_method none, no client_secret).');
  const applicationType = d.application_type ?? 'web';
  if (applicationType !== 'web' && applicationType !== 'native')
    throw refused(url, 'has an application_type other than web or native.');
  const uris = d.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || uris.length > 10)
    throw refused(url, 'must list 1 to 10 redirect_uris.');
  let redirectUris: string[];
  try {
    redirectUris = uris.map((u) => checkRedirectUri(u, applicationType));
  } catch (err) {
    throw refused(url, `has a redirect URI that is refused: ${(err as OAuthError).description}`);
  }
  const name = d.client_name;
  return {
    clientId: url,
    redirectUris,
    clientName: typeof name === 'string' ? name.slice(0, 200) : undefined,
    applicationType,
    issuedAt: 0,
  };
}
