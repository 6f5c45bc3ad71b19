import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeQuery, type ApiClient, type QueryValue } from '../client/api-client.js';
import { uploadArchive, type SyncFields, type SyncOperation } from '../client/kb-upload.js';
import { buildPath } from '../contract/endpoints.js';
import { readCursor } from './cut-to-size.js';
import { inEditorFormat } from './editor-text.js';
import { exportUri } from './export-resource.js';
import { followScan, SCAN_TOOL, type Report } from './long-work.js';
import { answerResult, errorResult, plainResult, refusal, type ToolResult } from './tool-result.js';
import { toolArguments, type ToolDefinition, type ToolRequest } from './tools.js';

export interface CallOptions {
  lockdown: boolean;
  /** Progress of long work goes here (the client sent a progress token). */
  report?: Report;
  /** A scan already started (as a task): followed to its end instead of started again. */
  startedScan?: unknown;
}

const silent: Report = async () => {};

/** The start of a scan, for a task whose id is the scan's: the answer, or the refusal as a result. */
export async function startScan(
  client: ApiClient,
  tool: ToolDefinition,
  args: unknown,
): Promise<{ scanId: string; answer: unknown } | { refused: ToolResult }> {
  const parsed = toolArguments(tool, args);
  if (!parsed.ok) return { refused: errorResult({ message: parsed.message, errors: parsed.errors }) };
  try {
    const answer = await client.call(SCAN_TOOL, { body: parsed.request.body } as never);
    return { scanId: (answer as { data: { scan_id: string } }).data.scan_id, answer };
  } catch (err) {
    return { refused: refusal(err) };
  }
}

/**
 * Run one tool: check its arguments, make the API call, and turn the answer into a
 * tool result: fenced, and cut to the size cap. API and validation failures are
 * results with `isError: true`, carrying the service's message and field errors;
 * nothing here throws for them.
 */
export async function callTool(
  client: ApiClient,
  tool: ToolDefinition,
  args: unknown,
  options: CallOptions,
): Promise<ToolResult> {
  const parsed = toolArguments(tool, args);
  if (!parsed.ok) return errorResult({ message: parsed.message, errors: parsed.errors });
  const given = (args ?? {}) as Record<string, unknown>;
  try {
    if (tool.endpoint.responseType === 'zip') return await exportLinkResult(client, tool, parsed.request);
    const offsets = readCursor(tool.name, given);
    let data = tool.takesFile
      ? await uploadResult(client, tool, parsed.request, options.report)
      : (options.startedScan ??
        (await client.callEndpoint(tool.endpoint, {
          params: parsed.request.params,
          query: parsed.request.query as Record<string, QueryValue> | undefined,
          body: await inEditorFormat(client, tool.endpoint, parsed.request.body),
        })));
    // A scan is followed to its end when someone is told of its progress, or it runs as a task.
    if (tool.name === SCAN_TOOL && (options.report || options.startedScan))
      data = await followScan(client, data as never, options.report ?? silent);
    return answerResult(tool, data, { lockdown: options.lockdown, args: given, offsets });
  } catch (err) {
    return refusal(err);
  }
}

/**
 * The knowledge-base export: the archive is made (so a wrong tab is refused here)
 * and measured, and the result links to it; the client reads the link as a resource.
 */
async function exportLinkResult(client: ApiClient, tool: ToolDefinition, request: ToolRequest): Promise<ToolResult> {
  const target = buildPath(tool.endpoint.path, request.params) + encodeQuery(request.query as Record<string, string>);
  const res = await client.send(tool.endpoint.method, target, {
    headers: { accept: 'application/zip, application/json' },
  });
  let bytes = 0;
  for await (const chunk of res.body) bytes += (chunk as Buffer).length;
  const tabId = String(request.query?.tab_id ?? '');
  const filename = `knowledgebase-tab-${tabId}.zip`;
  const link = { filename, bytes, uri: exportUri(tabId), mimeType: 'application/zip' as const };
  return plainResult(
    [
      { type: 'text', text: `${filename}: ${bytes} bytes, at ${link.uri}` },
      { type: 'resource_link', uri: link.uri, name: filename, mimeType: link.mimeType, size: bytes },
    ],
    link,
  );
}

/**
 * Sync preview and execute: the decoded ZIP goes up through the client's streamed
 * multipart upload; progress is the bytes sent, then one step for the portal's work.
 */
async function uploadResult(
  client: ApiClient,
  tool: ToolDefinition,
  request: ToolRequest,
  report?: Report,
): Promise<unknown> {
  const dir = await mkdtemp(join(tmpdir(), 'fp-mcp-'));
  try {
    const zipPath = join(dir, 'archive.zip');
    await writeFile(zipPath, request.file ?? Buffer.alloc(0));
    let reports = Promise.resolve();
    let steps: number | undefined;
    const onProgress = report
      ? (sent: number, total: number | undefined) => {
          steps = total === undefined ? undefined : total + 1;
          reports = reports.then(() => report(sent, steps, `sending the archive: ${sent} bytes sent`));
        }
      : undefined;
    const fields = request.fields as unknown as SyncFields;
    const answer = await uploadArchive(client, tool.name as SyncOperation, zipPath, fields, 'archive.zip', onProgress);
    await reports;
    if (report) await report(steps ?? 1, steps ?? 1, `${tool.name}: the portal has applied the archive`);
    return answer;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
