import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { startContractProxy } from './contract-proxy.js';
import { ADMIN_KEY, fixtureSeed } from './fixture-seed.js';

export const FP_BIN = resolve(import.meta.dirname, '../../bin/fp.js');

export interface FpResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (undefined when it is not JSON). */
  json: any;
}

export interface FpServer {
  url: string;
  child: ChildProcess;
  /** Run the built `fp` against this server with the admin key unless told otherwise. */
  fp(args: string[], opts?: RunOptions): Promise<FpResult>;
  stop(): Promise<void>;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  input?: string;
  apiKey?: string | null;
  timeoutMs?: number;
}

/** Run `bin/fp.js` as a child process: no TTY, CI=true, a private config dir. */
export function runFp(args: string[], opts: RunOptions & { baseUrl?: string } = {}): Promise<FpResult> {
  const configDir = mkdtempSync(join(tmpdir(), 'fp-config-'));
  const env: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    // The run's temp folder (test/global-setup.ts), removed when the run ends.
    TMPDIR: process.env.TMPDIR,
    FP_SEED_CACHE_DIR: process.env.FP_SEED_CACHE_DIR,
    CI: 'true',
    NO_COLOR: '1',
    FP_CONFIG_DIR: configDir,
    ...(opts.baseUrl ? { FP_BASE_URL: opts.baseUrl } : {}),
    ...(opts.apiKey ? { FP_API_KEY: opts.apiKey } : {}),
    ...opts.env,
  };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [FP_BIN, ...args], {
      env: env as NodeJS.ProcessEnv,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 15_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (!opts.env?.FP_CONFIG_DIR) rmSync(configDir, { recursive: true, force: true });
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolvePromise({ code, stdout, stderr, json });
    });
    child.stdin.end(opts.input ?? '');
  });
}

/** Start `fp server --port 0` with the fixture seed (or another, or the demo) and wait for its address. */
export async function startFpServer(
  seed: object | 'demo' = fixtureSeed(),
  extraArgs: string[] = [],
  env: Record<string, string> = {},
): Promise<FpServer> {
  const dir = mkdtempSync(join(tmpdir(), 'fp-seed-'));
  const seedPath = seed === 'demo' ? 'demo' : join(dir, 'seed.json');
  if (seed !== 'demo') writeFileSync(seedPath, JSON.stringify(seed));
  const child = spawn(process.execPath, [FP_BIN, 'server', '--port', '0', '--seed', seedPath, ...extraArgs], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', ...env },
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const serverUrl = await new Promise<string>((resolveUrl, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error(`fp server did not start: ${stderr}`)), 15_000);
    lines.on('line', (line) => {
      const m = /^Listening on (\S+)/.exec(line);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`fp server exited with ${code}: ${stderr}`)));
  });
  // Every exchange goes through a proxy that checks it against the OpenAPI document.
  const proxy = await startContractProxy(serverUrl);
  const url = proxy.url;
  return {
    url,
    child,
    fp: (args, opts = {}) =>
      runFp(args, { ...opts, baseUrl: url, apiKey: opts.apiKey === null ? undefined : (opts.apiKey ?? ADMIN_KEY) }),
    async stop() {
      const tally = await proxy.close();
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
      if (tally.violations.length) {
        throw new Error(
          `${tally.violations.length} exchanges break docs/openapi.json:\n${tally.violations.join('\n')}`,
        );
      }
    },
  };
}
