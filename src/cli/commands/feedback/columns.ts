import type { Feedback } from '../../../contract/schemas/feedback.js';
import { humanDate } from '../../output/cells.js';
import type { Column } from '../../output/output.js';

export const feedbackColumns: Column<Feedback>[] = [
  { header: 'ID', value: (e) => e.id },
  { header: 'TYPE', value: (e) => e.type, max: 20 },
  { header: 'FEEDBACK', value: (e) => e.feedback, max: 60 },
  { header: 'USER', value: (e) => e.user_id },
  { header: 'CREATED', value: (e) => humanDate(e.created_at) },
];

export const feedbackFields: Column<Feedback>[] = [
  { header: 'ID', value: (e) => e.id },
  { header: 'TYPE', value: (e) => e.type },
  { header: 'FEEDBACK', value: (e) => e.feedback, max: 1000 },
  { header: 'USER', value: (e) => e.user_id },
  { header: 'CREATED', value: (e) => humanDate(e.created_at) },
  { header: 'UPDATED', value: (e) => humanDate(e.updated_at) },
];
