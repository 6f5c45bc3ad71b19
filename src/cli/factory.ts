import type { ApiClient } from '../client/api-client.js';
import type { ProfileStore } from './config/profile-store.js';
import type { GlobalOptions } from './global-options.js';
import type { Credentials } from './config/resolve-credentials.js';
import type { RequestSpinner } from './framework/request-spinner.js';
import { UsageError } from './errors.js';
import { eraseLine } from './framework/line-owner.js';
import { terminalLines } from './output/terminal-text.js';
import type { IO } from './io.js';
import type { Output } from './output/output.js';

/** Lazy dependencies of every command: nothing is loaded or read until a command asks. */
export interface Factory {
  io: IO;
  version: string;
  globals(): GlobalOptions;
  config(): Promise<ProfileStore>;
  credentials(): Promise<Credentials>;
  client(): Promise<ApiClient>;
  output(): Promise<Output>;
  /** An Output in this format instead of the global one (not cached). */
  outputAs(format: string | undefined): Promise<Output>;
  /** Status lines for people, on stderr; control characters shown, not obeyed; `style` colours after that. */
  status(text: string, style?: (shown: string) => string): void;
  /** Release what was opened (the HTTP connection pool); loads nothing when no client was made. */
  close(): Promise<void>;
}

export function createFactory(io: IO, version: string, globals: () => GlobalOptions): Factory {
  let store: Promise<ProfileStore> | undefined;
  let client: Promise<ApiClient> | undefined;
  let output: Promise<Output> | undefined;
  let spinner: RequestSpinner | undefined;

  const f: Factory = {
    io,
    version,
    globals,
    config() {
      store ??= import('./config/profile-store.js').then(({ ProfileStore }) => ProfileStore.open(io.env));
      return store;
    },
    async credentials() {
      const { resolveCredentials } = await import('./config/resolve-credentials.js');
      const g = globals();
      // Credentials only read the profiles: a store for reading does not load conf.
      const readStore = () =>
        store ??
        import('./config/profile-store.js').then(({ ProfileStore }) => ProfileStore.open(io.env, { readOnly: true }));
      return resolveCredentials({ profileFlag: g.profile, baseUrlFlag: g.baseUrl, env: io.env }, readStore);
    },
    client() {
      client ??= (async () => {
        const creds = await f.credentials();
        const { ApiClient } = await import('../client/api-client.js');
        const { requestSpinner } = await import('./framework/request-spinner.js');
        spinner = requestSpinner(io);
        const g = globals();
        const debug = g.debug || io.env.FP_DEBUG === '1' ? (line: string) => f.status(line) : undefined;
        return new ApiClient({
          baseUrl: creds.baseUrl,
          apiKey: creds.apiKey,
          timeoutMs: parseTimeout(g.timeout),
          maxResponseBytes: await maxResponseBytes(g.maxResponse, io.env),
          userAgent: `fp/${version}`,
          debug,
          onWait: (line) => f.status(line),
          onRequest: spinner?.begin,
        });
      })();
      return client;
    },
    output() {
      output ??= f.outputAs(globals().format);
      return output;
    },
    async outputAs(format) {
      // The exporter loads the table and width modules: only commands that print data need them.
      const { createOutput } = await import('./output/create-output.js');
      return createOutput(io, { ...globals(), format });
    },
    status(text, style) {
      spinner?.clear();
      eraseLine(io);
      const shown = terminalLines(text);
      io.stderr.write(`${style ? style(shown) : shown}\n`);
    },
    async close() {
      if (!client) return;
      const { closeSharedDispatcher } = await import('../client/shared-dispatcher.js');
      await closeSharedDispatcher();
    },
  };
  return f;
}

/** `--max-response`, else FP_MAX_RESPONSE, else the client's default. */
async function maxResponseBytes(flag: string | undefined, env: IO['env']): Promise<number | undefined> {
  const value = flag ?? (env.FP_MAX_RESPONSE || undefined);
  if (value === undefined) return undefined;
  const { parseSize } = await import('../client/response-cap.js');
  const bytes = parseSize(value);
  const source = flag !== undefined ? '--max-response' : 'FP_MAX_RESPONSE';
  if (bytes === undefined)
    throw new UsageError(`invalid ${source} "${value}": expected a size like 64MB, 512MB or 2GB`);
  return bytes;
}

/** `--timeout` in milliseconds (undefined when not given). */
export function parseTimeout(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(value.trim());
  const ms = m ? (m[2] === 'ms' ? Number(m[1]) : Number(m[1]) * 1000) : 0;
  if (!m || ms < 1)
    throw new UsageError(`invalid --timeout "${value}": expected seconds like 30 or 30s, or milliseconds like 500ms`);
  return ms;
}
