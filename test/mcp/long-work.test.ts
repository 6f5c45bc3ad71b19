import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessMcp, type InProcess } from './support/in-process.js';

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
