import { tools, toolsets, type ToolDefinition } from './tools.js';

/** How tool names are written: the table's `group.action`, or `group_action` for clients that refuse dots. */
export type ToolNaming = 'dotted' | 'underscore';
const NAMINGS: readonly ToolNaming[] = ['dotted', 'underscore'];

/** What one MCP server offers; the same for `fp mcp` (flags) and `/mcp` (query or headers). */
export interface ServeOptions {
  /** Only tools that change nothing. */
  readOnly: boolean;
  /** Only these endpoint groups; undefined means all. */
  toolsets?: readonly string[];
  /** Withhold the text of items that are not approved and of authors outside the portal team. */
  lockdown: boolean;
  toolNames: ToolNaming;
}

/** The options as written: flag values, query parameters or header values. */
export interface WrittenServeOptions {
  readOnly?: boolean | string | null;
  toolsets?: string | null;
  lockdown?: boolean | string | null;
  toolNames?: string | null;
}

/** A refused option value; the message names what is known. */
export class ServeOptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServeOptionError';
  }
}

/** Other names a toolset answers to: the command-line group names. */
const TOOLSET_ALIASES: Readonly<Record<string, string>> = { kb: 'knowledgebase' };

/** The toolset names of a comma-separated list; unknown names are an error naming the known ones. */
export function parseToolsets(list: string | undefined | null): string[] | undefined {
  if (list === undefined || list === null || list.trim() === '') return undefined;
  const names = [
    ...new Set(
      list
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((s) => TOOLSET_ALIASES[s] ?? s),
    ),
  ];
  const unknown = names.filter((n) => !toolsets.includes(n));
  if (unknown.length)
    throw new ServeOptionError(`unknown toolset ${unknown.join(', ')}; known: ${toolsets.join(', ')}`);
  return names;
}

/** `1`, `true`, `yes` or a bare flag switch on; `0`, `false`, `no` or nothing leave off. */
function flag(name: string, value: boolean | string | null | undefined): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (value === true) return true;
  const v = value.trim().toLowerCase();
  if (['', '1', 'true', 'yes'].includes(v)) return true;
  if (['0', 'false', 'no'].includes(v)) return false;
  throw new ServeOptionError(`${name} must be 1 or 0, not ${value}`);
}

export function serveOptions(written: WrittenServeOptions = {}): ServeOptions {
  const naming = (written.toolNames ?? 'dotted').trim() || 'dotted';
  if (!NAMINGS.includes(naming as ToolNaming))
    throw new ServeOptionError(`unknown tool-name style ${naming}; known: ${NAMINGS.join(', ')}`);
  return {
    readOnly: flag('read-only', written.readOnly),
    toolsets: parseToolsets(written.toolsets),
    lockdown: flag('lockdown', written.lockdown),
    toolNames: naming as ToolNaming,
  };
}

/** A tool as this server lists it: under which name. */
export interface ServedTool {
  name: string;
  tool: ToolDefinition;
}

export function toolName(tool: ToolDefinition, naming: ToolNaming): string {
  return naming === 'underscore' ? tool.name.replace('.', '_') : tool.name;
}

/** The tools these options offer, in the endpoint table's order (a fixed order, whatever the client). */
export function servedTools(options: ServeOptions): ServedTool[] {
  return tools
    .filter((t) => (!options.readOnly || t.readOnly) && (!options.toolsets || options.toolsets.includes(t.toolset)))
    .map((tool) => ({ name: toolName(tool, options.toolNames), tool }));
}
