/**
 * When a failed delivery is tried again: after each delay of the schedule in turn,
 * then it has failed. The default follows the common practice of webhook senders
 * (the portal's own schedule is not public: D-WEBHOOK-RETRIES); `fp server
 * --webhook-retry-schedule 0.2,0.5,1` shortens it for rehearsal.
 */
export const DEFAULT_RETRY_SCHEDULE_S = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600] as const;

export class RetryScheduleError extends Error {}

/** `0.2,0.5,1`: delays in seconds, each above 0 and at most a day. */
export function parseRetrySchedule(text: string): number[] {
  const parts = text.split(',').map((p) => p.trim());
  const delays = parts.map(Number);
  const bad = parts.findIndex(
    (p, i) => p === '' || !Number.isFinite(delays[i]) || delays[i] <= 0 || delays[i] > 86_400,
  );
  if (bad !== -1) {
    throw new RetryScheduleError(
      `invalid retry schedule "${text}": "${parts[bad]}" is not a delay in seconds (above 0, at most 86400), e.g. 0.2,0.5,1`,
    );
  }
  return delays;
}

/** A Retry-After header (seconds or an HTTP date) in milliseconds from `nowMs`; undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/**
 * The wait before attempt `attempt + 1` after `attempt` failed ones, or undefined when
 * the schedule is spent. A Retry-After (429, 503) is honoured within the schedule: the
 * wait is never shorter than it asks, nor longer than the schedule's longest delay.
 */
export function nextDelayMs(scheduleS: readonly number[], attempt: number, retryAfter?: number): number | undefined {
  if (attempt > scheduleS.length) return undefined;
  const planned = scheduleS[attempt - 1] * 1000;
  if (retryAfter === undefined) return planned;
  return Math.min(Math.max(planned, retryAfter), Math.max(...scheduleS) * 1000);
}
