import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { Factory } from '../../factory.js';
import { defineCommand } from '../../framework/define-command.js';
import type { Ending } from '../../framework/ending.js';
import { parseInteger } from '../../parse.js';
import { untilInterrupted } from '../../until-interrupted.js';
import { closest } from '../../resolve/by-name.js';
import type { DumpOptions } from './dump.js';

export interface ServerOptions {
  port?: number;
  host?: string;
  seed?: string;
  data?: string;
  allowPrivateLinks?: boolean;
  allowLocalClientDocuments?: boolean;
  /** The rehearsal specs as given; read by the server's own parsers when it starts. */
  rateLimit?: string;
  faults?: string;
  faultSeed?: string;
  /** `--allowed-hosts` as given: host names, checked by the server's own rule when it starts. */
  allowedHosts?: string;
  /** `--allowed-origins` as given: origins `/mcp` also answers, checked by the server's own rule. */
  allowedOrigins?: string;
  /** `--webhook-retry-schedule` as given: delays in seconds, read by the server's own parser. */
  webhookRetrySchedule?: string;
}

type ServerEntry = typeof import('../../../server/entry.js');

/** The rehearsal flags read by the server's parsers; a bad spec is a usage error (exit 2) naming the flag. */
function rehearsalOf(opts: ServerOptions, server: ServerEntry) {
  const read = <T>(flag: string, value: string | undefined, parse: (value: string) => T): T | undefined => {
    if (value === undefined) return undefined;
    try {
      return parse(value);
    } catch (err) {
      if (err instanceof server.RehearsalSpecError || err instanceof server.RetryScheduleError)
        throw new UsageError(`option '${flag}' argument '${value}' is invalid. ${err.message}`);
      throw err;
    }
  };
  return {
    rateLimit: read('--rate-limit <N/WINDOW>', opts.rateLimit, server.parseRateLimit),
    faults: read('--faults <spec>', opts.faults, server.parseFaults),
    seed: read('--fault-seed <n>', opts.faultSeed, server.parseFaultSeed),
    webhookRetrySchedule: read(
      '--webhook-retry-schedule <s,s,...>',
      opts.webhookRetrySchedule,
      server.parseRetrySchedule,
    ),
  };
}

/** `--allowed-hosts a.example,b.example`: host names (no port, no scheme), each checked. */
function allowedHostsOf(value: string | undefined, server: ServerEntry): string[] | undefined {
  if (value === undefined) return undefined;
  const names = value
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  const bad = names.find((n) => !server.isHostName(n));
  if (bad !== undefined || names.length === 0) {
    throw new UsageError(
      `option '--allowed-hosts <list>' argument '${value}' is invalid. ${bad ?? value} is not a host name (give names without scheme or port).`,
    );
  }
  return names;
}

/** `--allowed-origins https://app.example.com,http://localhost:5173`: origins, each checked. */
function allowedOriginsOf(value: string | undefined, server: ServerEntry): string[] | undefined {
  if (value === undefined) return undefined;
  try {
    return server.parseAllowedOrigins(value);
  } catch (err) {
    if (err instanceof server.OriginListError)
      throw new UsageError(`option '--allowed-origins <list>' argument '${value}' is invalid. ${err.message}`);
    throw err;
  }
}

/** The built-in seeds, which `--seed` names instead of a file. */
const BUILT_IN_SEEDS = ['demo'];

/** `--seed dmeo` is no file: the built-in seed it is closest to. */
function seedHint(seed: string | undefined, problems: string[]): string | undefined {
  if (seed === undefined || !problems.some((p) => p.includes('ENOENT'))) return undefined;
  const near = closest(BUILT_IN_SEEDS, seed);
  return near && `there is no such file; did you mean --seed ${near} (the built-in ${near} portal)?`;
}

/** Runs until SIGINT/SIGTERM; its address comes first on stdout so scripts can read it. */
async function serverRun(opts: ServerOptions, f: Factory): Promise<Ending> {
  const server = await import('../../../server/entry.js');
  const { webhookRetrySchedule, ...rehearsal } = rehearsalOf(opts, server);
  let running;
  try {
    running = await server.startServer({
      port: opts.port ?? 4010,
      host: opts.host,
      seed: opts.seed,
      data: opts.data,
      allowPrivateLinks: opts.allowPrivateLinks,
      allowLocalClientDocuments: opts.allowLocalClientDocuments,
      allowedHosts: allowedHostsOf(opts.allowedHosts, server),
      allowedOrigins: allowedOriginsOf(opts.allowedOrigins, server),
      rehearsal,
      webhookRetrySchedule,
    });
  } catch (err) {
    if (err instanceof server.SeedError) {
      const hint = seedHint(opts.seed, err.problems);
      throw new UsageError(
        `${opts.seed ?? opts.data}: invalid seed\n${err.problems.map((p) => `  ${p}`).join('\n')}${hint ? `\nhint: ${hint}` : ''}`,
      );
    }
    if ((err as NodeJS.ErrnoException)?.code === 'EADDRINUSE') {
      throw new Error(
        `${(err as Error).message}\nhint: another program listens there; --port 0 picks a free port (the address is printed first)`,
        { cause: err },
      );
    }
    throw err;
  }
  // Heard from before the address is printed: a script that stops the server as soon as it
  // reads it gets a whole stop (scratch copies removed, the compiled seed kept in the cache).
  const stopped = untilInterrupted();
  for (const notice of running.notices) f.status(notice);
  return { stream: serving(running, opts, stopped) };
}

