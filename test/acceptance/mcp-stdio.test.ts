import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Client, type ClientOptions } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { served, toolEndpoints } from '../mcp/support/tool-endpoints.js';
import { ANN, READONLY_KEY } from '../support/fixture-seed.js';
import { FP_BIN, runFp, startFpServer, type FpServer } from '../support/run-fp.js';

// One tool per operation of the table; route forms (aliasOf) are served by their operation's tool.

let server: FpServer;
let configDir: string;
const open: Client[] = [];

beforeAll(async () => {
  server = await startFpServer();
  configDir = mkdtempSync(join(tmpdir(), 'fp-mcp-config-'));
});
afterAll(async () => {
  for (const c of open) await c.close();
  await server.stop();
  rmSync(configDir, { recursive: true, force: true });
});

function env(apiKey = 'test-admin'): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    FP_CONFIG_DIR: configDir,
    FP_BASE_URL: server.url,
    FP_API_KEY: apiKey,
    NO_COLOR: '1',
  };
}

/** The SDK's own client over `fp mcp` spawned from the built bin. */
async function connect(
  args: string[] = [],
  apiKey?: string,
  options?: ClientOptions,
): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [FP_BIN, 'mcp', ...args],
    env: env(apiKey),
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (d) => (stderr += d));
  const client = new Client({ name: 'fp-test', version: '1.0.0' }, options);
  await client.connect(transport);
  open.push(client);
  return { client, stderr: () => stderr };
}

