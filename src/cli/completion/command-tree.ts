import type { Argument, Command, Option } from 'commander';
import { completionSource, completionValues } from './completion-values.js';

export interface OptionNode {
  flags: string[];
  takesValue: boolean;
  choices: string[];
  /** Names read live at completion time (see COMPLETION_SOURCES). */
  source?: string;
  description: string;
}

export interface CommandNode {
  /** Words from the root, e.g. ['fp', 'posts', 'list']. */
  path: string[];
  description: string;
  subcommands: CommandNode[];
  options: OptionNode[];
  /** The positional arguments in order: their allowed values and/or where their values are read at completion time. */
  arguments: ArgumentNode[];
}

interface ArgumentNode {
  choices: string[];
  source?: string;
}

function optionNode(o: Option): OptionNode {
  const flags = [o.short, o.long].filter((f): f is string => Boolean(f));
  if (o.negate && o.long) flags.splice(flags.indexOf(o.long), 1, o.long);
  return {
    flags,
    takesValue: o.required || o.optional,
    choices: completionValues(o),
    source: completionSource(o),
    description: o.description,
  };
}

/** A plain tree of the program: what completion scripts are generated from. */
export function commandTree(cmd: Command, parentPath: string[] = []): CommandNode {
  const path = [...parentPath, cmd.name()];
  const args = (cmd as unknown as { registeredArguments?: Argument[] }).registeredArguments ?? [];
  const options = cmd.options.map(optionNode);
  options.push({ flags: ['-h', '--help'], takesValue: false, choices: [], description: 'show help' });
  return {
    path,
    description: cmd.description(),
    subcommands: cmd.commands
      .filter((c) => c.name() !== 'help' && !(c as unknown as { _hidden?: boolean })._hidden)
      .map((c) => commandTree(c, path)),
    options,
    arguments: args.map((a) => ({ choices: completionValues(a), source: completionSource(a) })),
  };
}

export function walk(node: CommandNode, visit: (n: CommandNode) => void): void {
  visit(node);
  for (const s of node.subcommands) walk(s, visit);
}

/** Options of the root apply everywhere (commander reads them after subcommands too). */
export function optionsAt(root: CommandNode, node: CommandNode): OptionNode[] {
  if (node === root) return node.options;
  const own = new Set(node.options.flatMap((o) => o.flags));
  return [...node.options, ...root.options.filter((o) => !o.flags.some((f) => own.has(f)))];
}
