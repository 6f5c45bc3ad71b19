import { readFile } from 'node:fs/promises';
import { UsageError } from '../../errors.js';
import type { FlagSpec } from '../../framework/flags.js';
import type { IO } from '../../io.js';
import { readStdinText } from '../../read-text.js';
import { resolveCategory } from '../../resolve/category.js';
import { resolveStatuses } from '../../resolve/status.js';

export interface PostFlags {
  title?: string;
  description?: string;
  descriptionFile?: string;
  /** A category id or name, resolved to its id before the run. */
  category?: unknown;
  /** A status id or name, resolved to its id before the run. */
  status?: unknown;
}

/** What `posts create` and `posts update` share: the four fields of a post, names resolved to ids. */
export const postFlags: FlagSpec[] = [
  { flags: '--title <text>', description: 'title, at most 255 characters', field: 'title' },
  { flags: '--description <text>', description: 'description (HTML or markdown per the portal editor)' },
  { flags: '--description-file <path>', description: 'read the description from a file, - for stdin' },
  {
    flags: '--category <id|name>',
    description: 'category id or unique name',
    field: 'category_id',
    complete: 'categories',
    resolve: async (typed, client) => (await resolveCategory(await client(), String(typed))).id,
  },
  {
    flags: '--status <id|name>',
    description: "status id or name (the post moves to the status's board)",
    field: 'status_id',
    complete: 'statuses',
    resolve: async (typed, client, _flag, _keep, say) =>
      (await resolveStatuses(await client(), [String(typed)], say))[0],
  },
];

/** `--description TEXT` or `--description-file PATH|-`; undefined when neither is given. */
export async function readDescription(io: IO, opts: PostFlags): Promise<string | undefined> {
  if (opts.description !== undefined && opts.descriptionFile !== undefined)
    throw new UsageError('use either --description or --description-file, not both');
  if (opts.description !== undefined) return opts.description;
  if (opts.descriptionFile === undefined) return undefined;
  if (opts.descriptionFile === '-') return readStdinText(io);
  try {
    return (await readFile(opts.descriptionFile, 'utf8')).replace(/\r?\n$/, '');
  } catch (err) {
    throw new UsageError(
      `cannot read --description-file ${opts.descriptionFile}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
}
