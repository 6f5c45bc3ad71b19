import type { Command } from 'commander';
import { bashScript } from '../../completion/bash.js';
import { commandTree } from '../../completion/command-tree.js';
import { fishScript } from '../../completion/fish.js';
import { zshScript } from '../../completion/zsh.js';
import { defineCommand, defineGroup } from '../../framework/define-command.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

const SCRIPTS = { bash: bashScript, zsh: zshScript, fish: fishScript } as const;

/** The script for a shell, generated from the program's own command tree. */
export async function completionScript(root: Command, shell: Shell): Promise<string> {
  return SCRIPTS[shell](commandTree(root));
}

const completion = defineCommand<{ shell: Shell }>({
  name: 'completion',
  description: 'Print a shell completion script',
  args: [{ name: 'shell', description: 'shell to complete for', choices: SHELLS }],
  examples: [
    'fp completion bash > /etc/bash_completion.d/fp',
    'source <(fp completion zsh)',
    'fp completion fish > ~/.config/fish/completions/fp.fish',
  ],
  async run({ opts, command }) {
    return { stream: [await completionScript(command.parent as Command, opts.shell)] };
  },
});

/** `fp completion` is a single command, not a group of verbs. */
export const register: ReturnType<typeof defineGroup>['register'] = (program, f) => completion.register(program, f);
