// What the command line uses of the server, in one module: `fp server` and `fp server dump`
// import it with `import()` when they run, so no other command loads server code.
export { startServer } from './start-server.js';
export { SeedError } from './store/seeding/load-seed.js';
export { dumpDataFile } from './store/seeding/dump.js';
export { isHostName } from './http/host-syntax.js';
export { OriginListError, parseAllowedOrigins } from './mcp-http/origins.js';
export {
  parseFaults,
  parseFaultSeed,
  parseRateLimit,
  RehearsalSpecError,
  type FaultRule,
  type RateLimit,
} from './http/rehearsal/parse-spec.js';
export { parseRetrySchedule, RetryScheduleError } from './webhooks/retry-schedule.js';
