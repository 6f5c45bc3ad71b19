import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { UsageError } from '../../../errors.js';
import type { Factory } from '../../../factory.js';
import { withExamples } from '../../../help.js';
import { removeOnExit } from '../remove-on-exit.js';
import { plural, tabOption } from '../options.js';

export interface ExportOptions {
  tab: number;
  /** Write the ZIP here. */
  output?: string;
  /** Unpack into this folder, replacing its markdown files. */
  dir?: string;
}

export async function exportRun(opts: ExportOptions, f: Factory): Promise<void> {
  if (opts.output !== undefined && opts.dir !== undefined) throw new UsageError('pass either --output or --dir, not both');
  const toStdout = opts.output === undefined && opts.dir === undefined;
  if (toStdout && f.io.stdoutIsTTY) {
    throw new UsageError('refusing to write a ZIP archive to the terminal: pass --output FILE.zip or --dir DIR, or redirect stdout');
  }
  if (opts.dir !== undefined) {
    const info = await stat(opts.dir).catch(() => null);
    if (info && !info.isDirectory()) throw new UsageError(`--dir ${opts.dir} exists and is not a folder`);
  }
  if (opts.output !== undefined) await requireFolder(path.dirname(path.resolve(opts.output)), `cannot write ${opts.output}`);

  const client = await f.client();
  const { openExport, saveToFile, streamTo } = await import('../../../../client/kb-download.js');
  const body = await openExport(client, opts.tab);
  if (toStdout) {
    await streamTo(body, f.io.stdout as unknown as { write(chunk: Uint8Array): unknown });
    return;
  }

  const { countArchive, unzipToDir } = await import('../unzip-to-dir.js');
  const out = await f.output();
  if (opts.output !== undefined) {
    const bytes = await saveToFile(body, opts.output);
    const { sections, articles } = await countArchive(opts.output);
    if (out.format === 'json') out.json({ tab_id: opts.tab, output: opts.output, bytes, sections, articles });
    f.status(`Exported ${plural(articles, 'article')} in ${plural(sections, 'section')} to ${opts.output}`);
    return;
  }

  const dir = opts.dir!;
  const temp = await mkdtemp(path.join(os.tmpdir(), 'fp-kb-export-'));
  const forget = removeOnExit(temp);
  try {
    const zipPath = path.join(temp, 'export.zip');
    await saveToFile(body, zipPath);
    const result = await unzipToDir(zipPath, dir);
    if (out.format === 'json') {
      out.json({ tab_id: opts.tab, dir, sections: result.sections, articles: result.articles, files: result.files, removed: result.removed });
    }
    f.status(`Exported ${plural(result.articles, 'article')} in ${plural(result.sections, 'section')} to ${dir}`);
    if (result.removed.length > 0) {
      f.status(`Removed ${plural(result.removed.length, 'markdown file')} the export no longer has: ${result.removed.join(', ')}`);
    }
  } finally {
    await rm(temp, { recursive: true, force: true });
    forget();
  }
}

async function requireFolder(dir: string, what: string): Promise<void> {
  const info = await stat(dir).catch(() => null);
  if (!info?.isDirectory()) throw new UsageError(`${what}: no such folder ${dir}`);
}

/** `run` is replaceable so tests can check the options a command line parses to. */
export function register(parent: Command, f: Factory, run: typeof exportRun = exportRun): void {
  withExamples(parent.command('export').description('Download the sections and articles of a tab as a ZIP of markdown files'), [
    'fp kb sync export --tab 3 --output help-center.zip',
    'fp kb sync export --tab 3 --dir docs/help   # unpack; markdown files of deleted articles are removed',
    'fp kb sync export --tab 3 > help-center.zip',
  ])
    .addOption(tabOption())
    .option('-o, --output <file>', 'write the ZIP to this file (replaced only once complete)')
    .option('--dir <dir>', 'unpack into this folder, replacing its *.md files and keeping other files such as .git')
    .addHelpText('after', 'Without --output or --dir the ZIP goes to stdout, which must not be a terminal.\n')
    .action((o: { tab: number; output?: string; dir?: string }) => run({ tab: o.tab, output: o.output, dir: o.dir }, f));
}
