import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY } from '../support/fixture-seed.js';
import { FP_BIN, runFp, startFpServer, type FpServer } from '../support/run-fp.js';

/**
 * The agent configurations the README's MCP section shows, run as an agent runs
 * them: `fp` as installed (a link to bin/fp.js on PATH), or node with the clone's
 * bin/fp.js; the placeholder portal and key point at a real `fp server`.
 */
const ROOT = resolve(import.meta.dirname, '../..');

interface ServerEntry {
  type?: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

/** Every JSON block of the README's `### mcp:` section, and the one server entry each configures. */
function documentedConfigs(): ServerEntry[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('### mcp:');
  const section = readme.slice(start, readme.indexOf('\n### ', start + 1));
  return [...section.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => {
    const config = JSON.parse(m[1]) as {
      mcpServers?: Record<string, ServerEntry>;
      servers?: Record<string, ServerEntry>;
    };
    return Object.values(config.mcpServers ?? config.servers ?? {})[0];
  });
}

let server: FpServer;
let home: string;
let bin: string;
const open: Client[] = [];

beforeAll(async () => {
  server = await startFpServer();
  home = mkdtempSync(join(tmpdir(), 'fp-readme-'));
  // `npm install -g` puts an `fp` link to bin/fp.js on PATH; so does this.
  bin = join(home, 'bin');
  mkdirSync(bin);
  symlinkSync(FP_BIN, join(bin, 'fp'));
  const login = await runFp(['auth', 'login', '--profile', 'acme', '--base-url', server.url, '--with-key'], {
    input: ADMIN_KEY,
    apiKey: null,
    env: { FP_CONFIG_DIR: join(home, 'config') },
  });
  expect(login.code).toBe(0);
});
afterAll(async () => {
  for (const c of open) await c.close();
  await server.stop();
  rmSync(home, { recursive: true, force: true });
});

/** The entry with the clone's path, this node, and the README's placeholders made real. */
function asRun(entry: ServerEntry): { command: string; args: string[]; env: Record<string, string> } {
  const env = Object.fromEntries(
    Object.entries(entry.env ?? {}).map(([k, v]) => [
      k,
      v === 'https://feedback.example.com' ? server.url : v === 'your-api-key' ? ADMIN_KEY : v,
    ]),
  );
  return {
    command: entry.command === 'node' ? process.execPath : entry.command,
    args: entry.args.map((a) => a.replace('/path/to/fp/', `${ROOT}/`)),
    env: {
      PATH: [bin, dirname(process.execPath), process.env.PATH ?? ''].join(delimiter),
      HOME: home,
      FP_CONFIG_DIR: join(home, 'config'),
      NO_COLOR: '1',
      ...env,
    },
  };
}

describe("the README's MCP client configurations start fp mcp and answer tools/list", () => {
  const configs = documentedConfigs();

  it('the section shows one for an installed fp, one for a clone, and one for VS Code', () => {
    expect(configs.map((c) => c.command)).toEqual(['fp', 'node', 'fp']);
    expect(configs[1].args[0]).toBe('/path/to/fp/bin/fp.js');
    expect(configs[2].type).toBe('stdio');
  });

  it.each(configs.map((c, i) => [i, c] as const))(
    'configuration %i starts, lists its tools and reads the portal',
    async (_i, entry) => {
      const transport = new StdioClientTransport({ ...asRun(entry), stderr: 'pipe' });
      const client = new Client({ name: 'readme-agent', version: '1.0.0' });
      await client.connect(transport);
      open.push(client);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('moderation.pending');
      // The profile or the env pair reached the portal: a read answers with its data.
      const pending = await client.callTool({ name: 'moderation.pending', arguments: {} });
      expect(pending.isError).toBeFalsy();
    },
  );
});
