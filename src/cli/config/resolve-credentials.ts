import { AuthError, UsageError } from '../errors.js';
import type { ProfileStore } from './profile-store.js';

export interface Credentials {
  baseUrl: string;
  apiKey: string;
  profile: string | undefined;
  keySource: 'FP_API_KEY' | 'profile';
  urlSource: '--base-url' | 'FP_BASE_URL' | 'profile';
}

export interface CredentialInputs {
  profileFlag?: string;
  baseUrlFlag?: string;
  env: Record<string, string | undefined>;
}

export function checkBaseUrl(url: string): string {
  // `127.0.0.1:4010` parses as a scheme of its own: the address meant is `http://127.0.0.1:4010`.
  if (!/^[a-z][\w+.-]*:\/\//i.test(url)) {
    const local = /^(?:localhost|127\.|\[?::1\]?|\d+\.\d+\.\d+\.\d+)/i.test(url);
    throw new UsageError(
      `invalid base URL "${url}": give its scheme too, as in ${local ? 'http' : 'https'}://${url.replace(/^\/+/, '')}`,
    );
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`invalid base URL "${url}": expected an address like https://feedback.example.com`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new UsageError(`invalid base URL "${url}": only http and https are supported`);
  }
  return withoutApiPath(url);
}

/** `https://x.example/api/v1/` is the portal `https://x.example`: fp adds the API's path itself. */
const withoutApiPath = (url: string) => url.replace(/(?<!\/)\/+$/, '').replace(/\/api\/v1$/i, '');

/** Same scheme, host (any case), port (default or explicit) and path (trailing slashes ignored). */
function sameBaseUrl(a: string, b: string): boolean {
  const norm = (u: string) => {
    try {
      const url = new URL(u);
      return withoutApiPath(`${url.origin}${url.pathname}`);
    } catch {
      return u;
    }
  };
  return norm(a) === norm(b);
}

/** Flags beat the environment, which beats the stored profile; FP_API_KEY beats a stored key. */
export async function resolveCredentials(
  inputs: CredentialInputs,
  openStore: () => Promise<ProfileStore>,
): Promise<Credentials> {
  const { env } = inputs;
  const urlOverride = inputs.baseUrlFlag ?? env.FP_BASE_URL;
  const keyOverride = env.FP_API_KEY;
  const named = inputs.profileFlag ?? env.FP_PROFILE;

  if (urlOverride && keyOverride && !named) {
    return {
      baseUrl: checkBaseUrl(urlOverride),
      apiKey: keyOverride,
      profile: undefined,
      keySource: 'FP_API_KEY',
      urlSource: inputs.baseUrlFlag ? '--base-url' : 'FP_BASE_URL',
    };
  }
  const store = await openStore();
  const name = named ?? store.currentName();
  const stored = name ? store.get(name) : undefined;
  if (named && !stored && !(urlOverride && keyOverride)) {
    throw new AuthError(`no profile named "${named}"; \`fp auth list\` shows the stored profiles`);
  }
  // A stored key goes only to the address it was stored for: a command pointed elsewhere
  // (by a script, a pasted command line or a planted FP_BASE_URL) must not hand it over.
  if (urlOverride && !keyOverride && stored && !sameBaseUrl(checkBaseUrl(urlOverride), stored.base_url)) {
    const from = inputs.baseUrlFlag ? '--base-url' : 'FP_BASE_URL';
    throw new AuthError(
      `the key of profile "${name}" belongs to ${checkBaseUrl(stored.base_url)} and is not sent to ${checkBaseUrl(urlOverride)} (${from}); ` +
        `set FP_API_KEY to a key for that portal, or store one with \`fp auth login --base-url ${checkBaseUrl(urlOverride)} --profile NAME\``,
    );
  }
  const baseUrl = urlOverride ?? stored?.base_url;
  const apiKey = keyOverride ?? stored?.api_key;
  if (!baseUrl || !apiKey) {
    throw new AuthError(
      baseUrl
        ? 'no API key: set FP_API_KEY or run `fp auth login`'
        : 'no portal configured: run `fp auth login`, or set FP_BASE_URL and FP_API_KEY',
    );
  }
  return {
    baseUrl: checkBaseUrl(baseUrl),
    apiKey,
    profile: stored ? name : undefined,
    keySource: keyOverride ? 'FP_API_KEY' : 'profile',
    urlSource: inputs.baseUrlFlag ? '--base-url' : env.FP_BASE_URL ? 'FP_BASE_URL' : 'profile',
  };
}
