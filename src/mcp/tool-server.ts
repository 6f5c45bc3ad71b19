import {
  CLIENT_CAPABILITIES_META_KEY,
  RELATED_TASK_META_KEY,
  ProtocolError,
  ProtocolErrorCode,
  Server,
  type CallToolResult,
  type ClientCapabilities,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type { ApiClient } from '../client/api-client.js';
import * as z from 'zod';
import { callTool, startScan } from './call-tool.js';
import { confirmation } from './confirm.js';
import { EXPORT_URI_TEMPLATE, exportTabOf, readExport } from './export-resource.js';
import { instructionsFor } from './instructions.js';
import { isLongWork, SCAN_TOOL, type Report } from './long-work.js';
import { processTasks, type TaskView } from './task-store.js';
import { refusal, resultText, type ToolResult } from './tool-result.js';
import { DynamicToolsets, type DiscoveryTool } from './dynamic-toolsets.js';
import { offeredPrompts, servePrompts } from './serve-prompts.js';
import { servedTools, type ServeOptions, type ServedTool } from './serve-options.js';

export interface ToolServerOptions {
  /** What this server offers: tools, names, read-only, lockdown. */
  serve: ServeOptions;
  /** The API the tools call: the profile's portal for `fp mcp`, the server itself for `/mcp`. */
  client: () => ApiClient | Promise<ApiClient>;
  version: string;
  /** Whose tasks these are: the stdio session, or one token's grant on `/mcp`. */
  owner: string;
  /** The toolsets enabled so far under `--dynamic-toolsets` (the session's, or the grant's on `/mcp`). */
  enabledToolsets?: Set<string>;
}

/** How long a client may keep the tool list and the discovery answer (2026-07-28 cache hints). */
const LIST_CACHE = { ttlMs: 300_000, cacheScope: 'private' } as const;

/** An MCP server (low-level SDK `Server`) whose tools are calls to the portal's HTTP API. */
export function createToolServer(options: ToolServerOptions): Server {
  const served = servedTools(options.serve);
  const dynamic = options.serve.dynamicToolsets
    ? new DynamicToolsets(served, options.serve, options.enabledToolsets ?? new Set())
    : undefined;
  const exports = served.some((s) => s.tool.endpoint.responseType === 'zip');
  const offered = offeredPrompts(served);
  const server = new Server(
    { name: 'fp', title: 'Feedback portal', version: options.version },
    {
      capabilities: {
        tools: dynamic ? { listChanged: true } : {},
        ...(offered.length ? { prompts: {} } : {}),
        ...(exports ? { resources: {} } : {}),
        // 2025-11-25 tasks; the SDK leaves them out of 2026-07-28 answers, where tasks are an extension.
        ...(served.some((s) => isLongWork(s.tool)) ? { tasks: TASKS_CAPABILITY } : {}),
      },
      instructions: instructionsFor(options.serve, served),
      cacheHints: { 'tools/list': LIST_CACHE, 'server/discover': LIST_CACHE, 'resources/templates/list': LIST_CACHE },
    },
  );
  const byName = new Map(served.map((s) => [s.name, s]));

  server.setRequestHandler('tools/list', () => ({
    tools: dynamic
      ? [...dynamic.discovery.map(discoveryEntry), ...dynamic.listed().map(listEntry)]
      : served.map(listEntry),
  }));

  server.setRequestHandler('tools/call', async (request, ctx) => {
    const args = request.params.arguments ?? {};
    const discovery = dynamic?.discoveryTool(request.params.name);
    if (discovery)
      return (await dynamic!.call(discovery, args, () =>
        ctx.mcpReq.notify({ method: 'notifications/tools/list_changed' }),
      )) as CallToolResult;
    const entry = byName.get(request.params.name);
    if (!entry) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    if (dynamic && !dynamic.isEnabled(entry)) return dynamic.notEnabled(entry) as CallToolResult;
    if (entry.tool.destructive) {
      const asked = confirmation(entry, args, ctx, clientCapabilities(server, ctx));
      if (asked.kind !== 'confirmed') return asked.result as CallToolResult;
    }
    const task = (request.params as { task?: { ttl?: number } }).task;
    if (task && isLongWork(entry.tool)) return (await startTask(entry, args, task.ttl, options)) as CallToolResult;
    const report = isLongWork(entry.tool) ? progressReport(request.params._meta?.progressToken, ctx) : undefined;
    const lockdown = options.serve.lockdown;
    const result = await callTool(await options.client(), entry.tool, args, { lockdown, report });
    return server.projectCallToolResult(result as CallToolResult, entry.tool.outputSchema);
  });

  if (served.some((s) => isLongWork(s.tool))) serveTasks(server, options.owner);

  if (exports) serveExports(server, options);
  if (offered.length) servePrompts(server, offered, served, options.serve, options.client);
  return server;
}

/** A discovery tool of `--dynamic-toolsets`, listed as the endpoint tools are. */
function discoveryEntry(tool: DiscoveryTool) {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.inputSchema as { type: 'object' },
    outputSchema: tool.outputSchema as { type: 'object' },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  };
}

