import { Ajv2020 } from 'ajv/dist/2020.js';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolsets } from '../../src/mcp/tools.js';
import { toolEndpoints } from './support/tool-endpoints.js';
import { inProcessMcp, type InProcess } from './support/in-process.js';

let mcp: InProcess;
const ajv = new Ajv2020({ strict: false });
const schemas = new Map<string, object>();
const called = new Map<string, CallToolResult>();

beforeAll(async () => {
  // Every toolset named, the events log's included.
  mcp = await inProcessMcp({ serve: { toolsets: toolsets.join(',') } });
  for (const t of (await mcp.client.listTools()).tools) schemas.set(t.name, t.outputSchema!);
});
afterAll(() => mcp.close());

/** Call a tool, expect success and check its structured content against its output schema here too. */
async function call(name: string, args: Record<string, unknown> = {}): Promise<any> {
  const result = (await mcp.client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
  const validate = ajv.compile(schemas.get(name)!);
  expect(validate(result.structuredContent), `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  called.set(name, result);
  return result.structuredContent;
}

const ANN = '7a3d77cd-6a62-5c95-85d6-55664ccde95b';
const TOM = '3a0edf6a-d5f4-5b82-ac94-50f05eb27eda';
const TOM_DATABASE_ID = 4;
const ANONYMOUS = '9dd4e461268c8034f5c8564e155c67a6';
/** Another route form of an operation is no tool of its own. */
const operations = toolEndpoints;

describe('D-MCP-OUTPUT every tool has an output schema, and its results on the demo validate against it', () => {
  it('lists an object output schema for every tool, fixed in the table order', async () => {
    expect([...schemas.keys()]).toEqual(operations.map((e) => e.name));
    for (const [name, schema] of schemas) expect(schema, name).toMatchObject({ type: 'object' });
  });

  it('each tool once on the demo portal: reads, writes, moderation, knowledge base', { timeout: 60_000 }, async () => {
    await call('portal.get');
    await call('posts.list', { limit: 5 });
    const key = 'txmrb'; // a post of the board: votable
    await call('posts.list', { format: 'minimal', limit: 2 });
    await call('votes.addAnonymous', { key, anonymous_id: ANONYMOUS });
    await call('votes.removeAnonymous', { key, anonymous_id: ANONYMOUS });
    await call('posts.get', { key });
    await call('votes.add', { key, user: TOM });
    await call('votes.list', { key });
    await call('votes.remove', { key, user: TOM_DATABASE_ID });
    const post = (await call('posts.create', { title: 'Filed by an agent', status_id: 1 })).data;
    await call('posts.update', { key: post.id, status_id: 4 });
    await call('posts.delete', { key: post.id });
    for (const list of ['statuses.list', 'tags.list', 'tabs.list', 'sections.list']) await call(list);
    await call('tabs.get', { tab: 'feedback' });
    await call('sections.children', { section: 11 });
    await call('users.list', { limit: 2 });
    await call('users.findByEmail', { email: 'tom.becker@acme.test' });
    await call('users.get', { user: TOM });

    await call('categories.list');
    const category = (await call('categories.create', { name: 'Agents' })).data;
    await call('categories.update', { id: category.id, name: 'Agent work', color: '#123456' });
    await call('categories.delete', { id: category.id });

    await call('comments.list', { key });
    const comment = (await call('comments.create', { key, user_id: ANN, comment: 'Seen by an agent', silent: true }))
      .data;
    await call('comments.update', { id: comment.id, comment: 'Seen by an agent, twice' });
    await call('comments.delete', { id: comment.id });
    const reference = (await call('references.create', { key, reference: 'JIRA-1' })).data;
    await call('references.delete', { id: reference.id });

    const groups = (await call('groups.list')).data;
    await call('groups.get', { id: groups[0].id });
    await call('groups.listUsers', { group: groups[0].id });
    const group = (await call('groups.create', { name: 'Agents' })).data;
    await call('groups.update', { id: group.id, name: 'Agent group' });
    await call('groups.addUser', { group: group.id, user_id: TOM });
    await call('groups.removeUser', { group: group.id, user_id: TOM_DATABASE_ID });
    await call('groups.delete', { id: group.id });

    await call('feedback.list');
    const feedback = (await call('feedback.create', { type: 'idea', feedback: 'An agent was here' })).data;
    await call('feedback.update', { id: feedback.id, feedback: 'An agent was here, twice' });
    await call('feedback.summarize', {});
    await call('feedback.delete', { id: feedback.id });

    const pending = (await call('moderation.pending')).data;
    await call('moderation.rejected');
    const [first, second] = [
      ...pending.posts.map((p: any) => ['post', p.id]),
      ...pending.comments.map((c: any) => ['comment', String(c.id)]),
    ];
    await call('moderation.approve', { type: first[0], identifier: first[1] });
    await call('moderation.reject', { type: second[0], identifier: second[1] });

    const scan = (await call('knowledgebase.scanLinks', { tab_id: 4 })).data;
    await call('knowledgebase.scanProgress', { scanId: scan.scan_id });
    await call('knowledgebase.linkResults', { tabId: 4 });
    const link = await call('knowledgebase.export', { tab_id: 4 });
    const read = await mcp.client.readResource({ uri: link.uri });
    const zip = (read.contents[0] as { blob: string }).blob;
    await call('knowledgebase.preview', { tab_id: 4, file: zip });
    await call('knowledgebase.execute', { tab_id: 4, file: zip });
    await call('posts.listForTab', { tab: 'changelog', limit: 2 });
    await call('posts.search', { search: 'export' });
    await call('posts.duplicates', { title: 'Export charts to PDF', description: 'For our slides' });
    await call('users.groupsFilter');
    await call('users.planTypes');
    await call('users.segmentKeys');
    await call('widgets.list');
    await call('widgets.get', { widget: 'e8593bc7-c0e1-53c6-8e89-1ab3864b44ea' });
    await call('vision.get');
    await call('vision.upsert', { content: 'Answers in seconds.' });
    await call('vision.delete');
    await call('users.create', { name: 'Ada Lovelace', email: 'ada@example.test' });
    await call('users.update', { user: '13', role: 'member' });
    await call('users.bulkBlock', { user_ids: [13] });
    await call('users.bulkUnblock', { user_ids: [13] });
    await call('users.delete', { user: '13' });
    await call('users.bulkDelete', { user_ids: [12] });
    await call('posts.togglePublish', { key });
    await call('posts.togglePublish', { key });
    const status = (await call('statuses.create', { name: 'Needs info', color: '#f2c94c', tab_id: 1 })).data;
    await call('statuses.update', { status: String(status.id), name: 'Needs details' });
    await call('statuses.delete', { status: String(status.id) });
    const tag = (await call('tags.create', { name: 'regression' })).data;
    await call('tags.update', { tag: String(tag.id), name: 'regressions' });
    await call('tags.delete', { tag: String(tag.id) });
    const section = (await call('sections.create', { tab_id: 4, title: 'Invoices', parent_id: null })).data;
    await call('sections.update', { section: String(section.id), title: 'Invoices and receipts' });
    await call('sections.delete', { section: String(section.id) });
    // The events of every change above, mail and jobs included, under the events log's schema.
    await call('events.list');

    expect(operations.map((e) => e.name).filter((n) => !called.has(n))).toEqual([]);
  });
});
