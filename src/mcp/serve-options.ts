import { tools, toolsets, type ToolDefinition } from './tools.js';

/** How tool names are written: the table's `group.action`, or `group_action` for clients that refuse dots. */
export type ToolNaming = 'dotted' | 'underscore';
const NAMINGS: readonly ToolNaming[] = ['dotted', 'underscore'];

/** What one MCP server offers; the same for `fp mcp` (flags) and `/mcp` (query or headers). */
export interface ServeOptions {
  /** Only tools that change nothing. */
  readOnly: boolean;
  /** Only these endpoint groups; undefined means the default ones (all but `events`). */
  toolsets?: readonly string[];
  /** Single tools (table names) added to the toolsets'; alone, only these. */
  tools?: readonly string[];
  /** Single tools (table names) left out, whatever else selects them. */
  excludeTools?: readonly string[];
  /** Start with the discovery tools only; the agent enables toolsets as it needs them. */
  dynamicToolsets: boolean;
  /** Withhold the text of items that are not approved and of authors outside the portal team. */
  lockdown: boolean;
  toolNames: ToolNaming;
}

/** The options as written: flag values, query parameters or header values. */
export interface WrittenServeOptions {
  readOnly?: boolean | string | null;
  toolsets?: string | null;
  tools?: string | null;
  excludeTools?: string | null;
  lockdown?: boolean | string | null;
  toolNames?: string | null;
  dynamicToolsets?: boolean | string | null;
}

/** A refused option value; the message names what is known. */
export class ServeOptionError extends Error {
  constructor(
    message: string,
    /** The names that were not known, and the known ones, for a "did you mean". */
    readonly slip?: { typed: string; known: readonly string[] },
  ) {
    super(message);
    this.name = 'ServeOptionError';
  }
}

/** Toolsets served only when named: the events log is `fp server`'s own (the hosted portal answers 404). */
const NAMED_ONLY: ReadonlySet<string> = new Set(['events']);
/** What `fp mcp` serves when no toolset is named. */
const defaultToolsets: readonly string[] = toolsets.filter((t) => !NAMED_ONLY.has(t));

const listOf = (list: string | undefined | null): string[] =>
  (list ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Other names a toolset answers to: the command-line group names. */
const TOOLSET_ALIASES: Readonly<Record<string, string>> = { kb: 'knowledgebase' };

/** The toolset names of a comma-separated list; unknown names are an error naming the known ones. */
export function parseToolsets(list: string | undefined | null): string[] | undefined {
  const names = [...new Set(listOf(list).map((s) => TOOLSET_ALIASES[s] ?? s))];
  if (names.length === 0) return undefined;
  const unknown = names.filter((n) => !toolsets.includes(n));
  if (unknown.length)
    throw new ServeOptionError(`unknown toolset ${unknown.join(', ')}; known: ${toolsets.join(', ')}`, {
      typed: unknown[0],
      known: toolsets,
    });
  return names;
}

const tableNames = tools.map((t) => t.name);

/** Tool names of a comma-separated list, as the table writes them (`posts.list`; `posts_list` too); unknown names refused. */
function parseToolNames(list: string | undefined | null, option: string): string[] | undefined {
  const names = [
    ...new Set(listOf(list).map((s) => tableNames.find((n) => n === s || n.replace('.', '_') === s) ?? s)),
  ];
  if (names.length === 0) return undefined;
  const unknown = names.filter((n) => !tableNames.includes(n));
  if (unknown.length)
    throw new ServeOptionError(`unknown tool ${unknown.join(', ')} in the ${option} list.`, {
      typed: unknown[0],
      known: tableNames,
    });
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
    tools: parseToolNames(written.tools, 'tools'),
    excludeTools: parseToolNames(written.excludeTools, 'exclude-tools'),
    lockdown: flag('lockdown', written.lockdown),
    toolNames: naming as ToolNaming,
    dynamicToolsets: flag('dynamic-toolsets', written.dynamicToolsets),
  };
}

/** A tool as this server lists it: under which name. */
export interface ServedTool {
  name: string;
  tool: ToolDefinition;
}

export function toolName(tool: { name: string }, naming: ToolNaming): string {
  return naming === 'underscore' ? tool.name.replace('.', '_') : tool.name;
}

/**
 * The tools these options offer, in the endpoint table's order (a fixed order, whatever
 * the client): the named toolsets' (the default ones when none is named and no single
 * tool is), plus the single `tools`, less `excludeTools`; read-only keeps only reads.
 * With dynamic toolsets these are the tools an agent may enable.
 */
export function servedTools(options: ServeOptions): ServedTool[] {
  // Single tools alone are all there is, unless toolsets are enabled on demand.
  const sets = options.toolsets ?? (options.tools && !options.dynamicToolsets ? [] : defaultToolsets);
  return tools
    .filter((t) => sets.includes(t.toolset) || options.tools?.includes(t.name))
    .filter((t) => !options.excludeTools?.includes(t.name) && (!options.readOnly || t.readOnly))
    .map((tool) => ({ name: toolName(tool, options.toolNames), tool }));
}
