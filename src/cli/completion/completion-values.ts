import type { Option } from 'commander';

const VALUES = Symbol('completionValues');

/**
 * Values completion offers for an option that accepts more than it lists
 * (the root --format also passes `full|minimal` through to `posts list`).
 */
export function withCompletionValues(option: Option, values: readonly string[]): Option {
  (option as Option & { [VALUES]?: readonly string[] })[VALUES] = values;
  return option;
}

export function completionValues(option: Option): string[] {
  return [...((option as Option & { [VALUES]?: readonly string[] })[VALUES] ?? option.argChoices ?? [])];
}
