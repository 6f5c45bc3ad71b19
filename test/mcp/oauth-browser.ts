import type { LookupAddress } from 'node:dns';
import { Agent, fetch as undiciFetch, request } from 'undici';
import type {
  FetchLike,
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  OAuthTokens,
} from '@modelcontextprotocol/client';

/** A test agent's OAuth memory, as the SDK client asks for it; the "browser" is the test. */
export class TestOAuthProvider implements OAuthClientProvider {
  client?: { client_id: string; [k: string]: unknown };
  saved?: OAuthTokens;
  verifier?: string;
  authorizationUrl?: URL;
  discovery?: OAuthDiscoveryState;

  constructor(readonly redirectUrl = 'http://127.0.0.1:9/callback') {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Test agent',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'mcp',
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: { client_id: string }) {
    this.client = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  saveDiscoveryState(state: OAuthDiscoveryState) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
  codeVerifier() {
    if (!this.verifier) throw new Error('no code verifier saved');
    return this.verifier;
  }
}

export interface ConsentForm {
  status: number;
  html: string;
  consentId: string;
  csrf: string;
  /** `name=value` of the anti-CSRF cookie. */
  cookie: string;
}

const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';

/** GET the authorization URL as a browser would and read the consent form. */
export async function openConsent(url: string | URL, dispatcher?: Agent): Promise<ConsentForm> {
  const res = await request(url, { method: 'GET', dispatcher });
  const html = await res.body.text();
  const setCookie = res.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie[0] : (setCookie ?? '')).split(';')[0];
  return {
    status: res.statusCode,
    html,
    consentId: hidden(html, 'consent_id'),
    csrf: hidden(html, 'csrf_token'),
    cookie,
  };
}

/** POST the consent form; resolves to the status, the Location (if any) and the body. */
async function submitConsent(
  origin: string,
  form: { consent_id?: string; csrf_token?: string; api_key?: string; action?: string },
  cookie?: string,
  headers: Record<string, string> = {},
  dispatcher?: Agent,
): Promise<{ status: number; location?: string; body: string }> {
  const body = new URLSearchParams(
    Object.entries(form).filter(([, v]) => v !== undefined) as [string, string][],
  ).toString();
  const res = await request(`${origin}/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}), ...headers },
    body,
    dispatcher,
  });
  const location = res.headers.location;
  return {
    status: res.statusCode,
    location: typeof location === 'string' ? location : undefined,
    body: await res.body.text(),
  };
}

/** The whole browser part: open the page, approve with the key, follow nothing, return the callback URL. */
export async function approveInBrowser(
  authorizationUrl: URL,
  origin: string,
  apiKey: string,
  dispatcher?: Agent,
): Promise<URL> {
  const consent = await openConsent(authorizationUrl, dispatcher);
  const form = { consent_id: consent.consentId, csrf_token: consent.csrf, api_key: apiKey, action: 'approve' };
  const answer = await submitConsent(origin, form, consent.cookie, {}, dispatcher);
  if (answer.status !== 302 || !answer.location)
    throw new Error(`consent not approved: ${answer.status} ${answer.body}`);
  return new URL(answer.location);
}

/**
 * A fetch for the SDK client that reaches `*.localhost` portal hosts on a fixed
 * loopback address (the SDK allows plain http only for localhost names and 127.0.0.1).
 */
export function dispatcherVia(address: string): Agent {
  return new Agent({
    connect: {
      lookup: (_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) =>
        options.all ? cb(null, [{ address, family: 4 } satisfies LookupAddress]) : cb(null, address, 4),
    } as never,
  });
}

export function fetchVia(dispatcher: Agent): FetchLike {
  return ((url: string | URL, init?: RequestInit) =>
    undiciFetch(url, { ...(init as object), dispatcher } as never)) as unknown as FetchLike;
}
