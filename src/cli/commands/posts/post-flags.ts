import type { FlagSpec } from '../../framework/flags.js';
import type { IO } from '../../io.js';
import type { EditorTextOptions } from '../../portal-text.js';
import { onlyOne, readTextFile } from '../../read-text.js';
import { bodyFileFlag, editorTextFlags } from '../../text-flags.js';
import { resolveCategory } from '../../resolve/category.js';
import { resolveStatuses } from '../../resolve/status.js';

export interface PostFlags extends EditorTextOptions {
  title?: string;
  description?: string;
  descriptionFile?: string;
  bodyFile?: string;
  /** A category id or name, resolved to its id before the run. */
  category?: unknown;
  /** A status id or name, resolved to its id before the run. */
  status?: unknown;
}

/** What `posts create` and `posts update` share: the four fields of a post, names resolved to ids. */
export const postFlags: FlagSpec[] = [
  { flags: '--title <text>', description: 'title, at most 255 characters', field: 'title' },
  { flags: '--description <text>', description: 'description in markdown (or --input-format html)' },
  { flags: '--description-file <path>', description: 'read the description from a file, - for stdin' },
  bodyFileFlag,
  ...editorTextFlags,
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
    resolve: async (typed, client, _flag, keep, say) =>
      (await resolveStatuses(await client(), [String(typed)], say, keep))[0],
  },
];

/** `--description TEXT`, `--description-file PATH|-` or `--body-file PATH|-`; undefined when none is given. */
export async function readDescription(io: IO, opts: PostFlags): Promise<string | undefined> {
  onlyOne([
    opts.description !== undefined && '--description',
    opts.descriptionFile !== undefined && '--description-file',
    opts.bodyFile !== undefined && '--body-file',
  ]);
  if (opts.description !== undefined) return opts.description;
  if (opts.descriptionFile !== undefined) return readTextFile(io, opts.descriptionFile, '--description-file');
  if (opts.bodyFile !== undefined) return readTextFile(io, opts.bodyFile, '--body-file');
  return undefined;
}
