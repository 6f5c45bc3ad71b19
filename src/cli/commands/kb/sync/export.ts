import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parseSize } from '../../../../client/response-cap.js';
import {
  checkedDownload,
  DEFAULT_EXPORT_LIMITS,
  MAX_RATIO_FLAG,
  MAX_SIZE_FLAG,
  type ExportLimits,
} from '../../../../kb-archive/export-limits.js';
import { InvalidArgumentError } from '../../../framework/flags.js';
import { UsageError } from '../../../errors.js';
import type { Factory } from '../../../factory.js';
import { defineCommand } from '../../../framework/define-command.js';
import type { Ending } from '../../../framework/ending.js';
import type { Output } from '../../../output/output.js';
import { transferProgress } from '../../../framework/transfer-progress.js';
import { removeOnExit } from '../remove-on-exit.js';
import { plural, tabFlag } from '../options.js';
import { eachLimit } from '../each-limit.js';
import { hashRegularFile, readManifest, writeManifest, type SyncManifest } from '../sync-manifest.js';

interface ExportOptions {
  tab: number;
  /** Write the ZIP here. */
  output?: string;
  /** Unpack into this folder, replacing its markdown files. */
  dir?: string;
  /** With --dir: overwrite files changed since the last export or sync. */
  force?: boolean;
  /** The most the export may unpack to, in bytes (--max-size); also the most the download may be. */
  maxBytes?: number;
  /** The most the export may inflate per byte of the archive (--max-ratio). */
  maxRatio?: number;
}

/** An export up to this size is unpacked from memory; a larger one goes through a temp file. */
const IN_MEMORY_ARCHIVE = 32 * 1024 * 1024;

/** Local edits that an export into a folder would overwrite; nothing was changed. */
class LocalChangesError extends Error {
  constructor(
    readonly dir: string,
    readonly paths: string[],
  ) {
    super(
      `refusing to overwrite ${plural(paths.length, 'file')} of ${dir} changed since the last export or sync: ` +
        `${paths.join(', ')} (sync them first with fp kb sync execute, or pass --force to overwrite)`,
    );
    this.name = 'LocalChangesError';
  }
}

async function exportTab(opts: ExportOptions, f: Factory): Promise<Ending> {
  await checkTargets(opts, f);
  const limits: ExportLimits = {
    ...DEFAULT_EXPORT_LIMITS,
    ...(opts.maxBytes !== undefined ? { maxBytes: opts.maxBytes } : {}),
    ...(opts.maxRatio !== undefined ? { maxRatio: opts.maxRatio } : {}),
  };
  const client = await f.client();
  const { openExport, saveToFile } = await import('../../../../client/kb-download.js');
  const download = await openExport(client, opts.tab);
  const body = Readable.from(checkedDownload(download.body, limits.maxBytes, download.declaredBytes), {
    objectMode: false,
  });
  const progress = transferProgress(f, 'Downloading', `tab ${opts.tab}`);
  if (progress) {
    let bytes = 0;
    body.on('data', (chunk: Buffer) => progress.update((bytes += chunk.length)));
    body.once('close', () => progress.end());
  }
  if (opts.output === undefined && opts.dir === undefined) return { stream: body };
  if (opts.dir !== undefined) return exportToDir(body, opts.dir, opts, limits, f);

  const { countArchive } = await import('../unzip-to-dir.js');
  const out = await f.output();
  let counted = { sections: 0, articles: 0 };
  const bytes = await saveToFile(body, opts.output!, async (temp) => {
    counted = await countArchive(temp, limits);
  });
  const { sections, articles } = counted;
  return exported(f, out, { tab_id: opts.tab, output: opts.output, bytes, sections, articles }, [
    `Exported ${plural(articles, 'article')} in ${plural(sections, 'section')} to ${opts.output}`,
  ]);
}

/** What an export wrote: its record for --json (through --jq), then, on stderr for everyone, what was done. */
function exported(f: Factory, out: Output, record: Record<string, unknown>, said: string[]): Ending {
  return {
    stream: out.format === 'json' ? [{ json: record }] : [],
    after: () => said.forEach((line) => f.status(line)),
  };
}

/** One place to write to, and one that can be written, before anything is downloaded. */
async function checkTargets(opts: ExportOptions, f: Factory): Promise<void> {
  if (opts.output !== undefined && opts.dir !== undefined)
    throw new UsageError('pass either --output or --dir, not both');
  if (opts.output === undefined && opts.dir === undefined && f.io.stdoutIsTTY) {
    throw new UsageError(
      'refusing to write a ZIP archive to the terminal: pass --output FILE.zip or --dir DIR, or redirect stdout',
    );
  }
  if (opts.dir !== undefined) {
    const info = await stat(opts.dir).catch(() => null);
    if (info && !info.isDirectory()) throw new UsageError(`--dir ${opts.dir} exists and is not a folder`);
  }
  if (opts.output !== undefined)
    await requireFolder(path.dirname(path.resolve(opts.output)), `cannot write ${opts.output}`);
}

