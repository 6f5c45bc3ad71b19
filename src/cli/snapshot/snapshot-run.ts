import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { ApiError } from '../../client/errors.js';
import { UsageError } from '../errors.js';
import type { Factory } from '../factory.js';
import { Anonymizer } from './anonymizer.js';
import { crawlPortal, freshState, type CrawlState } from './crawl.js';
import { Journal } from './journal.js';
import { pacedClient, type PacedClient } from './paced-client.js';
import { Pacer, type Rate } from './pacer.js';
import { claimLine } from '../framework/line-owner.js';
import { requestSpinner } from '../framework/request-spinner.js';
import { inCI } from '../io.js';
import { counted } from '../output/counted.js';
import { ProgressLine, formatDuration } from './progress-line.js';
import { rehearsalPort } from './rehearsal-port.js';
import { SNAPSHOT_PARTS, type SnapshotPart } from './records.js';
import { UserBook } from './user-book.js';
import type { SnapshotCounts } from './seed-header.js';
import { writeSeed } from './write-seed.js';

export interface SnapshotOptions {
  output: string;
  kbTabs: number[];
  anonymize: boolean;
  include: SnapshotPart[];
  resume: boolean;
  /** null: no pacing (a local server). */
  rate: Rate | null;
}

/** The environment variable that keys `--anonymize` pseudonyms (the same salt gives the same pseudonyms). */
const SALT_ENV = 'FP_SNAPSHOT_SALT';

const partialDirOf = (output: string) => `${output}.partial`;

/**
 * Crawls the portal into a journal beside the output (kept when the crawl stops, to resume),
 * then writes the seed file from it and says what it wrote and the copy's new key.
 */
export async function snapshotRun(opts: SnapshotOptions, f: Factory): Promise<void> {
  const output = checkedOutput(opts.output);
  const partialDir = partialDirOf(opts.output);
  const { journal, resumed } = openJournal(opts, f, partialDir);
  const paced = pacedClient(await f.client(), new Pacer(opts.rate), {
    startCount: journal.state.requests,
    onWait: (seconds) => f.status(`Rate limited: waiting ${seconds}s as the server asks.`),
  });
  const progress = new ProgressLine(
    (t) => f.io.stderr.write(t),
    f.io.stderrIsTTY && !inCI(f.io),
    paced.requests,
    opts.rate,
  );
  // A status line (a rate-limit wait) erases the progress line first; the next tick redraws it.
  const giveUpLine = claimLine(f.io, () => progress.clear());
  // The progress line shows the crawl going on: no request spinner over it.
  requestSpinner(f.io)?.hold();
  const onInterrupt = () => {
    progress.clear();
    f.status(
      `Interrupted. The partial snapshot is kept in ${partialDir}; run the same command with --resume to continue.`,
    );
    process.exit(130);
  };
  // Before the launcher's own handler, which exits at once.
  process.prependOnceListener('SIGINT', onInterrupt);
  const started = Date.now();
  const startRequests = journal.state.requests;
  try {
    if (resumed) await checkSamePortal(journal, paced, partialDir);
    const users = await UserBook.load(journal);
    await crawlPortal({ journal, client: paced.client, users, progress, requests: paced.requests, dir: partialDir });
    journal.state.requests = paced.requests();
    journal.commit();
    progress.clear();
    const { token, counts } = await writeCopy(journal, users, opts, f, output);
    journal.remove();
    const took = `${counted(paced.requests() - startRequests, 'request')} in ${formatDuration(Date.now() - started)}`;
    await reportWritten(f, opts.output, counts, token, took);
  } catch (err) {
    progress.clear();
    journal.close();
    throw failureOf(err, f, partialDir);
  } finally {
    giveUpLine();
    process.off('SIGINT', onInterrupt);
  }
}

/** The output's absolute path, once its folder is known to exist. */
function checkedOutput(given: string): string {
  const output = path.resolve(given);
  const folder = path.dirname(output);
  if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory())
    throw new UsageError(`cannot write ${given}: ${folder} is not a folder`);
  return output;
}