/** Raw JSON-RPC lines of the 2026-07-28 revision to a fresh `fp mcp`, no initialize; the answers in order. */
async function rawStdio(requests: Array<[method: string, version: string]>): Promise<any[]> {
  const child = spawn(process.execPath, [FP_BIN, 'mcp'], { env: env(), stdio: ['pipe', 'pipe', 'pipe'] });
  const answers: any[] = [];
  let all!: () => void;
  const answered = new Promise<void>((resolve) => (all = resolve));
  createInterface({ input: child.stdout }).on('line', (l) => {
    if (answers.push(JSON.parse(l)) === requests.length) all();
  });
  requests.forEach(([method, version], i) => {
    const _meta = {
      'io.modelcontextprotocol/protocolVersion': version,
      'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: i + 1, method, params: { _meta } })}\n`);
  });
  await answered;
  child.stdin.end();
  return answers.sort((x, y) => x.id - y.id);
}

describe('fp mcp over stdio, driven by the MCP SDK client', () => {
  it('D-MCP-TOOLS lists one tool per endpoint, named as the table names them, with hints from the table', async () => {
    const { client, stderr } = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(served.map((e) => e.name));
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('categories.list')?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(byName.get('categories.delete')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    // The summary, and what the text is written in (D-TEXT-EDITOR-FORMAT).
    expect(byName.get('comments.create')?.description).toMatch(
      /^Create a comment or reply on a post\. `comment` takes markdown/,
    );
    expect(byName.get('comments.create')?.inputSchema.required).toEqual(['key', 'user_id', 'comment']);
    expect(stderr()).toContain(`fp mcp: serving ${served.length} tools for ${server.url} on stdio`);
  });

  it('D-MCP-READ-ONLY --read-only lists only the tools that change nothing', async () => {
    const { client } = await connect(['--read-only']);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(served.filter((e) => e.method === 'GET').map((e) => e.name));
    await expect(client.callTool({ name: 'categories.create', arguments: { name: 'Nope' } })).rejects.toThrow(
      'Unknown tool: categories.create',
    );
  });

  it('D-MCP-TOOLSETS --toolsets exposes only those endpoint groups (kb names the knowledge base)', async () => {
    const { client } = await connect(['--toolsets', 'moderation,kb']);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(
      toolEndpoints.filter((e) => /^(moderation|knowledgebase)\./.test(e.name)).map((e) => e.name),
    );
  });

  it('D-MCP-TOOL-SELECTION --tools and --exclude-tools pick single tools; prompts follow what is served', async () => {
    const { client } = await connect([
      '--toolsets',
      'moderation',
      '--tools',
      'posts.get',
      '--exclude-tools',
      'moderation.reject',
    ]);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual([
      'posts.get',
      'moderation.pending',
      'moderation.rejected',
      'moderation.approve',
    ]);
    // Triage needs moderation.reject and comments.list: not offered here.
    expect(client.getServerCapabilities()?.prompts).toBeUndefined();
  });

  it('D-MCP-DYNAMIC-TOOLSETS --dynamic-toolsets starts with the discovery tools; enabling one says the list changed', async () => {
    const changed: string[] = [];
    const { client, stderr } = await connect(['--dynamic-toolsets']);
    client.setNotificationHandler('notifications/tools/list_changed', (n) => void changed.push(n.method));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['toolsets.list', 'toolsets.enable']);
    await client.callTool({ name: 'toolsets.enable', arguments: { toolsets: ['categories'] } });
    expect(changed).toEqual(['notifications/tools/list_changed']);
    expect((await client.listTools()).tools.map((t) => t.name)).toContain('categories.list');
    expect(stderr()).toContain(`fp mcp: serving ${served.length} tools, enabled by toolset on demand, for`);
    const prompt = await client.getPrompt({ name: 'draft_changelog_comment', arguments: { key: 'dark1' } });
    expect((prompt.messages[1].content as { text: string }).text).toContain('"title":{"untrusted":"Dark mode"}');
  });

  it('D-MCP-RESULTS calls a read tool: the API response as structured content and as text', async () => {
    const { client } = await connect();
    const result = await client.callTool({ name: 'categories.list', arguments: {} });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { data: unknown[] }).data[0]).toEqual({
      id: 1,
      name: 'Integrations',
      color: '#ff8800',
      sort_order: 1,
    });
    expect(JSON.parse((result.content as Array<{ text: string }>)[0].text)).toEqual(result.structuredContent);
  });

  it('D-MCP-FENCE calls a write tool, and the write is visible through the API', async () => {
    const { client } = await connect();
    const created = await client.callTool({
      name: 'comments.create',
      arguments: { key: 'dark1', user_id: ANN, comment: 'Written by an agent', silent: true },
    });
    expect(created.isError).toBeFalsy();
    const comment = (created.structuredContent as { data: { id: number; comment: { untrusted: string } } }).data;
    // D-MCP-FENCE: comment text is the public's, so it comes fenced.
    expect(comment.comment).toEqual({ untrusted: 'Written by an agent' });
    const listed = await server.fp(['comments', 'list', 'dark1', '--json']);
    expect(listed.json.map((c: { id: number }) => c.id)).toContain(comment.id);
    // Numeric path parameters may be written as numbers.
    const updated = await client.callTool({
      name: 'comments.update',
      arguments: { id: comment.id, comment: 'Edited by an agent' },
    });
    expect((updated.structuredContent as { data: { comment: unknown } }).data.comment).toEqual({
      untrusted: 'Edited by an agent',
    });
  });

  it('D-MCP-RESULTS an API error is a tool result with isError, the message and the status', async () => {
    const { client } = await connect();
    const result = await client.callTool({
      name: 'categories.update',
      arguments: { id: 999, name: 'Renamed', color: '#123456' },
    });
    expect(result).toEqual({ isError: true, content: [{ type: 'text', text: 'Category not found. (404)' }] });
  });

  it('D-MCP-RESULTS a 422 from the API carries its field errors', async () => {
    const { client } = await connect();
    const result = await client.callTool({ name: 'categories.create', arguments: { name: 'Mobile' } });
    expect(result).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'The given data was invalid. (422)\nname: The name has already been taken.' }],
    });
  });

  it('invalid arguments come back as the validation errors, nothing sent', async () => {
    const { client } = await connect();
    const result = await client.callTool({
      name: 'categories.update',
      arguments: { id: 'abc', name: 'x', color: 'red' },
    });
    expect(result).toEqual({
      isError: true,
      content: [
        {
          type: 'text',
          text: [
            'The given data was invalid.',
            'id: Invalid input',
            'name: The name field must be at least 2 characters.',
            'color: The color field must be a valid hexadecimal color.',
          ].join('\n'),
        },
      ],
    });
  });

  it('D-MCP-READ-ONLY a read-only key gets the API refusal for a write as a tool result', async () => {
    const { client } = await connect([], READONLY_KEY);
    const result = await client.callTool({ name: 'categories.create', arguments: { name: 'Nope' } });
    expect(result).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'This API key is read-only and cannot make changes. (403)' }],
    });
  });

  it('writes nothing but JSON-RPC to stdout', async () => {
    const child = spawn(process.execPath, [FP_BIN, 'mcp'], { env: env(), stdio: ['pipe', 'pipe', 'pipe'] });
    const lines: string[] = [];
    let twoAnswers!: () => void;
    const answered = new Promise<void>((resolve) => (twoAnswers = resolve));
    const done = new Promise<void>((resolve) =>
      createInterface({ input: child.stdout })
        .on('line', (l) => lines.push(l) === 2 && twoAnswers())
        .on('close', resolve),
    );
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    };
    child.stdin.write(`${JSON.stringify(init)}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    child.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'portal.get', arguments: {} } })}\n`,
    );
    await answered;
    child.stdin.end();
    await done;
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(JSON.parse(line).jsonrpc).toBe('2.0');
    expect(JSON.parse(lines[1]).result.structuredContent.data.title).toBe('Test Portal');
  });

  it.each([
    ['2025-06-18', { supportedProtocolVersions: ['2025-06-18'] }],
    ['2025-11-25', { supportedProtocolVersions: ['2025-11-25'] }],
    ['2026-07-28', { versionNegotiation: { mode: { pin: '2026-07-28' } } }],
  ] as Array<[string, ClientOptions]>)(
    'D-MCP-REVISIONS the SDK client pinned to %s lists the tools in order and calls one',
    async (revision, options) => {
      const { client } = await connect([], undefined, options);
      expect(client.getNegotiatedProtocolVersion()).toBe(revision);
      expect((await client.listTools()).tools.map((t) => t.name)).toEqual(served.map((e) => e.name));
      const portal = await client.callTool({ name: 'portal.get', arguments: {} });
      expect((portal.structuredContent as { data: { title: string } }).data.title).toBe('Test Portal');
    },
  );

  it('D-MCP-REVISIONS 2026-07-28 raw on stdio: discover and list without initialize; -32022 for an unknown revision', async () => {
    const [discover, list] = await rawStdio([
      ['server/discover', '2026-07-28'],
      ['tools/list', '2026-07-28'],
    ]);
    expect(discover.result).toMatchObject({ resultType: 'complete', supportedVersions: ['2026-07-28'] });
    expect(list.result).toMatchObject({ resultType: 'complete', ttlMs: 300_000, cacheScope: 'private' });
    expect(list.result.tools.map((t: { name: string }) => t.name)).toEqual(served.map((e) => e.name));
    const [unknown] = await rawStdio([['tools/list', '2099-01-01']]);
    expect(unknown.error).toMatchObject({ code: -32022, data: { requested: '2099-01-01' } });
  });

  it('D-MCP-TOOLSETS an unknown toolset is a usage error (exit 2) naming the known ones', async () => {
    const r = await runFp(['mcp', '--toolsets', 'nope'], { baseUrl: server.url, apiKey: 'test-admin' });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      'error: unknown toolset nope; known: portal, posts, votes, categories, statuses, tags, tabs, sections, users, widgets, vision, comments, references, groups, feedback, moderation, knowledgebase, events\n',
    );
  });

  it('without credentials it stops before serving: exit 4, nothing on stdout', async () => {
    const r = await runFp(['mcp']);
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('error: no portal configured: run `fp auth login`, or set FP_BASE_URL and FP_API_KEY\n');
  });
});
