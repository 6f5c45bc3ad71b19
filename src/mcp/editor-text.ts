import type { ApiClient } from '../client/api-client.js';
import { toEditorFormat, type EditorType } from '../contract/editor-format.js';
import type { Endpoint } from '../contract/endpoints.js';

/** How long a client takes the portal's editor type as read (as the command line, D-TEXT-EDITOR-CACHE). */
const EDITOR_TYPE_TTL_MS = 5 * 60 * 1000;

/** Per client: a session of `fp mcp`, or a request of the reference server's /mcp. */
const editors = new WeakMap<ApiClient, { at: number; editor: Promise<EditorType> }>();

function editorOf(client: ApiClient, now: number): Promise<EditorType> {
  const kept = editors.get(client);
  if (kept && now - kept.at < EDITOR_TYPE_TTL_MS) return kept.editor;
  const editor = client.call('portal.get', {}).then(({ data }) => data.editor_type);
  editors.set(client, { at: now, editor });
  editor.catch(() => editors.delete(client));
  return editor;
}

/**
 * A write tool's body with its text (the endpoint's `editorText` field) turned from the markdown an
 * agent writes into the portal's editor format (D-TEXT-EDITOR-FORMAT); other bodies as they are.
 */
export async function inEditorFormat(
  client: ApiClient,
  endpoint: Endpoint,
  body: Record<string, unknown> | undefined,
  now = Date.now(),
): Promise<Record<string, unknown> | undefined> {
  const field = endpoint.editorText;
  const text = field === undefined ? undefined : body?.[field];
  if (field === undefined || typeof text !== 'string') return body;
  return { ...body, [field]: toEditorFormat(text, 'markdown', await editorOf(client, now)) };
}

/** The tool's description: the operation's summary, for a write of text that it takes markdown, and its hint for agents. */
export function toolDescription(endpoint: Endpoint): string {
  const hint = endpoint.agentHint === undefined ? '' : ` ${endpoint.agentHint}`;
  if (endpoint.editorText === undefined) return `${endpoint.summary}${hint && `.${hint}`}`;
  return `${endpoint.summary}. \`${endpoint.editorText}\` takes markdown: it is sent in the portal's editor format (as HTML when the portal's editor_type is wysiwyg).${hint}`;
}
