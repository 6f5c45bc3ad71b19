import * as z from 'zod';
import { endpointList, type Endpoint } from '../contract/endpoints.js';
import { referenceEndpoints } from '../contract/reference-endpoints.js';
import { fieldErrors, VALIDATION_MESSAGE } from '../contract/validation.js';
import { toolDescription } from './editor-text.js';
import { outputSchemaOf, type JsonSchema } from './output-schema.js';

/**
 * The MCP tools: one per entry of the endpoint table, named, described and
 * validated by that entry. `fp mcp` and the reference server's `/mcp` both
 * serve this list; neither defines a tool of its own.
 */

export interface ToolDefinition {
  /** The operation name, `<group>.<action>`. */
  readonly name: string;
  /** The endpoint group (`comments`, `moderation`, …): what `--toolsets` selects. */
  readonly toolset: string;
  readonly description: string;
  readonly readOnly: boolean;
  readonly destructive: boolean;
  readonly endpoint: Endpoint;
  /** Path parameters, query parameters, body or multipart fields in one object. */
  readonly input: z.ZodObject;
  /** JSON Schema of `input` as a caller writes it. */
  readonly inputSchema: Record<string, unknown>;
  /** JSON Schema of the structured content of a result (see output-schema.ts). */
  readonly outputSchema: JsonSchema;
  /** The tool takes the ZIP archive as base64 text in `file` (knowledge-base sync). */
  readonly takesFile: boolean;
}

/** Where a tool argument goes in the HTTP request. */
export interface ToolRequest {
  params: Record<string, string>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  /** Multipart fields besides the file. */
  fields?: Record<string, unknown>;
  /** The uploaded ZIP, decoded. */
  file?: Buffer;
}

export type ToolArguments =
  | { ok: true; request: ToolRequest }
  | { ok: false; message: string; errors: Record<string, string[]> };

const FILE_FIELD = 'file';
/** Base64 text as RFC 4648 writes it (padding optional). */
const base64File = z
  .string({ error: 'The file field is required.' })
  // Spelled out, not with the i flag: the pattern goes into the tool's JSON Schema, which has no flags.
  // eslint-disable-next-line regexp/use-ignore-case
  .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'The file field must be base64-encoded ZIP data.' })
  .min(1, { error: 'The file field is required.' })
  .describe('the ZIP archive, base64-encoded');

const CURSOR_FIELD = 'result_cursor';
const resultCursor = z
  .string({ error: 'The result cursor must be a string.' })
  .optional()
  .describe('Only to continue a result cut at 1 MB: its next_cursor, with the same other arguments.');

/** Path parameters arrive as strings; a tool caller may write a numeric id as a number. */
function pathParam(schema: z.ZodType<unknown, string>): z.ZodType {
  return z.union([schema, z.number().int().nonnegative().transform(String).pipe(schema)]);
}

function inputOf(endpoint: Endpoint): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  const add = (fields: Record<string, z.ZodType>, wrap: (s: z.ZodType) => z.ZodType = (s) => s) => {
    for (const [name, schema] of Object.entries(fields)) {
      if (name in shape) throw new Error(`${endpoint.name}: argument ${name} is defined twice`);
      shape[name] = wrap(schema);
    }
  };
  if (endpoint.params) add(endpoint.params.shape, (s) => pathParam(s as z.ZodType<unknown, string>));
  if (endpoint.query) add(endpoint.query.shape);
  if (endpoint.body) add(endpoint.body.shape);
  if (endpoint.multipart) add({ ...endpoint.multipart.shape, [FILE_FIELD]: base64File });
  if (endpoint.responseType !== 'zip') add({ [CURSOR_FIELD]: resultCursor });
  return z.object(shape);
}

function toolOf(endpoint: Endpoint): ToolDefinition {
  const input = inputOf(endpoint);
  let output: JsonSchema | undefined;
  const { $schema: _drop, ...inputSchema } = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return {
    name: endpoint.name,
    toolset: endpoint.name.slice(0, endpoint.name.indexOf('.')),
    description: toolDescription(endpoint),
    readOnly: endpoint.method === 'GET',
    destructive: endpoint.destructive === true,
    endpoint,
    input,
    inputSchema,
    get outputSchema() {
      return (output ??= outputSchemaOf(endpoint));
    },
    takesFile: endpoint.multipart !== undefined,
  };
}

/**
 * What the tools serve: each operation of the table (another route form is not another tool),
 * and of the reference server's own routes, the events log (read-only, toolset `events`).
 */
const toolEndpoints: readonly Endpoint[] = [
  ...endpointList.filter((e) => !e.aliasOf),
  referenceEndpoints['events.list'],
];

export const tools: readonly ToolDefinition[] = toolEndpoints.map(toolOf);

export const toolsets: readonly string[] = [...new Set(tools.map((t) => t.toolset))];

/** Check a call's arguments against the tool's schema and place each in the request. */
export function toolArguments(tool: ToolDefinition, args: unknown): ToolArguments {
  const given = args ?? {};
  const checked = tool.input.safeParse(given);
  if (!checked.success) return { ok: false, message: VALIDATION_MESSAGE, errors: fieldErrors(checked.error) };
  const raw = given as Record<string, unknown>;
  const pick = (schema: z.ZodObject | undefined) => {
    if (!schema) return undefined;
    const out: Record<string, unknown> = {};
    for (const name of Object.keys(schema.shape)) if (raw[name] !== undefined) out[name] = raw[name];
    return out;
  };
  const params: Record<string, string> = {};
  for (const name of Object.keys(tool.endpoint.params?.shape ?? {})) params[name] = String(raw[name]);
  const request: ToolRequest = {
    params,
    query: pick(tool.endpoint.query),
    body: pick(tool.endpoint.body),
    fields: pick(tool.endpoint.multipart),
  };
  if (tool.takesFile) request.file = Buffer.from(raw[FILE_FIELD] as string, 'base64');
  return { ok: true, request };
}