/** Unpacks the export into `dir`, refusing to overwrite local edits unless --force. */
async function exportToDir(
  body: Readable,
  dir: string,
  opts: ExportOptions,
  limits: ExportLimits,
  f: Factory,
): Promise<Ending> {
  const { holdOrSpill } = await import('../../../../client/kb-download.js');
  const { unzipToDir } = await import('../unzip-to-dir.js');
  const out = await f.output();
  let temp: { path: string; forget: () => void } | undefined;
  try {
    // A usual export is a few MB: held in memory, it is unpacked without a file round trip.
    const archive = await holdOrSpill(body, IN_MEMORY_ARCHIVE, async () => {
      const made = await mkdtemp(path.join(os.tmpdir(), 'fp-kb-export-'));
      temp = { path: made, forget: removeOnExit(made) };
      return path.join(made, 'export.zip');
    });
    const manifest = await readManifest(dir).catch((err: unknown) => {
      if (opts.force) return null;
      throw err;
    });
    const result = await unzipToDir(archive, dir, {
      limits,
      beforeReplacing: opts.force
        ? undefined
        : (incoming, replaced) => refuseLocalChanges(dir, opts.tab, manifest, incoming, replaced),
    });
    await writeManifest(dir, opts.tab, result.hashes);
    const { sections, articles, files, removed } = result;
    const said = [`Exported ${plural(articles, 'article')} in ${plural(sections, 'section')} to ${dir}`];
    if (removed.length > 0) {
      const what = removed.every((p) => p.toLowerCase().endsWith('.md')) ? 'markdown file' : 'file';
      said.push(`Removed ${plural(removed.length, what)} the export no longer has: ${removed.join(', ')}`);
    }
    return exported(f, out, { tab_id: opts.tab, dir, sections, articles, files, removed }, said);
  } finally {
    const made = temp as { path: string; forget: () => void } | undefined;
    if (made) {
      await rm(made.path, { recursive: true, force: true });
      made.forget();
    }
  }
}

/**
 * A file the export would replace or remove is safe when it is as the last
 * export or sync left it (the manifest's hash), or already what the export
 * brings. Anything else is a local edit. Resolves to the hashes it read, so
 * that files already as the export brings them are not written again.
 */
async function refuseLocalChanges(
  dir: string,
  tab: number,
  manifest: SyncManifest | null,
  incoming: Map<string, string>,
  replaced: string[],
): Promise<Map<string, string>> {
  const known = manifest !== null && manifest.tab_id === tab ? manifest.files : {};
  const current = new Map<string, string>();
  const edited: string[] = [];
  await eachLimit(replaced, 16, async (p) => {
    const hash = await hashRegularFile(path.join(dir, ...p.split('/')));
    // Only regular files are read: a symbolic link is never followed out of the folder, and is not replaced unasked.
    if (hash === 'not a regular file') edited.push(p);
    else if (hash !== null) {
      current.set(p, hash);
      if (hash !== known[p] && hash !== incoming.get(p)) edited.push(p);
    }
  });
  if (edited.length > 0) throw new LocalChangesError(dir, edited.sort());
  return current;
}

async function requireFolder(dir: string, what: string): Promise<void> {
  const info = await stat(dir).catch(() => null);
  if (!info?.isDirectory()) throw new UsageError(`${what}: no such folder ${dir}`);
}

function parseSizeFlag(value: string): number {
  const bytes = parseSize(value);
  if (bytes === undefined) throw new InvalidArgumentError('expected a size like 2GB or 500MB');
  return bytes;
}

function parseRatioFlag(value: string): number {
  const ratio = Number(value);
  if (!Number.isFinite(ratio) || ratio < 1) throw new InvalidArgumentError('expected a number of 1 or more');
  return ratio;
}

export default defineCommand<{
  tab: number;
  output?: string;
  dir?: string;
  force?: boolean;
  maxSize?: number;
  maxRatio?: number;
}>({
  name: 'export',
  description: 'Download the sections and articles of a tab as a ZIP of markdown files',
  flags: [
    tabFlag,
    { flags: '-o, --output <file>', description: 'write the ZIP to this file (replaced only once complete)' },
    {
      flags: '--dir <dir>',
      description: 'unpack into this folder, replacing its *.md files and keeping other files such as .git',
    },
    {
      flags: '--force',
      description:
        'with --dir: overwrite files changed since the last export or sync (refused otherwise, listing them)',
    },
    {
      flags: `${MAX_SIZE_FLAG} <size>`,
      description: 'refuse an export that downloads or unpacks to more than this (default 1GB)',
      parse: parseSizeFlag,
    },
    {
      flags: `${MAX_RATIO_FLAG} <n>`,
      description: 'refuse an export whose files inflate more than N times the archive (default 100)',
      parse: parseRatioFlag,
    },
  ],
  examples: [
    'fp kb sync export --tab 4 --output help-center.zip',
    'fp kb sync export --tab 4 --dir docs/help   # unpack; markdown files of deleted articles are removed',
    'fp kb sync export --tab 4 > help-center.zip',
  ],
  help:
    'Without --output or --dir the ZIP goes to stdout, which must not be a terminal.\n' +
    'With --dir, the folder gets a sync manifest (.fp-sync.json) with the hash of every file written.\n' +
    'An export is refused, with nothing written, when it is not a ZIP, downloads or unpacks to more than\n' +
    '--max-size, inflates more than --max-ratio times its size (past 1 MB), has more than 10,000 entries,\n' +
    'or names one file twice (also when two names differ only in case).',
  run: ({ opts, f }) =>
    exportTab(
      {
        tab: opts.tab,
        output: opts.output,
        dir: opts.dir,
        ...(opts.force ? { force: true } : {}),
        ...(opts.maxSize !== undefined ? { maxBytes: opts.maxSize } : {}),
        ...(opts.maxRatio !== undefined ? { maxRatio: opts.maxRatio } : {}),
      },
      f,
    ),
});
