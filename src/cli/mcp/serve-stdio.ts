import type { Writable } from 'node:stream';
import { serveStdio, StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { ServeOptionError, serveOptions, servedTools, type ServeOptions } from '../../mcp/serve-options.js';
import { createToolServer } from '../../mcp/tool-server.js';
import { didYouMean } from '../resolve/by-name.js';
import { UsageError } from '../errors.js';
import type { Factory } from '../factory.js';

export interface McpOptions {
  readOnly?: boolean;
  toolsets?: string;
  tools?: string;
  excludeTools?: string;
  lockdown?: boolean;
  toolNames?: string;
  dynamicToolsets?: boolean;
}

/** The options, or a usage error with ` Did you mean "posts.list"?` for a name typed with a slip. */
function optionsOf(opts: McpOptions): ServeOptions {
  try {
    return serveOptions(opts);
  } catch (err) {
    if (err instanceof ServeOptionError)
      throw new UsageError(`${err.message}${err.slip ? didYouMean(err.slip.known, err.slip.typed) : ''}`);
    throw err;
  }
}

/**
 * `fp mcp`: an MCP server on stdin/stdout whose tools call the current profile's
 * portal. stdout carries protocol only; everything for people goes to stderr.
 * Resolves when the client closes stdin.
 */
export async function mcpRun(opts: McpOptions, f: Factory): Promise<void> {
  const serve = optionsOf(opts);
  // Credentials are checked before the first message: a missing profile is a usage error now, not a failed tool later.
  const client = await f.client();
  const { stdin, stdout, stderr } = f.io;
  const closed = new Promise<void>((resolve) => {
    if (stdin.readableEnded || stdin.destroyed) resolve();
    stdin.once('end', resolve);
    stdin.once('close', resolve);
  });
  // One agent per process: the toolsets it enables (--dynamic-toolsets) last as long as the process.
  const enabledToolsets = new Set<string>();
  const handle = serveStdio(
    () => createToolServer({ serve, client: () => client, version: f.version, owner: 'stdio', enabledToolsets }),
    {
      transport: new StdioServerTransport(stdin, stdout as Writable),
      onerror: (err) => stderr.write(`error: ${err.message}\n`),
    },
  );
  const count = `${servedTools(serve).length} tools${serve.dynamicToolsets ? ', enabled by toolset on demand,' : ''}`;
  stderr.write(`fp mcp: serving ${count} for ${client.baseUrl} on stdio\n`);
  await closed;
  await handle.close();
}
