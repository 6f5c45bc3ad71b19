import type { FeedbackSummarizeBody } from '../../contract/schemas/feedback.js';
import type { FeedbackRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';
import { noQueryResults, ValidationError } from './errors.js';
import { summarizeFeedback, type FeedbackSummary } from './summarize-feedback.js';

/** Newest first; entries created in the same instant keep the later one first. */
export function listFeedback(portal: Portal): FeedbackRecord[] {
  return portal.feedback.newestFirst();
}

function findFeedback(portal: Portal, id: string): FeedbackRecord {
  const entry = portal.feedback.get(id);
  if (!entry) throw noQueryResults('Feedback', id);
  return entry;
}

/** `fb-<n>`, n from the portal's feedback counter, which never goes back: a deleted id is not handed out again. */
function nextFeedbackId(portal: Portal): string {
  let n = portal.feedback.nextNumber();
  while (portal.feedback.get(`fb-${n}`)) n = portal.feedback.nextNumber();
  return `fb-${n}`;
}

/**
 * The author: the given user when it exists at this portal; otherwise the key's
 * owner, which for an API key is the portal's first admin; with no admin, an
 * anonymous author (null).
 */
function feedbackAuthor(portal: Portal, userId: string | null | undefined): string | null {
  if (userId) {
    const user = portal.users.getIgnoringCase(userId);
    if (user) return user.id;
  }
  return portal.users.first('admin')?.id ?? null;
}

export function createFeedback(
  portal: Portal,
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
  portal.feedback.insert(entry);
  return entry;
}

export function updateFeedback(portal: Portal, id: string, input: { feedback: string }, now: Date): FeedbackRecord {
  const entry = findFeedback(portal, id);
  if (entry.feedback !== input.feedback) {
    entry.feedback = input.feedback;
    entry.updated_at = now.toISOString();
    portal.feedback.update(entry.id, { feedback: entry.feedback, updated_at: entry.updated_at });
  }
  return entry;
}

export function deleteFeedback(portal: Portal, id: string): void {
  const entry = findFeedback(portal, id);
  portal.feedback.delete(entry.id);
}

/** The portal's entries summarised under the request's filters. */
export function summarizePortalFeedback(portal: Portal, filters: FeedbackSummarizeBody): FeedbackSummary {
  try {
    return summarizeFeedback(portal.feedback.list(), filters);
  } catch (err) {
    // The request schema already checks dates; this keeps a date it let through from becoming a 500.
    if (err instanceof RangeError) {
      const field = err.message.startsWith('created_to') ? 'created_to' : 'created_from';
      throw ValidationError.field(field, `The ${field.replace('_', ' ')} field must be a valid date.`);
    }
    throw err;
  }
}
