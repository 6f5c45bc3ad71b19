import { randomUUID } from 'node:crypto';
import type { Task } from '@modelcontextprotocol/server';
import type { ToolResult } from './tool-result.js';

/**
 * A task's state as 2025-11-25 `tasks/get` and `tasks/list` give it: the SDK's own
 * wire type (SDK 2.x keeps the task vocabulary but runs no tasks itself).
 */
export type TaskView = Task;

interface TaskRecord {
  view: TaskView;
  owner: string;
  expiresAt: number;
  result: Promise<ToolResult>;
}

/** How long a finished task's result is kept by default, and at most. */
const DEFAULT_TTL_MS = 60 * 60_000;
const MAX_TTL_MS = 24 * 60 * 60_000;
const MAX_TASKS_PER_OWNER = 100;
const POLL_INTERVAL_MS = 500;

/**
 * Tool calls running as tasks (protocol revision 2025-11-25), held by the process
 * for every connection and every stateless request, each visible only to its owner
 * (one token's grant, or the stdio session). A scan's task id is its scan id.
 */
class TaskStore {
  private readonly tasks = new Map<string, TaskRecord>();

  start(
    owner: string,
    requestedTtl: number | undefined,
    run: () => Promise<ToolResult>,
    taskId: string = randomUUID(),
  ): TaskView {
    this.sweep(Date.now());
    const mine = [...this.tasks.values()].filter((t) => t.owner === owner);
    if (mine.length >= MAX_TASKS_PER_OWNER) this.tasks.delete(mine[0].view.taskId);
    const ttl = Math.min(Math.max(requestedTtl ?? DEFAULT_TTL_MS, 1_000), MAX_TTL_MS);
    const at = new Date().toISOString();
    const view: TaskView = {
      taskId,
      status: 'working',
      createdAt: at,
      lastUpdatedAt: at,
      ttl,
      pollInterval: POLL_INTERVAL_MS,
    };
    const record: TaskRecord = { view, owner, expiresAt: Date.now() + ttl, result: Promise.resolve({ content: [] }) };
    record.result = run().then(
      (result) => this.settle(record, result.isError ? 'failed' : 'completed', result),
      (err: unknown) =>
        this.settle(record, 'failed', {
          isError: true,
          content: [{ type: 'text', text: err instanceof Error ? err.message : String(err) }],
        }),
    );
    this.tasks.set(taskId, record);
    return { ...view };
  }

  get(owner: string, taskId: string): TaskView | undefined {
    const record = this.record(owner, taskId);
    return record && { ...record.view };
  }

  /** The tool result once the task has finished (waits for it, as `tasks/result` does). */
  result(owner: string, taskId: string): Promise<ToolResult> | undefined {
    return this.record(owner, taskId)?.result;
  }

  list(owner: string): TaskView[] {
    this.sweep(Date.now());
    return [...this.tasks.values()].filter((t) => t.owner === owner).map((t) => ({ ...t.view }));
  }

  private record(owner: string, taskId: string): TaskRecord | undefined {
    this.sweep(Date.now());
    const record = this.tasks.get(taskId);
    return record?.owner === owner ? record : undefined;
  }

  private settle(record: TaskRecord, status: TaskView['status'], result: ToolResult): ToolResult {
    record.view.status = status;
    record.view.lastUpdatedAt = new Date().toISOString();
    record.expiresAt = Date.now() + (record.view.ttl ?? DEFAULT_TTL_MS);
    return result;
  }

  private sweep(now: number): void {
    for (const [id, t] of this.tasks) if (t.view.status !== 'working' && t.expiresAt <= now) this.tasks.delete(id);
  }
}

/** One store for the process: stateless `/mcp` requests of one grant find the tasks its earlier requests started. */
export const processTasks = new TaskStore();
