import { Argument, type Command } from 'commander';
import type { Factory } from '../../factory.js';
import { withExamples } from '../../help.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** The script for a shell, generated from the program's own command tree. */
export async function completionScript(root: Command, shell: Shell): Promise<string> {
  const { commandTree } = await import('../../completion/command-tree.js');
  const tree = commandTree(root);
  if (shell === 'bash') return (await import('../../completion/bash.js')).bashScript(tree);
  if (shell === 'zsh') return (await import('../../completion/zsh.js')).zshScript(tree);
  return (await import('../../completion/fish.js')).fishScript(tree);
}

export function register(program: Command, f: Factory): void {
  withExamples(
    program
      .command('completion')
      .description('Print a shell completion script')
      .addArgument(new Argument('<shell>', 'shell to complete for').choices(SHELLS)),
    ['fp completion bash > /etc/bash_completion.d/fp', 'source <(fp completion zsh)', 'fp completion fish > ~/.config/fish/completions/fp.fish'],
  ).action(async (shell: Shell) => {
    f.io.stdout.write(await completionScript(program, shell));
  });
}
