import type { Server } from 'node:http';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { RehearsalOptions } from './http/rehearsal/rehearsal.js';
import { buildDataFileFromSeed } from './store/seeding/build-data-file.js';
import { assertWritable, DataFileError, dataFileKind, openDatabase } from './store/database.js';
import { importJsonDataFile, KEEP_ADVICE } from './store/seeding/import-json.js';
import { loadSeed, parseSeedText, readText } from './store/seeding/load-seed.js';
import type { ServerState } from '../seed-file/seed-file.js';
import { placeSeed, placeSeedScratch, seedCacheSettled } from './store/seeding/seed-cache.js';
import { removeDatabaseFile, resetFilePath, scratchFilePath, Store } from './store/store.js';

export interface StartOptions {
  port?: number;
  host?: string;
  /** A seed file path, `demo`, or an already parsed seed document. */
  seed?: string | object;
  /** The database file; opened when it exists, otherwise created and seeded. */
  data?: string;
  /** Link-health may fetch loopback, private, link-local and metadata addresses. */
  allowPrivateLinks?: boolean;
  /** OAuth may fetch Client ID Metadata Documents from loopback and private addresses. */
  allowLocalClientDocuments?: boolean;
  /** `--rate-limit`, `--faults`, `--fault-seed`. */
  rehearsal?: RehearsalOptions;
  /** Webhook retry delays in seconds (`--webhook-retry-schedule`). */
  webhookRetrySchedule?: number[];
  /** Host names the default portal answers besides `localhost` and the listened addresses (`--allowed-hosts`). */
  allowedHosts?: string[];
  /** Origins `/mcp` answers besides its own (`--allowed-origins`), checked by `parseAllowedOrigins`. */
  allowedOrigins?: string[];
}

export interface RunningServer {
  url: string;
  port: number;
  /** Every address the server listens on (the main one and loopback portal hosts). */
  addresses: string[];
  store: Store;
  /** Things the operator should know about the data file (an import, …). */
  notices: string[];
  close(): Promise<void>;
}

async function readSeed(seed: string | object | undefined): Promise<unknown> {
  if (seed === undefined || seed === 'demo') {
    const { demoSeed } = await import('./store/seeding/demo-seed.js');
    return demoSeed();
  }
  if (typeof seed !== 'string') return seed;
  return parseSeedText(seed, readText(seed));
}

const isLoopbackIp = (host: string) => /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
const isWildcard = (host: string) => host === '0.0.0.0' || host === '::';

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Load the data, then listen on the main address and on every loopback IP a portal names as a host. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const notices: string[] = [];
  // The HTTP side loads while a new data file is synced and copied (off the event loop).
  const httpSide = Promise.all([
    import('./http/server-limits.js'),
    import('./app/create-app.js'),
    import('./http/rehearsal/rehearsal.js'),
    import('./http/upload-spool.js'),
    import('./webhooks/index.js'),
  ]);
  httpSide.catch(() => {}); // awaited below, unless the data does not load
  const store = options.data
    ? await openDataFile(options.data, options.seed, notices)
    : isSeedFile(options.seed)
      ? await openSeedScratch(options.seed, notices)
      : new Store(loadSeed(await readSeed(options.seed)));

  const [
    { connectionGate, SERVER_LIMITS },
    { createListener, createRequestHandler },
    { createRehearsal },
    { prepareUploadSpool },
    webhooks,
  ] = await httpSide;
  const servers: Server[] = [];
  const uploadTmpDir = await prepareUploadSpool();
  const addresses = [host];
  const webhookEgress = webhooks.webhookEgressPolicy({ allowPrivateLinks: options.allowPrivateLinks });
  const handler = createRequestHandler({
    store,
    services: { ...allowances(options), uploadTmpDir, webhookEgress },
    rehearsal: options.rehearsal && createRehearsal(options.rehearsal),
    allowedHosts: options.allowedHosts?.map((h) => h.toLowerCase()),
    allowedOrigins: options.allowedOrigins,
    listening: () => addresses,
  });
  const gate = connectionGate(SERVER_LIMITS);
  const first = createListener(handler, SERVER_LIMITS, gate);
  servers.push(first);
  const port = await listen(first, options.port ?? 0, host);
  if (!isWildcard(host)) {
    const extra = new Set(store.portals.flatMap((p) => p.hosts).filter((h) => isLoopbackIp(h) && h !== host));
    for (const address of extra) {
      const server = createListener(handler, SERVER_LIMITS, gate);
      await listen(server, port, address);
      servers.push(server);
      addresses.push(address);
    }
  }
  // Deliveries queued before a restart go out once the server answers again.
  const deliveries = webhooks.startDeliveries({
    store,
    allowPrivateLinks: options.allowPrivateLinks,
    retryScheduleS: options.webhookRetrySchedule,
  });
  const shown = host.includes(':') ? `[${host}]` : isWildcard(host) ? '127.0.0.1' : host;
  return {
    url: `http://${shown}:${port}`,
    port,
    addresses,
    store,
    notices,
    async close() {
      await deliveries.close();
      await Promise.all(
        servers.map(
          (s) =>
            new Promise<void>((resolve) => {
              s.close(() => resolve());
              s.closeAllConnections();
            }),
        ),
      );
      // First: the copy of a scratch file holds a reader on it, whose end the checkpoint of a close would wait for.
      await seedCacheSettled();
      store.close();
    },
  };
}

