import { parseToolsets, ServeOptionError, toolName, type ServeOptions, type ServedTool } from './serve-options.js';
import { errorResult, plainResult, type ToolResult } from './tool-result.js';
import type { JsonSchema } from './output-schema.js';

export const LIST_TOOLSETS = 'toolsets.list';
export const ENABLE_TOOLSETS = 'toolsets.enable';

/** A tool of the server itself (the discovery tools), listed as the endpoint tools are. */
export interface DiscoveryTool {
  name: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
}

const TOOLSET_VIEW: JsonSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    enabled: { type: 'boolean' },
    tools: { type: 'array', items: { type: 'string' } },
  },
  required: ['name', 'enabled', 'tools'],
  additionalProperties: false,
};
const TOOLSETS_ANSWER: JsonSchema = {
  type: 'object',
  properties: { toolsets: { type: 'array', items: TOOLSET_VIEW } },
  required: ['toolsets'],
  additionalProperties: false,
};

const DISCOVERY: readonly Omit<DiscoveryTool, 'name'>[] = [
  {
    description:
      "List the portal's toolsets (endpoint groups), the tools of each and whether it is enabled; enable one with toolsets.enable",
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    outputSchema: TOOLSETS_ANSWER,
  },
  {
    description:
      'Enable toolsets by name (from toolsets.list): their tools are listed from now on, and the tool list changes (notifications/tools/list_changed)',
    inputSchema: {
      type: 'object',
      properties: { toolsets: { type: 'array', items: { type: 'string' }, minItems: 1 } },
      required: ['toolsets'],
      additionalProperties: false,
    },
    outputSchema: TOOLSETS_ANSWER,
  },
];

/** Toolsets enabled per owner: `/mcp` is stateless, so a grant's later requests find what its earlier ones enabled. */
class EnabledToolsets {
  private byOwner = new Map<string, Set<string>>();
  private static readonly KEPT = 1000;

  for(owner: string): Set<string> {
    let set = this.byOwner.get(owner);
    if (!set) {
      if (this.byOwner.size >= EnabledToolsets.KEPT) this.byOwner.delete(this.byOwner.keys().next().value!);
      this.byOwner.set(owner, (set = new Set()));
    }
    return set;
  }
}

/** One store for the process, as tasks have (owner: the stdio session, or one token's grant on `/mcp`). */
export const processToolsets = new EnabledToolsets();

/**
 * `--dynamic-toolsets`: the server lists its two discovery tools (and any single
 * `--tools`) at first; `toolsets.enable` adds a toolset's tools to the list and
 * tells the client the list changed. The selectable tools are those the options
 * offer (toolsets, read-only, exclusions); the enabled toolsets are the owner's.
 */
export class DynamicToolsets {
  readonly discovery: DiscoveryTool[];

  constructor(
    private readonly pool: readonly ServedTool[],
    private readonly options: ServeOptions,
    private readonly enabled: Set<string>,
  ) {
    const names = [LIST_TOOLSETS, ENABLE_TOOLSETS].map((name) => toolName({ name }, options.toolNames));
    this.discovery = DISCOVERY.map((d, i) => ({ ...d, name: names[i] }));
  }

  /** The tools listed now: those of enabled toolsets, and the single tools named. */
  listed(): ServedTool[] {
    return this.pool.filter((s) => this.isEnabled(s));
  }

  isEnabled(served: ServedTool): boolean {
    return this.enabled.has(served.tool.toolset) || this.options.tools?.includes(served.tool.name) === true;
  }

  /** The answer to a call of a tool whose toolset is not enabled yet. */
  notEnabled(served: ServedTool): ToolResult {
    const enable = JSON.stringify({ toolsets: [served.tool.toolset] });
    return errorResult({
      message: `${served.name} is in the toolset ${served.tool.toolset}, which is not enabled: call ${this.discovery[1].name} with ${enable} first.`,
    });
  }

  discoveryTool(name: string): DiscoveryTool | undefined {
    return this.discovery.find((d) => d.name === name);
  }

  /** Run a discovery tool; `changed` is told when the tool list grew. */
  async call(tool: DiscoveryTool, args: Record<string, unknown>, changed: () => Promise<void>): Promise<ToolResult> {
    if (tool === this.discovery[1]) {
      const asked = Array.isArray(args.toolsets) ? args.toolsets.map(String) : [];
      let names: string[];
      try {
        names = parseToolsets(asked.join(',')) ?? [];
      } catch (err) {
        if (err instanceof ServeOptionError) return errorResult({ message: err.message });
        throw err;
      }
      if (names.length === 0) return errorResult({ message: 'Name at least one toolset (toolsets.list lists them).' });
      const offered = new Set(this.pool.map((s) => s.tool.toolset));
      const refused = names.filter((n) => !offered.has(n));
      if (refused.length)
        return errorResult({
          message: `toolset ${refused.join(', ')} is not offered by this server (its options leave it out); offered: ${[...offered].join(', ')}`,
        });
      const before = this.listed().length;
      for (const n of names) this.enabled.add(n);
      if (this.listed().length !== before) await changed();
    }
    return this.answer();
  }

  private answer(): ToolResult {
    const sets = [...new Set(this.pool.map((s) => s.tool.toolset))].map((name) => ({
      name,
      enabled: this.enabled.has(name),
      tools: this.pool.filter((s) => s.tool.toolset === name).map((s) => s.name),
    }));
    const toolsets = { toolsets: sets };
    return plainResult([{ type: 'text', text: JSON.stringify(toolsets) }], toolsets);
  }
}
