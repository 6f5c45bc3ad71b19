import { describe, expect, it } from 'vitest';
import { inWords } from '../../../../src/cli/bulk/item-error.js';
import { runBatch } from '../../../../src/cli/bulk/run-batch.js';
import {
  classifyFailure,
  moderationBatch,
  summaryLines,
  type BulkResult,
  type ModerationAction,
} from '../../../../src/cli/commands/moderation/bulk.js';
import type { ApiClient } from '../../../../src/client/api-client.js';
import type { ModerationType } from '../../../../src/contract/schemas/moderation.js';
import { ApiError, NetworkError } from '../../../../src/client/errors.js';

describe('classifyFailure', () => {
  it('a 422 saying the item is already in the target state is a skip', () => {
    expect(classifyFailure('approve', new ApiError(422, 'The comment is already approved.'))).toEqual({
      outcome: 'skipped',
      message: 'The comment is already approved.',
    });
    expect(classifyFailure('reject', new ApiError(422, 'The post is already rejected.')).outcome).toBe('skipped');
  });

  it('the other final state is a failure', () => {
    expect(classifyFailure('approve', new ApiError(422, 'The comment is already rejected.'))).toEqual({
      outcome: 'failed',
      message: 'The comment is already rejected. (422)',
    });
    expect(classifyFailure('reject', new ApiError(422, 'The post is already approved.')).outcome).toBe('failed');
  });

  it('not found and network errors are failures with their message', () => {
    expect(
      classifyFailure('approve', new ApiError(404, 'No query results for model [App\\Models\\Comment] 999')),
    ).toEqual({
      outcome: 'failed',
      message: 'No query results for model [App\\Models\\Comment] 999 (404)',
    });
    expect(classifyFailure('approve', new NetworkError('connection refused'))).toEqual({
      outcome: 'failed',
      message: 'connection refused',
    });
  });
});

describe('summaryLines', () => {
  it('counts each outcome and lists every failure', () => {
    const results: BulkResult[] = [
      { type: 'comment', id: 1, outcome: 'approved', message: 'Comment approved successfully' },
      { type: 'comment', id: 2, outcome: 'skipped', message: 'The comment is already approved.' },
      {
        type: 'comment',
        id: 999,
        outcome: 'failed',
        message: 'No query results for model [App\\Models\\Comment] 999 (404)',
      },
    ];
    expect(summaryLines('approve', results)).toEqual([
      'Approved 1, skipped 1 (already approved), failed 1',
      '  comment 999 not found (404)',
    ]);
    expect(summaryLines('reject', [])).toEqual(['Rejected 0, skipped 0 (already rejected), failed 0']);
  });

  it("a failure in people's words: an unknown item as fp says it, any other message as sent (the review says it so too)", () => {
    expect(inWords('No query results for model [App\\Models\\Post] zzzzz (404)')).toBe('post zzzzz not found (404)');
    expect(inWords('The comment is already rejected. (422)')).toBe('The comment is already rejected. (422)');
  });

  it('adds the items an interrupted run never sent, and the retries by cause', () => {
    const results: BulkResult[] = [
      { type: 'post', id: 'a', outcome: 'approved', message: 'Post approved successfully' },
      { type: 'post', id: 'b', outcome: 'not-tried', message: 'not tried: interrupted' },
    ];
    expect(summaryLines('approve', results, { '503': 4, '429': 2, connection: 1 })).toEqual([
      'Approved 1, skipped 0 (already approved), failed 0, not tried 1',
      'Retried 7 requests (429: 2, 503: 4, connection: 1)',
    ]);
  });
});

/** A client whose answers the test releases by hand, so in-flight requests can be counted without timing. */
function gatedClient() {
  const waiting: Array<{ id: string; release: () => void }> = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const client = {
    async call(_name: string, args: { params: { identifier: string } }) {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise<void>((release) => waiting.push({ id: args.params.identifier, release }));
      inFlight--;
      if (args.params.identifier === 'bad') throw new ApiError(404, 'No query results');
      return { message: 'Comment approved successfully', data: {} };
    },
  } as unknown as ApiClient;
  return { client, waiting, max: () => maxInFlight };
}

const tick = () => new Promise((r) => setImmediate(r));

/** Every id moderated once: the batch fp moderation approve and reject run. */
const moderateAll = (
  client: ApiClient,
  action: ModerationAction,
  type: ModerationType,
  ids: readonly string[],
  opts: Parameters<typeof runBatch>[2],
) => runBatch(ids, moderationBatch(client, action, type), opts);

