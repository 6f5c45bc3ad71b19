import {
  inputRequired,
  inputResponse,
  type ClientCapabilities,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { errorResult, type ToolResult } from './tool-result.js';
import type { ServedTool } from './serve-options.js';

const KEY = 'confirm';

export type Confirmation =
  | { kind: 'confirmed' }
  /** The question to put to the user, or the answer that nothing was done. */
  | { kind: 'asked' | 'declined'; result: unknown };

/** Form elicitation is declared as `elicitation: {}` (before modes existed) or `elicitation: {form: {}}`. */
function asksForms(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation as Record<string, unknown> | undefined;
  if (!elicitation) return false;
  return Object.keys(elicitation).length === 0 || 'form' in elicitation;
}

/**
 * A destructive tool asks the user first, through form elicitation, when the client
 * can ask: the SDK's multi-round-trip seam puts the question (an `input_required`
 * result on 2026-07-28, an `elicitation/create` request on a 2025 session) and calls
 * again with the answer. Declined or cancelled, nothing is sent to the API. A client
 * that cannot ask gets the tool run as before.
 */
export function confirmation(
  entry: ServedTool,
  args: Record<string, unknown>,
  ctx: ServerContext,
  capabilities: ClientCapabilities | undefined,
): Confirmation {
  const answer = inputResponse(ctx.mcpReq.inputResponses, KEY);
  if (answer.kind === 'elicit') {
    if (answer.action === 'accept' && answer.content?.[KEY] === true) return { kind: 'confirmed' };
    return { kind: 'declined', result: declined(entry, answer.action) };
  }
  if (!asksForms(capabilities)) return { kind: 'confirmed' };
  const question = inputRequired.elicit({
    message: `${entry.tool.description}: run ${entry.name} with ${JSON.stringify(args)}? This changes or deletes data on the portal.`,
    requestedSchema: {
      type: 'object',
      properties: { [KEY]: { type: 'boolean', title: `Run ${entry.name}`, description: 'Yes to go ahead.' } },
      required: [KEY],
    },
  });
  return { kind: 'asked', result: inputRequired({ inputRequests: { [KEY]: question } }) };
}

function declined(entry: ServedTool, action: string): ToolResult {
  const how = action === 'cancel' ? 'cancelled' : 'declined';
  return errorResult({ message: `Not done: the user ${how} ${entry.name}. Nothing was changed.` });
}
