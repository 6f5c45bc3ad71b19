import type { Command } from 'commander';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';
import type { McpOptions } from '../../mcp/serve-stdio.js';

export function register(program: Command, f: Factory): void {
  withExamples(
    program
      .command('mcp')
      .description('Serve the portal as MCP tools and prompts on stdin/stdout, for local agents (current profile)'),
    [
      'fp mcp',
      'fp mcp --read-only',
      'fp --profile acme mcp --toolsets moderation,comments',
      'fp mcp --toolsets moderation --tools posts.get --exclude-tools moderation.reject',
      'fp mcp --dynamic-toolsets',
      'fp mcp --lockdown --tool-names underscore',
    ],
  )
    .option('--read-only', 'list and run only the tools that change nothing')
    .option(
      '--toolsets <list>',
      'only these endpoint groups, comma-separated (e.g. moderation,kb); default all but events (fp server only)',
    )
    .option('--tools <list>', 'these single tools too, comma-separated (e.g. posts.get); alone, only these')
    .option('--exclude-tools <list>', 'leave out these tools, comma-separated, whatever selects them')
    .option('--dynamic-toolsets', 'start with toolsets.list and toolsets.enable; the agent enables toolsets as needed')
    .option('--lockdown', 'withhold the text of items not approved and of authors outside the portal team')
    .option('--tool-names <style>', 'dotted (posts.list, the default) or underscore (posts_list)')
    .action(async (o: McpOptions) => {
      const { mcpRun } = await import('../../mcp/serve-stdio.js');
      await mcpRun(o, f);
    });
}
