import { createFactory, type Factory } from '../factory.js';

/**
 * A factory whose client talks to one given portal with one given key (e.g. a key being
 * verified before it is saved), keeping the global --debug and --timeout settings.
 */
export function factoryFor(f: Factory, portal: { baseUrl: string; apiKey: string }): Factory {
  const env = { ...f.io.env, FP_BASE_URL: portal.baseUrl, FP_API_KEY: portal.apiKey, FP_PROFILE: undefined };
  return createFactory({ ...f.io, env }, f.version, () => ({
    ...f.globals(),
    baseUrl: portal.baseUrl,
    profile: undefined,
  }));
}
