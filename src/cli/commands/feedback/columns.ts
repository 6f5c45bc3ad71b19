import type { Feedback } from '../../../contract/schemas/feedback.js';
import type { Column } from '../../output/output.js';

export const feedbackColumns: Column<Feedback>[] = [
  { header: 'ID', value: (e) => e.id },
  { header: 'TYPE', value: (e) => e.type, max: 20 },
  { header: 'FEEDBACK', value: (e) => e.feedback },
  { header: 'USER', field: 'user_id', value: (e) => e.user_id },
  { header: 'CREATED', field: 'created_at', value: (e) => e.created_at, date: true },
];

export const feedbackFields: Column<Feedback>[] = [
  ...feedbackColumns,
  { header: 'UPDATED', field: 'updated_at', value: (e) => e.updated_at, date: true },
];
