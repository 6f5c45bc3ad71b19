import { inFpWords } from '../client/api-words.js';
import { ApiError, NetworkError, RequestValidationError, ResponseShapeError } from '../client/errors.js';
import { CursorError, cutToSize } from './cut-to-size.js';
import { fenceAnswer } from './fence.js';
import type { ToolDefinition } from './tools.js';

/** The `tools/call` result shape (MCP `CallToolResult`), kept free of SDK types so tests read it plainly. */
export interface ToolResult {
  [key: string]: unknown;
  content: Array<
    | { type: 'text'; text: string }
    | { type: 'resource_link'; uri: string; name: string; mimeType: string; size?: number }
  >;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/**
 * Every tool result is made here, so none skips the fence. A success is the API's
 * answer fenced by the tool's output schema (public text as `{untrusted: …}`), cut
 * to the size cap, as structured content and as compact JSON text. A refusal is
 * text only: SDK 1.x clients check any `structuredContent` against the output
 * schema, errors included, and would turn the API's message into a protocol error.
 */
export function answerResult(
  tool: ToolDefinition,
  answer: unknown,
  call: { lockdown: boolean; args: Record<string, unknown>; offsets: Record<string, number> },
): ToolResult {
  const fenced = fenceAnswer(answer, tool.outputSchema, call.lockdown) as Record<string, unknown>;
  const cut = cutToSize(fenced, tool.name, call.args, call.offsets);
  if (!cut) return errorResult({ message: 'The answer is larger than 1 MB of text even cut item by item.' });
  return { content: [{ type: 'text', text: JSON.stringify(cut) }], structuredContent: cut };
}

/** A result whose structured content carries no public text (the export's link, the toolsets), with content of its own. */
export function plainResult(content: ToolResult['content'], structured: Record<string, unknown>): ToolResult {
  return { content, structuredContent: structured };
}

/** A refusal: `<message> (<status>)` in fp's words, then one `field: message` line per field error. */
export function errorResult(error: {
  status?: number;
  message: string;
  errors?: Record<string, string[]>;
}): ToolResult {
  const message = inFpWords(error.message);
  const lines = [error.status ? `${message} (${error.status})` : message];
  for (const [field, messages] of Object.entries(error.errors ?? {}))
    for (const m of messages) lines.push(`${field}: ${m}`);
  return { isError: true, content: [{ type: 'text', text: lines.join('\n') }] };
}

/** What a failed call becomes: a tool result with the API's message and field errors. */
export function refusal(err: unknown): ToolResult {
  if (err instanceof ApiError)
    return errorResult({ status: err.status, message: err.message, errors: err.fieldErrors });
  if (err instanceof RequestValidationError) return errorResult({ message: err.message, errors: err.fieldErrors });
  if (err instanceof NetworkError || err instanceof ResponseShapeError || err instanceof CursorError)
    return errorResult({ message: err.message });
  throw err;
}

/** The text of a result, as one string (a refusal's message and field errors). */
export const resultText = (result: ToolResult): string =>
  result.content.map((c) => ('text' in c ? c.text : '')).join('\n');