type Running = Awaited<ReturnType<ServerEntry['startServer']>>;

/** The address lines (and, for the demo portal, the environment a client needs), then the wait for SIGINT/SIGTERM and the stop. */
async function* serving(running: Running, opts: ServerOptions, stopped: Promise<void>): AsyncIterable<string> {
  yield `Listening on ${running.url}\n`;
  for (const extra of running.addresses.slice(1)) yield `Also listening on http://${extra}:${running.port}\n`;
  const seeded = opts.seed === undefined || opts.seed === 'demo';
  if (seeded && !opts.data) {
    const portal = running.store.portals.find((p) => p.default) ?? running.store.portals[0];
    const key = portal.apiKeys.list().find((k) => !k.read_only && k.expires_at === null) ?? portal.apiKeys.list()[0];
    yield `FP_BASE_URL=${running.url} FP_API_KEY=${key.token}\n`;
  }
  await stopped;
  await running.close().catch(() => {});
}

const dump = defineCommand<DumpOptions>({
  name: 'dump',
  description: 'Write the store of a data file as a seed file (format 1)',
  flags: [
    { flags: '--data <file>', description: 'the data file of an fp server' },
    { flags: '--output <file>', description: 'write the seed file to FILE instead of stdout' },
  ],
  examples: ['fp server dump --data ./portal-data.db', 'fp server dump --data ./portal-data.db --output seed.json'],
  async run({ opts, f, command }) {
    const { serverDump } = await import('./dump.js');
    // `--data` before `dump` is read by `fp server` itself.
    return serverDump({ ...opts, data: opts.data ?? (command.parent as Command).opts<ServerOptions>().data }, f);
  },
});

const server = defineCommand<ServerOptions>({
  name: 'server',
  description: 'Run the reference server (the whole API) on this machine',
  flags: [
    { flags: '--port <n>', description: 'port to listen on (0 picks a free one)', parse: parseInteger, default: 4010 },
    { flags: '--host <host>', description: 'address to listen on', default: '127.0.0.1' },
    {
      flags: '--seed <file|demo>',
      description: 'seed file to load, or "demo" for the built-in demo portal (default: demo)',
    },
    {
      flags: '--data <file>',
      description: 'keep data durably in the database FILE (opened when it exists, else created from the seed)',
    },
    {
      flags: '--allow-private-links',
      description: 'let link-health fetch loopback, private, link-local and metadata addresses',
    },
    {
      flags: '--allow-local-client-documents',
      description:
        'let OAuth fetch Client ID Metadata Documents from loopback and private addresses (to test an MCP client on this machine)',
    },
    {
      flags: '--allowed-hosts <list>',
      description:
        'comma-separated host names the default portal also answers (behind a proxy); other unknown hosts get 421',
    },
    {
      flags: '--allowed-origins <list>',
      description:
        'comma-separated origins (scheme://host[:port]) whose pages may use /mcp, e.g. a browser-based MCP client; others get 403',
    },
    {
      flags: '--rate-limit <N/WINDOW>',
      description: 'limit each API key to N requests per fixed WINDOW, e.g. 120/60s (429 past it)',
    },
    {
      flags: '--faults <spec>',
      description:
        'answer a random share of API requests with faults, e.g. 503:0.1,429:0.05,reset:0.01,delay:200:0.5 (429:0.05:0 answers Retry-After: 0)',
    },
    { flags: '--fault-seed <n>', description: 'make the fault sequence reproducible' },
    {
      flags: '--webhook-retry-schedule <s,s,...>',
      description: 'webhook retry delays in seconds, e.g. 0.2,0.5,1 to rehearse (default 5,300,1800,7200,18000,36000)',
    },
  ],
  examples: [
    'fp server --seed demo',
    'fp server --port 0 --seed ./fixtures.json',
    'fp server --seed demo --data ./portal-data.db',
  ],
  commands: [dump],
  run: ({ opts, f }) => serverRun(opts, f),
});

export const register = (program: Command, f: Factory): void => {
  server.register(program, f);
};
