import type { Feedback } from '../../contract/schemas/feedback.js';
import type { FeedbackRecord } from '../../seed-file/seed-file.js';
import { isoMicros } from './user.js';

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
