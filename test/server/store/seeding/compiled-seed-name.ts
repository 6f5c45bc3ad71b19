import { createHash } from 'node:crypto';
import { SCHEMA_VERSION } from '../../../../src/server/store/schema.js';

/**
 * The name of a seed's compiled data in the seed cache (D-SEED-CACHE): a SHA-256 of fp's
 * version (0.0.0-dev when run from source), the data schema version and the seed's bytes.
 */
export function compiledSeedName(bytes: Buffer): string {
  const hash = createHash('sha256').update(`fp 0.0.0-dev data schema ${SCHEMA_VERSION}\n`).update(bytes);
  return `${hash.digest('hex')}.db`;
}

/** A compiled seed's index entry (D-SEED-CACHE-TRUST) is beside it, named `NAME.db.json`. */
export const recordPath = (compiled: string): string => `${compiled}.json`;
