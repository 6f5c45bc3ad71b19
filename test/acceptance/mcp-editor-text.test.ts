import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOB, fixtureSeed } from '../support/fixture-seed.js';
import { FP_BIN, startFpServer, type FpServer } from '../support/run-fp.js';

let server: FpServer;
let configDir: string;
let client: Client;

beforeAll(async () => {
  const seed = fixtureSeed();
  seed.portals[0].editor_type = 'wysiwyg';
  server = await startFpServer(seed);
  configDir = mkdtempSync(join(tmpdir(), 'fp-mcp-config-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [FP_BIN, 'mcp'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      FP_CONFIG_DIR: configDir,
      FP_BASE_URL: server.url,
      FP_API_KEY: 'test-admin',
      NO_COLOR: '1',
    },
    stderr: 'pipe',
  });
  client = new Client({ name: 'fp-test', version: '1.0.0' });
  await client.connect(transport);
});
afterAll(async () => {
  await client.close();
  await server.stop();
  rmSync(configDir, { recursive: true, force: true });
});

const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as {
    isError?: boolean;
    structuredContent?: any;
    content: Array<{ type: string; text?: string }>;
  };

describe('fp mcp: text and votes as the command line sends them', () => {
  it('D-TEXT-EDITOR-FORMAT the write tools take markdown and say so; a wysiwyg portal gets HTML', async () => {
    const { tools } = await client.listTools();
    const describedAs = (name: string) => tools.find((t) => t.name === name)?.description;
    for (const [name, field] of [
      ['comments.create', 'comment'],
      ['comments.update', 'comment'],
      ['posts.create', 'description'],
      ['posts.update', 'description'],
      ['feedback.create', 'feedback'],
      ['feedback.update', 'feedback'],
    ])
      expect(describedAs(name)).toContain(`\`${field}\` takes markdown`);
    expect(describedAs('comments.list')).not.toContain('markdown');
    const created = await call('comments.create', { key: 'dark1', user_id: BOB, comment: '**fixed** in 2.3' });
    expect(created.isError).toBeFalsy();
    expect(created.structuredContent.data.comment).toEqual({ untrusted: '<p><strong>fixed</strong> in 2.3</p>' });
    const feedback = await call('feedback.update', { id: 'fb-1', feedback: 'Make it *faster*' });
    expect(feedback.structuredContent.data.feedback).toEqual({ untrusted: '<p>Make it <em>faster</em></p>' });
  });

  it('R-VOTE-COMMENT votes.addAnonymous and votes.removeAnonymous reach a comment by its numeric id', async () => {
    const added = await call('votes.addAnonymous', { key: 100, anonymous_id: 'agent-visitor' });
    expect(added.isError).toBeFalsy();
    expect(added.structuredContent.data).toMatchObject({ voter: null });
    const listed = await call('comments.list', { key: 'dark1' });
    expect(listed.structuredContent.data.find((c: { id: number }) => c.id === 100).votes_count).toBe(1);
    const removed = await call('votes.removeAnonymous', { key: '100', anonymous_id: 'agent-visitor' });
    expect(removed.isError).toBeFalsy();
    const pending = await call('votes.addAnonymous', { key: '104', anonymous_id: 'agent-visitor' });
    expect(pending.isError).toBe(true);
    expect(pending.content[0].text).toContain('Item is not voteable.');
  });
});