function listEntry({ name, tool }: ServedTool) {
  return {
    name,
    ...(isLongWork(tool) ? { execution: { taskSupport: 'optional' as const } } : {}),
    description: tool.description,
    inputSchema: tool.inputSchema as { type: 'object' },
    outputSchema: tool.outputSchema as { type: 'object' },
    annotations: {
      readOnlyHint: tool.readOnly,
      destructiveHint: tool.destructive,
      idempotentHint: tool.readOnly,
      openWorldHint: false,
    },
  };
}

/** What the client said it can do: on this request (2026-07-28), else at initialize. */
function clientCapabilities(server: Server, ctx: ServerContext): ClientCapabilities | undefined {
  const declared = ctx.mcpReq.envelope?.[CLIENT_CAPABILITIES_META_KEY as keyof typeof ctx.mcpReq.envelope];
  return (declared as ClientCapabilities | undefined) ?? server.getClientCapabilities();
}

/** `knowledgebase.export` links to `fp://knowledgebase/tabs/{tab_id}/export.zip`; reading it makes the archive. */
function serveExports(server: Server, options: ToolServerOptions): void {
  server.setRequestHandler('resources/list', () => ({ resources: [] }));
  server.setRequestHandler('resources/templates/list', () => ({
    resourceTemplates: [
      {
        uriTemplate: EXPORT_URI_TEMPLATE,
        name: 'knowledgebase-export',
        title: 'Knowledge-base tab as a ZIP of markdown files',
        mimeType: 'application/zip',
      },
    ],
  }));
  server.setRequestHandler('resources/read', async (request) => {
    const { uri } = request.params;
    const tabId = exportTabOf(uri);
    if (tabId === undefined) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown resource: ${uri}`);
    let zip: Buffer;
    try {
      zip = await readExport(await options.client(), tabId);
    } catch (err) {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, resultText(refusal(err)));
    }
    return { contents: [{ uri, mimeType: 'application/zip', blob: zip.toString('base64') }] };
  });
}

const TASKS_CAPABILITY = { list: {}, cancel: {}, requests: { tools: { call: {} } } };

/** Progress notifications for the request's token; none without one. */
function progressReport(token: string | number | undefined, ctx: ServerContext): Report | undefined {
  if (token === undefined) return undefined;
  return (progress, total, message) =>
    ctx.mcpReq.notify({
      method: 'notifications/progress',
      params: { progressToken: token, progress, ...(total === undefined ? {} : { total }), message },
    });
}

/**
 * A long tool call as a task (2025-11-25): the answer names the task at once and the
 * work goes on; a scan is started first, so a refusal is the call's answer and the
 * task's id is the scan's.
 */
async function startTask(
  entry: ServedTool,
  args: Record<string, unknown>,
  ttl: number | undefined,
  options: ToolServerOptions,
): Promise<ToolResult | (ToolResult & { task: TaskView })> {
  const client = await options.client();
  const lockdown = options.serve.lockdown;
  let view: TaskView;
  if (entry.tool.name === SCAN_TOOL) {
    const started = await startScan(client, entry.tool, args);
    if ('refused' in started) return started.refused;
    const run = () => callTool(client, entry.tool, args, { lockdown, startedScan: started.answer });
    view = processTasks.start(options.owner, ttl, run, started.scanId);
  } else {
    view = processTasks.start(options.owner, ttl, () => callTool(client, entry.tool, args, { lockdown }));
  }
  const text = `${entry.name} runs as task ${view.taskId}: poll tasks/get, then read tasks/result.`;
  return { content: [{ type: 'text', text }], task: view };
}

const TaskIdParams = z.looseObject({ taskId: z.string() });

/** tasks/get, tasks/result, tasks/list and tasks/cancel over the process's task store, for this owner only. */
function serveTasks(server: Server, owner: string): void {
  const unknown = (taskId: string) => new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown task: ${taskId}`);
  server.setRequestHandler('tasks/get', { params: TaskIdParams }, ({ taskId }) => {
    const view = processTasks.get(owner, taskId);
    if (!view) throw unknown(taskId);
    return { ...view };
  });
  server.setRequestHandler('tasks/result', { params: TaskIdParams }, async ({ taskId }) => {
    const result = processTasks.result(owner, taskId);
    if (!result) throw unknown(taskId);
    return { ...(await result), _meta: { [RELATED_TASK_META_KEY]: { taskId } } };
  });
  server.setRequestHandler('tasks/list', { params: z.looseObject({}) }, () => ({ tasks: processTasks.list(owner) }));
  server.setRequestHandler('tasks/cancel', { params: TaskIdParams }, ({ taskId }) => {
    const view = processTasks.get(owner, taskId);
    if (!view) throw unknown(taskId);
    const why =
      view.status === 'working' ? 'the portal offers no way to stop this work' : `it is ${view.status} already`;
    throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Task ${taskId} cannot be cancelled: ${why}.`);
  });
}
