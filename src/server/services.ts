/**
 * Long-lived helpers the handlers share besides the store (link-health scans,
 * clock). Filled in by `createApp`; tests may pass their own.
 */
export interface ServerServices {
  now: () => Date;
  [name: string]: unknown;
}
