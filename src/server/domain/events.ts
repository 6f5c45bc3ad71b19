import type { EventRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';

/**
 * What the service would deliver or dispatch, recorded on the portal so tests and
 * `GET /__reference/events` can see it: domain events, notification e-mails, jobs.
 */

export interface MailPayload {
  to: string;
  subject: string;
  template: string;
}

/** Jobs skipped while a post was pending and started again when it is approved. */
const POST_APPROVAL_JOBS = ['translation', 'auto_tagging', 'auto_reply'] as const;

export function recordEvent(portal: Portal, type: string, payload: Record<string, unknown>, now: Date): EventRecord {
  const event: EventRecord = { type, occurred_at: now.toISOString(), payload };
  portal.eventLog.append(event);
  return event;
}

export function recordMail(portal: Portal, mail: MailPayload, now: Date): EventRecord {
  return recordEvent(portal, 'mail', { ...mail }, now);
}

export function dispatchPostApprovalJobs(portal: Portal, postKey: string, now: Date): void {
  for (const job of POST_APPROVAL_JOBS) recordEvent(portal, 'job', { job, post_key: postKey }, now);
}