/** What a start lets the server fetch besides public addresses (`--allow-private-links`, `--allow-local-client-documents`). */
const allowances = (options: StartOptions) => ({
  allowPrivateLinks: options.allowPrivateLinks === true,
  allowLocalClientDocuments: options.allowLocalClientDocuments === true,
});

const isSeedFile = (seed: StartOptions['seed']): seed is string => typeof seed === 'string' && seed !== 'demo';

/**
 * A seed file without `--data`: the store runs on a scratch copy of the seed's
 * compiled data (from the seed cache, see seed-cache.ts), removed when the
 * server stops, with a second copy for reset.
 */
async function openSeedScratch(seedFile: string, notices: string[]): Promise<Store> {
  const path = scratchFilePath();
  const resetFile = resetFilePath();
  try {
    const { ready } = await placeSeedScratch(path, seedFile, { copyTo: resetFile, notice: (n) => notices.push(n) });
    return new Store(openDatabase(path, { scratch: true }), { resetFile, scratchFile: path, resetReady: ready });
  } catch (err) {
    removeDatabaseFile(path);
    removeDatabaseFile(resetFile);
    throw err;
  }
}

/**
 * The store on a data file: a new (or empty) file is seeded, a database is opened
 * as it is, and a JSON document of the earlier format is imported once (the JSON is
 * kept next to it). Anything else is refused with the file left as it was.
 */
async function openDataFile(path: string, seed: StartOptions['seed'], notices: string[]): Promise<Store> {
  assertWritable(path);
  const kind = dataFileKind(path);
  if (kind === 'other') {
    throw new DataFileError(
      path,
      'is not an fp data file (neither a database nor JSON data of an earlier fp)',
      KEEP_ADVICE,
    );
  }
  if (kind === 'json') notices.push(importJsonDataFile(path));
  const fresh = kind === 'missing' || kind === 'empty';
  // A new file holds the seed; reset goes back to a copy of it.
  const resetFile = fresh ? resetFilePath() : undefined;
  if (fresh) {
    if (isSeedFile(seed))
      await placeSeed(path, seed, { copyTo: resetFile, durable: true, notice: (n) => notices.push(n) });
    else await buildDataFileFromSeed(path, await readSeed(seed), { copyTo: resetFile });
  }
  const db = openDatabase(path);
  try {
    let resetTo: ServerState | undefined;
    if (Store.isEmpty(db)) Store.seed(db, loadSeed(await readSeed(seed)));
    // Reset goes back to the seed when one is named; otherwise to the data as opened (a new file holds the seed).
    else if (seed !== undefined && !fresh) resetTo = loadSeed(await readSeed(seed));
    return new Store(db, { resetTo, resetFile });
  } catch (err) {
    db.close();
    if (resetFile) rmSync(resetFile, { force: true });
    throw err;
  }
}
