export { DeliveryWorker } from './delivery-worker.js';
export type { DeliveryWorkerOptions } from './delivery-worker.js';
export { webhookEgressPolicy } from './target-policy.js';
export { DEFAULT_RETRY_SCHEDULE_S, parseRetrySchedule, RetryScheduleError } from './retry-schedule.js';
