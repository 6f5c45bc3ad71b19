import { ProtocolError, ProtocolErrorCode, type Server } from '@modelcontextprotocol/server';
import type { ApiClient } from '../client/api-client.js';
import { callTool } from './call-tool.js';
import { ENABLE_TOOLSETS } from './dynamic-toolsets.js';
import { prompts, type PromptDefinition } from './prompts.js';
import { toolName, type ServeOptions, type ServedTool } from './serve-options.js';
import { resultText } from './tool-result.js';

/** The prompts whose tools the server offers (under toolsets, single tools, read-only), in a fixed order. */
export function offeredPrompts(pool: readonly ServedTool[]): PromptDefinition[] {
  return prompts.filter((p) => p.tools.every((name) => pool.some((s) => s.tool.name === name)));
}

/**
 * `prompts/list` and `prompts/get`: each prompt's text names the tools it expects as
 * this server serves them, and carries the answers of its reads as the tools give
 * them: the same results, public text fenced (and withheld under lockdown).
 */
export function servePrompts(
  server: Server,
  offered: readonly PromptDefinition[],
  pool: readonly ServedTool[],
  serve: ServeOptions,
  client: () => ApiClient | Promise<ApiClient>,
): void {
  server.setRequestHandler('prompts/list', () => ({
    prompts: offered.map((p) => ({ name: p.name, title: p.title, description: p.description, arguments: p.arguments })),
  }));
  server.setRequestHandler('prompts/get', async (request) => {
    const prompt = offered.find((p) => p.name === request.params.name);
    if (!prompt) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Unknown prompt: ${request.params.name}`);
    const args = (request.params.arguments ?? {}) as Record<string, string>;
    const missing = prompt.arguments.filter((a) => a.required && !args[a.name]?.trim());
    if (missing.length)
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `${prompt.name} needs the argument ${missing.map((a) => a.name).join(', ')}.`,
      );
    const served = (name: string) => pool.find((s) => s.tool.name === name);
    const t = (name: string) => served(name)?.name ?? toolName({ name }, serve.toolNames);
    let task = prompt.task(args, t);
    if (serve.dynamicToolsets) {
      const sets = [...new Set(prompt.tools.map((n) => served(n)!.tool.toolset))];
      task += `\nFirst enable the toolsets these tools belong to: ${t(ENABLE_TOOLSETS)} with ${JSON.stringify({ toolsets: sets })}.`;
    }
    const api = await client();
    const reads = await Promise.all(
      prompt.reads(args).map(async (read) => {
        const entry = served(read.tool)!;
        const result = await callTool(api, entry.tool, read.args, { lockdown: serve.lockdown });
        if (result.isError)
          throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${entry.name}: ${resultText(result)}`);
        return `${read.label} (the answer of ${entry.name}):\n${resultText(result)}`;
      }),
    );
    return {
      description: prompt.description,
      messages: [task, ...reads].map((text) => ({
        role: 'user' as const,
        content: { type: 'text' as const, text },
      })),
    };
  });
}
