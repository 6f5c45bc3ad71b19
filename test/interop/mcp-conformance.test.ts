import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken } from '../mcp/support/access-token.js';
import { fixtureSeed } from '../support/fixture-seed.js';
import { FP_BIN } from '../support/run-fp.js';
import { httpOf } from './support/mcp-clients.js';
import { startHostMappingProxy, type HostMappingProxy } from './support/host-mapping-proxy.js';

/** The conformance package's own bin (`conformance`), version 0.1.16 as pinned. */
const CONFORMANCE = join(
  createRequire(import.meta.url).resolve('@modelcontextprotocol/conformance/package.json'),
  '../dist/index.js',
);
/** Node 20 runs it through a hook that supplies the one Node 22 function its import list names. */
const NODE_FLAGS =
  typeof (fs as { globSync?: unknown }).globSync === 'function'
    ? []
    : ['--import', join(import.meta.dirname, 'support/fs-glob-for-node20.mjs')];

let dir: string;
let fpServer: ChildProcess;
let proxy: HostMappingProxy | undefined;

/** `fp server` alone on 127.0.0.2 (its portal named by no other loopback address), port 0. */
async function startServer(): Promise<URL> {
  const seed = fixtureSeed();
  seed.portals = [{ ...seed.portals[0], hosts: ['test.localhost'] }];
  writeFileSync(join(dir, 'seed.json'), JSON.stringify(seed));
  fpServer = spawn(
    process.execPath,
    [FP_BIN, 'server', '--host', '127.0.0.2', '--port', '0', '--seed', join(dir, 'seed.json')],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NO_COLOR: '1' } },
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: fpServer.stdout! }).on('line', (l) => l.startsWith('Listening on ') && resolve(l));
    fpServer.once('exit', (code) => reject(new Error(`fp server exited with ${code}`)));
  });
  return new URL(line.slice('Listening on '.length));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fp-conformance-'));
  // The proxy takes the server's port number on 127.0.0.1; should another program hold it, the server starts again.
  for (let attempt = 1; !proxy; attempt++) {
    const server = await startServer();
    const token = await accessToken(httpOf(server.origin));
    try {
      proxy = await startHostMappingProxy(server, token);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 5) throw err;
      await stopServer();
    }
  }
}, 60_000);
async function stopServer(): Promise<void> {
  if (!fpServer || fpServer.exitCode !== null) return;
  const exited = new Promise((resolve) => fpServer.once('exit', resolve));
  fpServer.kill('SIGTERM');
  await exited;
}

afterAll(async () => {
  await proxy?.close();
  await stopServer();
  rmSync(dir, { recursive: true, force: true });
});

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

/** `conformance server --url <proxy> --scenario <name>`: the checks it wrote. */
async function scenario(name: string): Promise<Check[]> {
  const out = mkdtempSync(join(dir, `${name}-`));
  const child = spawn(
    process.execPath,
    [...NODE_FLAGS, CONFORMANCE, 'server', '--url', proxy!.url, '--scenario', name, '-o', out],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await new Promise((resolve) => child.on('close', resolve));
  const files = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('checks.json'));
  expect(files, output).toHaveLength(1);
  return JSON.parse(readFileSync(join(out, files[0]), 'utf8'));
}

const scored = (checks: Check[]) => checks.filter((c) => c.status === 'SUCCESS' || c.status === 'FAILURE');

/**
 * The server scenarios a portal can meet. The others call the suite's own fixtures (tools
 * such as `test_error_handling`, prompts, resources, completions, logging, SSE polling)
 * that a portal does not have; docs/mcp.md lists them.
 */
const APPLICABLE = ['server-initialize', 'ping', 'tools-list', 'prompts-list'];

describe('the MCP conformance suite 0.1.16 against /mcp, through the Host-mapping proxy of docs/mcp.md', () => {
  it('passes the scenarios that apply to a portal', { timeout: 120_000 }, async () => {
    for (const name of APPLICABLE) {
      const checks = scored(await scenario(name));
      expect(checks.length, name).toBeGreaterThan(0);
      expect(
        checks.filter((c) => c.status !== 'SUCCESS'),
        name,
      ).toEqual([]);
    }
  });

  it('DNS-rebinding protection: 2/2, a foreign Host refused and the loopback origin at the same port answered', {
    timeout: 60_000,
  }, async () => {
    const checks = scored(await scenario('dns-rebinding-protection'));
    expect(checks.map((c) => [c.id, c.status, c.errorMessage])).toEqual([
      ['localhost-host-rebinding-rejected', 'SUCCESS', undefined],
      ['localhost-host-valid-accepted', 'SUCCESS', undefined],
    ]);
  });
});
