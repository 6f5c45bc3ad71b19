import { EXIT, SilentExit } from '../errors.js';
import type { Factory } from '../factory.js';
import { progressLine } from '../framework/progress.js';
import type { Column, Output } from '../output/output.js';
import { whileInterruptible } from './interruptible.js';
import { runBatch, type BatchRun, type BatchSpec } from './run-batch.js';

export interface DriveSpec<R extends { outcome: string }> {
  ids: readonly string[];
  /** `Approving`, for the progress line: "Approving 3 of 10…". */
  ing: string;
  batch: BatchSpec<R>;
  concurrency: number;
  /** The per-item results for --json, --format ndjson|csv. */
  columns: Column<R>[];
  /** The tally line first, then one line per failure and the retries. */
  summary(results: readonly R[], retries: Record<string, number>): string[];
  /** Outcomes that make the run exit 1. */
  failing: readonly string[];
}

/**
 * A batch as every bulk command runs it: a progress line on a terminal, Ctrl-C stopping new
 * requests, the results to stdout for programs, the tally to stderr; exit 1 when an item failed,
 * 130 when interrupted, and a refused key's error after the tally.
 */
export async function driveBatch<R extends { outcome: string }>(
  f: Factory,
  out: Output,
  spec: DriveSpec<R>,
): Promise<BatchRun<R>> {
  const total = spec.ids.length;
  const line = progressLine(f);
  line?.update(`${spec.ing} 0 of ${total}…`);
  const interrupt = whileInterruptible(() => {
    line?.end();
    f.status('Interrupted: no new requests; waiting for those in flight (Ctrl-C again to quit at once)…');
  });
  let run: BatchRun<R>;
  try {
    run = await runBatch(spec.ids, spec.batch, {
      concurrency: spec.concurrency,
      signal: interrupt.signal,
      onSettled: line && ((done, all) => line.update(`${spec.ing} ${done} of ${all}…`)),
      onNotice: (notice) => {
        line?.end();
        f.status(notice);
      },
    });
  } finally {
    interrupt.dispose();
  }
  line?.end();
  const { results, fatal, interrupted, retries } = run;
  if (fatal !== undefined) {
    // The tally, then the one reason (every failure would repeat it).
    if (results.length) f.status(spec.summary(results, {})[0]);
    throw fatal;
  }
  if (out.machine) await out.list(results, spec.columns);
  for (const l of spec.summary(results, retries)) f.status(l);
  if (interrupted) throw new SilentExit(EXIT.interrupted);
  if (results.some((r) => spec.failing.includes(r.outcome))) throw new SilentExit(EXIT.failure);
  return run;
}