describe('the moderation batch', () => {
  it('keeps at most --concurrency requests in flight and reports every id in input order', async () => {
    const gate = gatedClient();
    const ids = ['1', '2', '3', '4', '5', '6', '7'];
    const settled: number[] = [];
    const run = moderateAll(gate.client, 'approve', 'comment', ids, {
      concurrency: 3,
      onSettled: (done) => settled.push(done),
    });
    await tick();
    expect(gate.waiting.map((w) => w.id)).toEqual(['1', '2', '3']);
    // release out of order: results still come back in input order
    while (gate.waiting.length) {
      gate.waiting.pop()!.release();
      await tick();
    }
    const { results, fatal } = await run;
    expect(fatal).toBeUndefined();
    expect(gate.max()).toBe(3);
    expect(results.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(settled).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('a failed item does not stop the others', async () => {
    const gate = gatedClient();
    const run = moderateAll(gate.client, 'approve', 'post', ['a', 'bad', 'c'], { concurrency: 1 });
    for (let i = 0; i < 3; i++) {
      await tick();
      gate.waiting.shift()!.release();
    }
    const { results } = await run;
    expect(results.map((r) => [r.id, r.outcome])).toEqual([
      ['a', 'approved'],
      ['bad', 'failed'],
      ['c', 'approved'],
    ]);
  });

  it('an abort (Ctrl-C) starts no new request, lets those in flight finish and reports the rest as not tried', async () => {
    const gate = gatedClient();
    const stop = new AbortController();
    const run = moderateAll(gate.client, 'approve', 'comment', ['1', '2', '3', '4', '5'], {
      concurrency: 2,
      signal: stop.signal,
    });
    await tick();
    expect(gate.waiting.map((w) => w.id)).toEqual(['1', '2']);
    stop.abort();
    gate.waiting.shift()!.release();
    await tick();
    expect(gate.waiting.map((w) => w.id)).toEqual(['2']);
    gate.waiting.shift()!.release();
    const { results, interrupted } = await run;
    expect(interrupted).toBe(true);
    expect(results.map((r) => [r.id, r.outcome])).toEqual([
      [1, 'approved'],
      [2, 'approved'],
      [3, 'not-tried'],
      [4, 'not-tried'],
      [5, 'not-tried'],
    ]);
  });

  it('answers of 429 lower the requests in flight and say so', async () => {
    const waiting: Array<() => void> = [];
    let inFlight = 0;
    const inFlightAtStart: number[] = [];
    const client = {
      async call(_name: string, _args: unknown, options: { onRetry: (n: object) => void }) {
        inFlightAtStart.push(++inFlight);
        // Each request met two 429s before it went through.
        for (let i = 0; i < 2; i++)
          options.onRetry({
            method: 'POST',
            path: '/x',
            status: 429,
            attempt: i + 2,
            waitMs: 1000,
            reason: '429 Too Many Requests',
          });
        await new Promise<void>((release) => waiting.push(release));
        inFlight--;
        return { message: 'Comment approved successfully', data: {} };
      },
    } as unknown as ApiClient;
    const notices: string[] = [];
    const run = moderateAll(client, 'approve', 'comment', ['1', '2', '3', '4', '5', '6', '7', '8'], {
      concurrency: 4,
      onNotice: (l) => notices.push(l),
    });
    while (waiting.length || inFlight) {
      await tick();
      waiting.shift()?.();
    }
    const { results, retries } = await run;
    expect(results.every((r) => r.outcome === 'approved')).toBe(true);
    expect(inFlightAtStart.slice(0, 4)).toEqual([1, 2, 3, 4]);
    expect(Math.max(...inFlightAtStart.slice(4))).toBeLessThanOrEqual(2);
    expect(notices[0]).toBe('rate limited (429): now 2 requests at a time');
    expect(retries).toEqual({ '429': 16 });
  });

  it('a 401 or 403 stops the batch: no more ids are tried', async () => {
    const tried: string[] = [];
    const client = {
      async call(_name: string, args: { params: { identifier: string } }) {
        tried.push(args.params.identifier);
        throw new ApiError(403, 'This action is unauthorized.');
      },
    } as unknown as ApiClient;
    const { results, fatal } = await moderateAll(client, 'reject', 'comment', ['1', '2', '3', '4'], { concurrency: 2 });
    expect(fatal).toBeInstanceOf(ApiError);
    expect(tried).toEqual(['1', '2']);
    // Every id is in the tally once, the ones never sent included.
    expect(results.map((r) => [r.id, r.outcome, r.message])).toEqual([
      [1, 'failed', 'This action is unauthorized. (403)'],
      [2, 'failed', 'This action is unauthorized. (403)'],
      [3, 'not-tried', 'not tried: the key was refused'],
      [4, 'not-tried', 'not tried: the key was refused'],
    ]);
  });
});
