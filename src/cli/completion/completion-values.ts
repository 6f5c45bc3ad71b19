import type { Option } from 'commander';

const VALUES = Symbol('completionValues');
const SOURCE = Symbol('completionSource');

type Marked = Option & { [VALUES]?: readonly string[]; [SOURCE]?: string };

/**
 * Values completion offers for an option: a fixed list (the root --format also passes
 * `full|minimal` through to `posts list`) and/or a dynamic source such as `profiles`.
 */
export function withCompletionValues(option: Option, values: readonly string[], source?: string): Option {
  if (values.length) (option as Marked)[VALUES] = values;
  if (source) (option as Marked)[SOURCE] = source;
  return option;
}

export function completionValues(option: Option): string[] {
  return [...((option as Marked)[VALUES] ?? option.argChoices ?? [])];
}

/** Where the option's values are found at completion time (`profiles`, `categories`…), if anywhere. */
export function completionSource(option: Option): string | undefined {
  return (option as Marked)[SOURCE];
}
