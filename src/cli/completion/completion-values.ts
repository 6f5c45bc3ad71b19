import type { Argument, Option } from 'commander';

const VALUES = Symbol('completionValues');
const SOURCE = Symbol('completionSource');

type Marked = { argChoices?: string[]; [VALUES]?: readonly string[]; [SOURCE]?: string };

/**
 * Values completion offers for an option: a fixed list (the root --format also passes
 * `full|minimal` through to `posts list`) and/or a dynamic source such as `profiles`.
 */
export function withCompletionValues<T extends Option | Argument>(
  option: T,
  values: readonly string[],
  source?: string,
): T {
  if (values.length) (option as Marked)[VALUES] = values;
  if (source) (option as Marked)[SOURCE] = source;
  return option;
}

export function completionValues(option: Option | Argument): string[] {
  return [...((option as Marked)[VALUES] ?? (option as Marked).argChoices ?? [])];
}

/** Where the values of an option or argument are found at completion time (`profiles`, `categories`…), if anywhere. */
export function completionSource(option: Option | Argument): string | undefined {
  return (option as Marked)[SOURCE];
}

/**
 * The fp command that prints a source's names, one a line, read at completion time:
 * profiles from the local store; category, group, status and user names, tab slugs and post keys as the last list showed them.
 */
export const COMPLETION_SOURCES: Record<string, string> = {
  profiles: '__complete profiles',
  categories: '__complete categories',
  groups: '__complete groups',
  posts: '__complete posts',
  statuses: '__complete statuses',
  tabs: '__complete tabs',
  'kb-tabs': '__complete kb-tabs',
  tags: '__complete tags',
  sections: '__complete sections',
  users: '__complete users',
};
