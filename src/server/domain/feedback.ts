import type { Feedback, FeedbackSummarizeBody } from '../../contract/schemas/feedback.js';
import { isoMicros } from '../present/user.js';
import type { FeedbackRecord, PortalState } from '../store/state.js';
import { noQueryResults, ValidationError } from './errors.js';
import { summarizeFeedback, type FeedbackSummary } from './summarize-feedback.js';

export function presentFeedback(f: FeedbackRecord): Feedback {
  return {
    id: f.id,
    type: f.type,
    feedback: f.feedback,
    user_id: f.user_id,
    source: f.source,
    widget_id: f.widget_id,
    created_at: isoMicros(f.created_at),
    updated_at: isoMicros(f.updated_at),
  };
}

/** Newest first; entries created in the same instant keep the later one first. */
export function listFeedback(portal: PortalState): FeedbackRecord[] {
  return portal.feedback
    .map((f, i) => ({ f, i, t: Date.parse(f.created_at) }))
    .sort((a, b) => b.t - a.t || b.i - a.i)
    .map(({ f }) => f);
}

export function findFeedback(portal: PortalState, id: string): FeedbackRecord {
  const entry = portal.feedback.find((f) => f.id === id);
  if (!entry) throw noQueryResults('Feedback', id);
  return entry;
}

/** `fb-<n>`, one past the highest number in use, so deleted ids are not handed out again while a higher one lives. */
function nextFeedbackId(portal: PortalState): string {
  let max = 0;
  for (const f of portal.feedback) {
    const m = /^fb-(\d+)$/.exec(f.id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  let n = max + 1;
  while (portal.feedback.some((f) => f.id === `fb-${n}`)) n++;
  return `fb-${n}`;
}

/**
 * The author: the given user when it exists at this portal; otherwise the key's
 * owner, which for an API key is the portal's first admin; with no admin, an
 * anonymous author (null).
 */
export function feedbackAuthor(portal: PortalState, userId: string | null | undefined): string | null {
  if (userId) {
    const key = userId.toLowerCase();
    const user = portal.users.find((u) => u.id.toLowerCase() === key);
    if (user) return user.id;
  }
  return portal.users.find((u) => u.role === 'admin')?.id ?? null;
}

export function createFeedback(
  portal: PortalState,
  input: { type: string; feedback: string; user_id?: string | null },
  now: Date,
): FeedbackRecord {
  const stamp = now.toISOString();
  const entry: FeedbackRecord = {
    id: nextFeedbackId(portal),
    type: input.type,
    feedback: input.feedback,
    user_id: feedbackAuthor(portal, input.user_id),
    source: null,
    widget_id: null,
    created_at: stamp,
    updated_at: stamp,
  };
  portal.feedback.push(entry);
  return entry;
}

export function updateFeedback(portal: PortalState, id: string, input: { feedback: string }, now: Date): FeedbackRecord {
  const entry = findFeedback(portal, id);
  if (entry.feedback !== input.feedback) {
    entry.feedback = input.feedback;
    entry.updated_at = now.toISOString();
  }
  return entry;
}

export function deleteFeedback(portal: PortalState, id: string): void {
  const entry = findFeedback(portal, id);
  portal.feedback = portal.feedback.filter((f) => f !== entry);
}

/** The portal's entries summarised under the request's filters. */
export function summarizePortalFeedback(portal: PortalState, filters: FeedbackSummarizeBody): FeedbackSummary {
  try {
    return summarizeFeedback(portal.feedback, filters);
  } catch (err) {
    // The request schema already checks dates; this keeps a date it let through from becoming a 500.
    if (err instanceof RangeError) {
      const field = err.message.startsWith('created_to') ? 'created_to' : 'created_from';
      throw ValidationError.field(field, `The ${field.replace('_', ' ')} field must be a valid date.`);
    }
    throw err;
  }
}
