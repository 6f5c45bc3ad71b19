export { startDeliveries } from './deliveries.js';
export type { DeliveriesOptions } from './deliveries.js';
export { webhookEgressPolicy } from './target-policy.js';
export { DEFAULT_RETRY_SCHEDULE_S, parseRetrySchedule, RetryScheduleError } from './retry-schedule.js';
