import type { KeepNames } from '../framework/flags.js';
import { resolveUser } from './user.js';

/** The `resolve` step of a `--user` flag: a UUID, e-mail, name or integer id becomes what the API takes. */
export const userFlagResolve = (
  typed: unknown,
  client: Parameters<typeof resolveUser>[0],
  flag: string,
  keep: KeepNames,
  say?: (line: string) => void,
) => resolveUser(client, String(typed), flag, keep, say);
