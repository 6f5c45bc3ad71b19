import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { ApiClient } from '../../src/client/api-client.js';
import { createFactory, type Factory } from '../../src/cli/factory.js';
import type { GlobalOptions } from '../../src/cli/global-options.js';
import { main } from '../../src/cli/main.js';
import { ADMIN_KEY } from './fixture-seed.js';
import type { IO } from '../../src/cli/io.js';

export interface FakeIOOptions {
  /** What the command reads on stdin (nothing by default). */
  stdin?: string | Buffer | Readable;
  /** Sets all three TTY flags; the specific flags below win. */
  tty?: boolean;
  stdoutIsTTY?: boolean;
  stderrIsTTY?: boolean;
  stdinIsTTY?: boolean;
  /** Merged over `{ FP_CONFIG_DIR: <fresh temp dir> }`, so no test touches the real profile store. */
  env?: Record<string, string | undefined>;
  columns?: number;
  /** Terminal height (unknown by default: nothing is paged). */
  rows?: number;
}

export interface FakeIO extends IO {
  stdout: { write(chunk: string | Uint8Array): boolean };
  stderr: { write(chunk: string | Uint8Array): boolean };
  /** Everything written to stdout so far. */
  out(): string;
  /** Everything written to stderr so far. */
  err(): string;
  /** stdout parsed as JSON. */
  json(): any;
  /** The private profile folder this IO's env points at. */
  configDir: string;
}

function sink(chunks: string[]) {
  return {
    write(chunk: string | Uint8Array): boolean {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    },
  };
}

/** An IO that records stdout and stderr; no TTY unless asked. */
export function fakeIO(opts: FakeIOOptions = {}): FakeIO {
  const out: string[] = [];
  const err: string[] = [];
  const configDir = mkdtempSync(join(tmpdir(), 'fp-fake-config-'));
  const stdin =
    opts.stdin instanceof Readable
      ? opts.stdin
      : Readable.from(opts.stdin === undefined ? [] : [Buffer.from(opts.stdin)]);
  const tty = opts.tty ?? false;
  return {
    stdout: sink(out),
    stderr: sink(err),
    stdin,
    stdoutIsTTY: opts.stdoutIsTTY ?? tty,
    stderrIsTTY: opts.stderrIsTTY ?? tty,
    stdinIsTTY: opts.stdinIsTTY ?? tty,
    env: { FP_CONFIG_DIR: configDir, ...opts.env },
    columns: opts.columns ?? 100,
    rows: opts.rows,
    out: () => out.join(''),
    err: () => err.join(''),
    json: () => JSON.parse(out.join('')),
    configDir,
  };
}

export interface FakeFactoryOptions {
  /** With apiKey: a client for this portal, no profile store or env involved. */
  baseUrl?: string;
  apiKey?: string;
  /** Global options as the root program would have parsed them; the object is read live, so tests may change it. */
  globals?: GlobalOptions;
  /** e.g. an undici MockAgent; the shared keep-alive agent otherwise. */
  dispatcher?: Dispatcher;
  /** Retries of idempotent requests (0 by default so failures show at once). */
  retries?: number;
}

/**
 * A Factory over a fake IO. Given baseUrl and apiKey, `credentials()` and `client()` use them
 * directly; otherwise credentials are resolved as in production from `io.env` and the profile
 * store under `io.env.FP_CONFIG_DIR`.
 */
export function fakeFactory(io: IO, opts: FakeFactoryOptions = {}): Factory {
  const globals = opts.globals ?? {};
  const base = createFactory(io, '0.0.0-test', () => globals);
  const { baseUrl, apiKey } = opts;
  if (baseUrl === undefined || apiKey === undefined) return base;
  let client: ApiClient | undefined;
  return {
    ...base,
    async credentials() {
      return { baseUrl, apiKey, profile: undefined, keySource: 'FP_API_KEY', urlSource: 'FP_BASE_URL' };
    },
    async client() {
      client ??= new ApiClient({
        baseUrl,
        apiKey,
        dispatcher: opts.dispatcher,
        retries: opts.retries ?? 0,
        userAgent: 'fp/test',
      });
      return client;
    },
  };
}

/** `fp ARGV` run in this process against a portal at `baseUrl`, with the admin key unless env says otherwise. */
export async function runMain(baseUrl: string, argv: string[], opts: FakeIOOptions = {}) {
  const io = fakeIO({ ...opts, env: { FP_BASE_URL: baseUrl, FP_API_KEY: ADMIN_KEY, ...opts.env } });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err(), io };
}
