import { createHash, randomBytes } from 'node:crypto';
import { ClientRegistry, type RegisteredClient } from './client-registry.js';
import { MetadataDocuments } from './metadata-document.js';
import { PendingConsents, type ConsentRequest } from './pending-consents.js';
import { WrongKeyThrottle } from './wrong-key-throttle.js';

export type { RegisteredClient } from './client-registry.js';

/**
 * What the authorization server remembers, in memory for the life of the server
 * process: registered clients, consent requests waiting for an answer, codes and
 * tokens. Codes and tokens are kept only as SHA-256 hashes.
 */

const LIFETIME_MS = {
  consent: 10 * 60_000,
  code: 60_000,
  accessToken: 60 * 60_000,
  refreshToken: 30 * 24 * 60 * 60_000,
} as const;

/**
 * Bounds per portal and per client address, so strangers at one portal never use up
 * what another portal's administrators need, a stranger at one address never locks
 * out an administrator at another (`D-CLIENT-ADDRESS`), and memory stays bounded.
 */
export interface OAuthLimits {
  clientsPerPortal: number;
  /** Unused registrations one address may hold at a portal; past it its own oldest goes. */
  unusedClientsPerAddress: number;
  /** An unused registration (no approved authorization) is forgotten after this long. */
  unusedClientMs: number;
  consentsPerPortal: number;
  consentsPerAddress: number;
  /** Wrong API keys one address may type on a portal's consent pages per window before it is answered 429. */
  wrongKeysPerAddress: number;
  wrongKeyWindowMs: number;
}

const DEFAULT_LIMITS: OAuthLimits = {
  clientsPerPortal: 1_000,
  unusedClientsPerAddress: 20,
  unusedClientMs: 24 * 60 * 60_000,
  consentsPerPortal: 500,
  consentsPerAddress: 20,
  wrongKeysPerAddress: 10,
  wrongKeyWindowMs: 10 * 60_000,
};

/** Refused keys after which a consent is closed: the page is no place to guess keys. */
export const MAX_REFUSED_KEYS = 5;

/** What a code, an access token and a refresh token stand for. */
export interface Grant {
  clientId: string;
  portal: string;
  /** The administrator's API key the tools act with. */
  apiKey: string;
  scope: string;
  resource: string;
}

interface CodeRecord extends Grant {
  redirectUri: string;
  redirectUriGiven: boolean;
  codeChallenge: string;
  expiresAt: number;
  used: boolean;
  /** Tokens issued for this code: revoked if the code is presented again. */
  family?: string;
}

interface TokenRecord extends Grant {
  family: string;
  expiresAt: number;
}

const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
const hash = (token: string) => createHash('sha256').update(token).digest('base64url');

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

export class OAuthState {
  private readonly clients: ClientRegistry;
  private readonly consents: PendingConsents;
  /** Wrong keys typed on the consent pages, per portal and client address. */
  readonly wrongKeys: WrongKeyThrottle;
  /** Clients known by their Client ID Metadata Document, fetched and cached. */
  readonly documents = new MetadataDocuments();
  private readonly codes = new Map<string, CodeRecord>();
  private readonly accessTokens = new Map<string, TokenRecord>();
  private readonly refreshTokens = new Map<string, TokenRecord & { used: boolean }>();
  /** Families whose refresh token was replayed or whose code was reused: all their tokens are dead. */
  private readonly revokedFamilies = new Set<string>();

  /** `tighter` replaces some of DEFAULT_LIMITS (the tests use small ones). */
  constructor(tighter: Partial<OAuthLimits> = {}) {
    const limits = { ...DEFAULT_LIMITS, ...tighter };
    this.clients = new ClientRegistry({
      clientsPerPortal: limits.clientsPerPortal,
      unusedPerAddress: limits.unusedClientsPerAddress,
      unusedMs: limits.unusedClientMs,
    });
    this.consents = new PendingConsents({ perPortal: limits.consentsPerPortal, perAddress: limits.consentsPerAddress });
    this.wrongKeys = new WrongKeyThrottle({ wrongKeys: limits.wrongKeysPerAddress, windowMs: limits.wrongKeyWindowMs });
  }

  /** Undefined when the portal has no room for another registration (every one there is in use). */
  registerClient(
    client: Omit<RegisteredClient, 'clientId'>,
    from: string,
    now = Date.now(),
  ): RegisteredClient | undefined {
    return this.clients.register({ ...client, clientId: randomToken(16) }, from, now);
  }

