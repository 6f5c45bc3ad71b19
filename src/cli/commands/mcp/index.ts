import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';

export function register(program: Command, f: Factory): void {
  withExamples(
    program
      .command('mcp')
      .description('Serve the portal as MCP tools on stdin/stdout, for local agents (current profile)'),
    [
      'fp mcp',
      'fp mcp --read-only',
      'fp --profile acme mcp --toolsets moderation,comments',
      'fp mcp --lockdown --tool-names underscore',
    ],
  )
    .option('--read-only', 'list and run only the tools that change nothing')
    .option('--toolsets <list>', 'only these endpoint groups, comma-separated (e.g. moderation,kb); default all')
    .option('--lockdown', 'withhold the text of items not approved and of authors outside the portal team')
    .option('--tool-names <style>', 'dotted (posts.list, the default) or underscore (posts_list)')
    .action(async (o: { readOnly?: boolean; toolsets?: string; lockdown?: boolean; toolNames?: string }) => {
      const { mcpRun } = await import('../../mcp/serve-stdio.js');
      await mcpRun(o, f);
    });
}
