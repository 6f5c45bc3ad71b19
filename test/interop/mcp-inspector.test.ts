import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedTools, serveOptions } from '../../src/mcp/serve-options.js';
import { ADMIN_KEY } from '../support/fixture-seed.js';
import { FP_BIN, startFpServer, type FpServer } from '../support/run-fp.js';
import { tourSeed } from './support/mcp-tour.js';

/** The Inspector's own bin (`mcp-inspector`), version 0.15.0 as pinned. */
const INSPECTOR = join(
  createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector/package.json'),
  '../cli/build/cli.js',
);

let server: FpServer;
let configDir: string;
beforeAll(async () => {
  server = await startFpServer(tourSeed());
  configDir = mkdtempSync(join(tmpdir(), 'fp-inspector-'));
});
afterAll(async () => {
  await server.stop();
  rmSync(configDir, { recursive: true, force: true });
});

/** `mcp-inspector --cli … node bin/fp.js mcp --method …`: its JSON answer on stdout. */
function inspect(method: string[]): Promise<{ code: number | null; json: any; stderr: string }> {
  const env = [`FP_BASE_URL=${server.url}`, `FP_API_KEY=${ADMIN_KEY}`, `FP_CONFIG_DIR=${configDir}`];
  const args = [INSPECTOR, '--cli', ...env.flatMap((e) => ['-e', e]), process.execPath, FP_BIN, 'mcp', ...method];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      let json: unknown;
      try {
        json = JSON.parse(stdout);
      } catch {
        json = undefined;
      }
      resolve({ code, json, stderr });
    }),
  );
}

describe('the MCP Inspector 0.15 CLI (SDK 1.32.2 inside) against fp mcp', () => {
  it('tools/list: every tool served by default, each with its output schema', { timeout: 60_000 }, async () => {
    const r = await inspect(['--method', 'tools/list']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json.tools.map((t: { name: string }) => t.name)).toEqual(servedTools(serveOptions()).map((t) => t.name));
    expect(r.json.tools.every((t: { outputSchema?: object }) => t.outputSchema)).toBe(true);
  });

  it('a read call: posts.get, its public text fenced', { timeout: 60_000 }, async () => {
    const r = await inspect(['--method', 'tools/call', '--tool-name', 'posts.get', '--tool-arg', 'key=dark1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json.isError).toBeFalsy();
    expect(r.json.structuredContent.data.title).toEqual({ untrusted: 'Dark mode' });
  });

  it('a write call: groups.create, seen through the API afterwards', { timeout: 60_000 }, async () => {
    const r = await inspect([
      '--method',
      'tools/call',
      '--tool-name',
      'groups.create',
      '--tool-arg',
      'name=Inspectors',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json.isError).toBeFalsy();
    expect(r.json.structuredContent.data.name).toBe('Inspectors');
    const listed = await server.fp(['groups', 'list', '--json']);
    expect(listed.json.map((g: { name: string }) => g.name)).toContain('Inspectors');
  });

  it('an error: the API’s 404 as a tool result the Inspector shows, in fp’s words', { timeout: 60_000 }, async () => {
    const r = await inspect(['--method', 'tools/call', '--tool-name', 'posts.get', '--tool-arg', 'key=zzzzz']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json).toEqual({ isError: true, content: [{ type: 'text', text: 'post zzzzz not found (404)' }] });
  });
});
