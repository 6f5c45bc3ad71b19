import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedFile } from '../../src/seed-file/seed-file.js';
import { demoSeed } from '../../src/server/store/seeding/demo-seed.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { accessToken } from './support/access-token.js';
import { DEMO_KEY, inProcessMcp, type InProcess } from './support/in-process.js';

let mcp: InProcess;
beforeAll(async () => {
  mcp = await inProcessMcp();
});
afterAll(() => mcp.close());

describe('D-MCP-LONG-WORK link-health scans and sync execute report progress', () => {
  it('a scan with a progress token is followed to its end, each step reported', async () => {
    const steps: Array<{ progress: number; total?: number; message?: string }> = [];
    const result = await mcp.client.callTool(
      { name: 'knowledgebase.scanLinks', arguments: { tab_id: 4 } },
      {
        onprogress: (p: { progress: number; total?: number; message?: string }) => steps.push(p),
      },
    );
    const data = (result.structuredContent as { data: { state: string; checked: number; total: number } }).data;
    expect(data.state).toBe('completed');
    expect(data.checked).toBe(data.total);
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.at(-1)).toMatchObject({ progress: data.total, total: data.total });
    expect(steps.at(-1)!.message).toMatch(/^scan completed: \d+ of \d+ links checked, \d+ failed$/);
  });

  it('without a token a scan answers at once, as the API does', async () => {
    const result = await mcp.client.callTool({ name: 'knowledgebase.scanLinks', arguments: { tab_id: 4 } });
    expect((result.structuredContent as { data: { state: string } }).data.state).toMatch(
      /^(queued|running|completed)$/,
    );
  });

  it('sync execute reports the bytes sent, then the portal applying the archive', async () => {
    const link = (await mcp.client.callTool({ name: 'knowledgebase.export', arguments: { tab_id: 4 } }))
      .structuredContent as { uri: string };
    const zip = ((await mcp.client.readResource({ uri: link.uri })).contents[0] as { blob: string }).blob;
    const steps: Array<{ progress: number; total?: number; message?: string }> = [];
    const result = await mcp.client.callTool(
      { name: 'knowledgebase.execute', arguments: { tab_id: 4, file: zip } },
      {
        onprogress: (p: { progress: number; total?: number; message?: string }) => steps.push(p),
      },
    );
    expect(result.isError).toBeFalsy();
    expect(steps.at(-1)).toEqual({
      progress: steps.at(-1)!.total,
      total: steps.at(-1)!.total,
      message: 'knowledgebase.execute: the portal has applied the archive',
    });
    expect(steps[0].message).toMatch(/^sending the archive: \d+ bytes sent$/);
  });
});

describe('D-MCP-TASKS for clients that support tasks (2025-11-25), long work runs as a task', () => {
  it('advertises tasks for tools/call and marks the two tools as able to run as tasks', async () => {
    const init = await mcp.raw('tools/list');
    const execution = Object.fromEntries(
      init.result.tools.filter((t: any) => t.execution).map((t: any) => [t.name, t.execution]),
    );
    expect(execution).toEqual({
      'knowledgebase.scanLinks': { taskSupport: 'optional' },
      'knowledgebase.execute': { taskSupport: 'optional' },
    });
  });

  it("a scan as a task: the task id is the scan's id; tasks/get, tasks/result, tasks/list", async () => {
    const created = await mcp.raw('tools/call', {
      name: 'knowledgebase.scanLinks',
      arguments: { tab_id: 4 },
      task: { ttl: 60_000 },
    });
    const task = created.result.task;
    expect(task).toMatchObject({ status: 'working', ttl: 60_000, pollInterval: 500 });
    const result = await mcp.raw('tasks/result', { taskId: task.taskId });
    expect(result.result.structuredContent.data).toMatchObject({ scan_id: task.taskId, state: 'completed' });
    expect(result.result._meta).toEqual({ 'io.modelcontextprotocol/related-task': { taskId: task.taskId } });
    expect((await mcp.raw('tasks/get', { taskId: task.taskId })).result).toMatchObject({
      taskId: task.taskId,
      status: 'completed',
    });
    // The same scan through the API's own progress endpoint.
    const progress = await mcp.client.callTool({
      name: 'knowledgebase.scanProgress',
      arguments: { scanId: task.taskId },
    });
    expect((progress.structuredContent as { data: { state: string } }).data.state).toBe('completed');
    const listed = (await mcp.raw('tasks/list')).result.tasks.map((t: { taskId: string }) => t.taskId);
    expect(listed).toContain(task.taskId);
    expect((await mcp.raw('tasks/cancel', { taskId: task.taskId })).error).toMatchObject({
      code: -32602,
      message: `Task ${task.taskId} cannot be cancelled: it is completed already.`,
    });
  });

  it("a refused scan is the call's answer, not a task; an unknown task id is refused", async () => {
    const refused = await mcp.raw('tools/call', {
      name: 'knowledgebase.scanLinks',
      arguments: { tab_id: 99 },
      task: {},
    });
    expect(refused.result.isError).toBe(true);
    expect(refused.result.task).toBeUndefined();
    expect((await mcp.raw('tasks/get', { taskId: 'nope' })).error).toMatchObject({
      code: -32602,
      message: 'Unknown task: nope',
    });
  });
});

describe('D-MCP-TASKS on /mcp, each request stateless, the tasks belong to the grant', () => {
  let api: TestServer;
  let token: string;
  let other: string;
  beforeAll(async () => {
    api = await startTestServer(demoSeed() as unknown as SeedFile);
    token = await accessToken(api, DEMO_KEY);
    other = await accessToken(api, DEMO_KEY);
  });
  afterAll(() => api.close());

  /** One 2025-11-25 JSON-RPC request on its own POST, as a stateless client sends it. */
  async function post(bearer: string, method: string, params: Record<string, unknown> = {}) {
    const res = await api.request('POST', '/mcp', {
      token: bearer,
      body: { jsonrpc: '2.0', id: 1, method, params },
      headers: { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    });
    expect(res.status).toBe(200);
    // The SDK answers a stateless POST as a one-message event stream.
    const message = JSON.parse(/^data: (.*)$/m.exec(res.text)![1]);
    return message.result ?? message;
  }

  it('a scan task started by one request is followed by the next ones, and by no other grant', async () => {
    const created = await post(token, 'tools/call', {
      name: 'knowledgebase.scanLinks',
      arguments: { tab_id: 4 },
      task: {},
    });
    const taskId = created.task.taskId;
    expect(created.task).toMatchObject({ status: 'working', ttl: 3_600_000 });
    const result = await post(token, 'tasks/result', { taskId });
    expect(result.structuredContent.data).toMatchObject({ scan_id: taskId, state: 'completed' });
    expect((await post(token, 'tasks/get', { taskId })).status).toBe('completed');
    expect((await post(other, 'tasks/get', { taskId })).error).toMatchObject({
      code: -32602,
      message: `Unknown task: ${taskId}`,
    });
    expect((await post(other, 'tasks/list')).tasks).toEqual([]);
  });
});