  client(clientId: string, now = Date.now()): RegisteredClient | undefined {
    return this.clients.get(clientId, now);
  }

  openConsent(request: Omit<ConsentRequest, 'id' | 'csrf' | 'expiresAt' | 'refusedKeys'>, now: number): ConsentRequest {
    this.sweep(now);
    const consent = {
      ...request,
      id: randomToken(16),
      csrf: randomToken(24),
      expiresAt: now + LIFETIME_MS.consent,
      refusedKeys: 0,
    };
    this.consents.add(consent, now);
    return consent;
  }

  consent(id: string, now: number): ConsentRequest | undefined {
    return this.consents.get(id, now);
  }

  closeConsent(id: string): void {
    this.consents.delete(id);
  }

  issueCode(consent: ConsentRequest, apiKey: string, now: number): string {
    this.clients.markUsed(consent.clientId);
    const code = randomToken();
    this.codes.set(hash(code), {
      clientId: consent.clientId,
      portal: consent.portal,
      apiKey,
      scope: 'mcp',
      resource: consent.resource,
      redirectUri: consent.redirectUri,
      redirectUriGiven: consent.redirectUriGiven,
      codeChallenge: consent.codeChallenge,
      expiresAt: now + LIFETIME_MS.code,
      used: false,
    });
    return code;
  }

  /**
   * The code's record for one exchange. A code presented a second time is refused
   * and the tokens it already bought are revoked (RFC 6749 §4.1.2).
   */
  takeCode(code: string, now: number): CodeRecord | 'unknown' | 'expired' | 'reused' {
    const record = this.codes.get(hash(code));
    if (!record) return 'unknown';
    if (record.used) {
      if (record.family) this.revokedFamilies.add(record.family);
      return 'reused';
    }
    record.used = true;
    if (record.expiresAt <= now) return 'expired';
    return record;
  }

  /** Access and refresh token for a grant; `family` ties together every rotation of one authorization. */
  issueTokens(grant: Grant, now: number, family = randomToken(16), code?: CodeRecord): IssuedTokens {
    if (code) code.family = family;
    const accessToken = randomToken();
    const refreshToken = randomToken();
    const base = {
      clientId: grant.clientId,
      portal: grant.portal,
      apiKey: grant.apiKey,
      scope: grant.scope,
      resource: grant.resource,
      family,
    };
    this.accessTokens.set(hash(accessToken), { ...base, expiresAt: now + LIFETIME_MS.accessToken });
    this.refreshTokens.set(hash(refreshToken), { ...base, expiresAt: now + LIFETIME_MS.refreshToken, used: false });
    return { accessToken, refreshToken, expiresIn: LIFETIME_MS.accessToken / 1000 };
  }

  /**
   * Rotation: the refresh token is spent by use. A spent one presented again means
   * it leaked; the whole family is revoked (RFC 9700 §4.14.2).
   */
  takeRefreshToken(token: string, now: number): TokenRecord | 'unknown' | 'expired' | 'reused' | 'revoked' {
    const record = this.refreshTokens.get(hash(token));
    if (!record) return 'unknown';
    if (this.revokedFamilies.has(record.family)) return 'revoked';
    if (record.used) {
      this.revokedFamilies.add(record.family);
      return 'reused';
    }
    if (record.expiresAt <= now) return 'expired';
    record.used = true;
    return record;
  }

  accessToken(token: string, now: number): TokenRecord | 'unknown' | 'expired' | 'revoked' {
    const record = this.accessTokens.get(hash(token));
    if (!record) return 'unknown';
    if (this.revokedFamilies.has(record.family)) return 'revoked';
    if (record.expiresAt <= now) return 'expired';
    return record;
  }

  /**
   * Forgets what has expired (called as consents open, so memory follows use). Each map holds records of one lifetime in the order
   * they were made, so the expired ones are at its front: the sweep stops at the
   * first live record instead of walking every pending consent and token.
   */
  private sweep(now: number): void {
    dropExpired(this.codes, (c) => c.expiresAt + LIFETIME_MS.code <= now);
    dropExpired(this.accessTokens, (t) => t.expiresAt <= now);
    dropExpired(this.refreshTokens, (t) => t.expiresAt <= now);
  }
}

function dropExpired<T>(records: Map<string, T>, expired: (record: T) => boolean): void {
  for (const [key, record] of records) {
    if (!expired(record)) return;
    records.delete(key);
  }
}