/** The journal of a partial snapshot to resume (with the same options only), or a new one. */
function openJournal(
  opts: SnapshotOptions,
  f: Factory,
  partialDir: string,
): { journal: Journal<CrawlState>; resumed: boolean } {
  const wanted: CrawlState['options'] = {
    include: SNAPSHOT_PARTS.filter((p) => opts.include.includes(p)),
    kb_tabs: [...new Set(opts.kbTabs)],
    anonymize: opts.anonymize,
  };
  if (Journal.exists(partialDir)) {
    if (!opts.resume) {
      throw new UsageError(
        `a partial snapshot is waiting in ${partialDir}: add --resume to continue it, or remove that folder to start over`,
      );
    }
    const journal = Journal.open<CrawlState>(partialDir);
    if (JSON.stringify(journal.state.options) !== JSON.stringify(wanted)) {
      journal.close();
      const was = journal.state.options;
      throw new UsageError(
        `the partial snapshot in ${partialDir} was started with other options (--include ${was.include.join(',')}` +
          `${was.kb_tabs.map((t) => ` --kb-tab ${t}`).join('')}${was.anonymize ? ' --anonymize' : ''}): resume it with those, or remove the folder`,
      );
    }
    return { journal, resumed: true };
  }
  const state = freshState(wanted, new Date());
  if (opts.anonymize && !f.io.env[SALT_ENV]) state.salt = randomBytes(32).toString('hex');
  const journal = Journal.create(partialDir, state);
  if (opts.resume) f.status(`Nothing to resume in ${partialDir}: starting a new snapshot.`);
  return { journal, resumed: false };
}

/** A resumed snapshot goes on only against the portal it started on. */
async function checkSamePortal(journal: Journal<CrawlState>, paced: PacedClient, partialDir: string): Promise<void> {
  const portal = journal.state.portal;
  if (!portal) return;
  const { data } = await paced.client.call('portal.get', {});
  if (data.guid !== portal.guid) {
    throw new UsageError(
      `the partial snapshot in ${partialDir} is of another portal ("${portal.title}"): remove the folder to start over`,
    );
  }
}

/** The seed file from the finished journal, with a new key of its own and pseudonyms if asked. */
async function writeCopy(
  journal: Journal<CrawlState>,
  users: UserBook,
  opts: SnapshotOptions,
  f: Factory,
  output: string,
): Promise<{ token: string; counts: SnapshotCounts }> {
  const token = `fp_snap_${randomBytes(18).toString('base64url')}`;
  const salt = f.io.env[SALT_ENV] || journal.state.salt;
  const counts = await writeSeed(journal, users, {
    output,
    token,
    anonymizer: opts.anonymize && salt ? new Anonymizer(salt) : undefined,
    tool: `fp ${f.version}`,
    now: new Date(),
  });
  return { token, counts };
}

async function reportWritten(f: Factory, output: string, counts: SnapshotCounts, token: string, took: string) {
  const parts = [
    counted(counts.posts, 'post'),
    counted(counts.comments, 'comment'),
    counted(counts.users, 'user'),
    counted(counts.categories, 'category', 'categories'),
    counted(counts.groups, 'group'),
    counted(counts.feedback, 'feedback entry', 'feedback entries'),
  ];
  f.status(`Wrote ${output}: ${parts.join(', ')} (${took}).`);
  f.status(`API key of the copy (shown once): ${token}`);
  // A free port beside the source's: the copy can run while the source does.
  const port = await rehearsalPort((await f.credentials()).baseUrl);
  f.status(
    port
      ? `Rehearse with: fp server --seed ${output} --port ${port}   (answers on http://127.0.0.1:${port})`
      : `Rehearse with: fp server --seed ${output} --port 0   (prints the address it answers on)`,
  );
}

/** What a failed crawl or write says on stderr, and the error it ends with: the partial snapshot is kept. */
function failureOf(err: unknown, f: Factory, partialDir: string): unknown {
  if (err instanceof UsageError) return err;
  if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
    f.status(
      "The API key was refused: check that it is valid and not expired, and that the portal's plan includes API access.",
    );
  }
  f.status(
    `The partial snapshot is kept in ${partialDir} (incomplete); run the same command with --resume to continue.`,
  );
  if ((err as NodeJS.ErrnoException)?.code === 'ENOSPC') {
    return new Error(
      `no space left on the device while writing the snapshot: free some space, then run again with --resume`,
      { cause: err },
    );
  }
  return err;
}
