import { Client as Sdk1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport as Sdk1Memory } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/client/api-client.js';
import { errorResult } from '../../src/mcp/tool-result.js';
import { serveOptions } from '../../src/mcp/serve-options.js';
import { createToolServer } from '../../src/mcp/tool-server.js';
import { demoSeed } from '../../src/server/store/seeding/demo-seed.js';
import type { SeedFile } from '../../src/seed-file/seed-file.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { DEMO_KEY } from './support/in-process.js';

let api: TestServer;
let client: Sdk1Client;

/** The tool server as an agent built on the MCP SDK 1.x meets it: its client validates every structuredContent. */
beforeAll(async () => {
  api = await startTestServer(demoSeed() as unknown as SeedFile);
  const apiClient = new ApiClient({ baseUrl: api.url, apiKey: DEMO_KEY, retries: 0 });
  const server = createToolServer({
    serve: serveOptions(),
    client: () => apiClient,
    version: '0.0.0-test',
    owner: 'test',
  });
  const [clientSide, serverSide] = Sdk1Memory.createLinkedPair();
  await server.connect(serverSide as never);
  client = new Sdk1Client({ name: 'sdk1-agent', version: '1.0.0' });
  await client.connect(clientSide);
  await client.listTools(); // SDK 1.x checks results only against the schemas it listed
});
afterAll(async () => {
  await client.close();
  await api.close();
});

const call = (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args });

describe('D-MCP-RESULTS an error result is text only, in fp words, and every SDK accepts it', () => {
  it('a 404 reaches an SDK 1.x agent as a tool result naming the post', async () => {
    const result = await call('posts.get', { key: 'zzzzz' });
    expect(result).toEqual({ isError: true, content: [{ type: 'text', text: 'post zzzzz not found (404)' }] });
  });

  it('a 422 carries the message and one line per field error', async () => {
    await call('groups.create', { name: 'Twice' });
    const result = await call('groups.create', { name: 'Twice' });
    expect(result).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'The given data was invalid. (422)\nname: The name has already been taken.' }],
    });
  });

  it('arguments refused before sending, and a cursor of another call, are text only too', async () => {
    const bad = await call('posts.get', {});
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent).toBeUndefined();
    expect(bad.content).toEqual([
      { type: 'text', text: expect.stringMatching(/^The given data was invalid\.\nkey: /) },
    ]);
    const cursor = await call('posts.list', { result_cursor: 'bm90IGEgY3Vyc29y' });
    expect(cursor).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'The result_cursor is not a cursor this server gave.' }],
    });
    expect(errorResult({ message: 'x', errors: {} })).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'x' }],
    });
  });
});

describe('D-MCP-FENCE moderation of a comment is fenced as its output schema says', () => {
  it('approve and reject on comments: the comment, its excerpt, author and post title come as {"untrusted": …}', async () => {
    const pending = (await call('moderation.pending')).structuredContent as any;
    const [first, second] = pending.data.comments;
    expect(first.comment).toHaveProperty('untrusted');
    const approved = (await call('moderation.approve', { type: 'comment', identifier: String(first.id) })) as any;
    expect(approved.isError).toBeFalsy();
    expect(approved.structuredContent.data.comment).toEqual(first.comment);
    expect(approved.structuredContent.data.post.title).toEqual({ untrusted: expect.any(String) });
    expect(approved.structuredContent.data.author.name).toEqual({ untrusted: expect.any(String) });
    const rejected = (await call('moderation.reject', { type: 'comment', identifier: String(second.id) })) as any;
    expect(rejected.isError).toBeFalsy();
    expect(rejected.structuredContent.data.excerpt).toEqual({ untrusted: expect.any(String) });
    const post = pending.data.posts[0];
    const approvedPost = (await call('moderation.approve', { type: 'post', identifier: post.id })) as any;
    expect(approvedPost.structuredContent.data.title).toEqual(post.title);
  });
});
