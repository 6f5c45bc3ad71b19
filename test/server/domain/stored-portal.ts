import { loadSeed } from '../../../src/server/store/seeding/load-seed.js';
import type { Portal } from '../../../src/server/store/portal.js';
import type { SeedFile } from '../../../src/seed-file/seed-file.js';
import { Store } from '../../../src/server/store/store.js';
import { fixtureSeed } from '../../support/fixture-seed.js';

/** The first portal of a seed, in an in-memory store (the same store the server runs on). */
export function storedPortal(seed: SeedFile = fixtureSeed(), now?: Date): Portal {
  return new Store(loadSeed(seed, now)).portals[0];
}

/** The seed after `change`, for tests that need a portal a little different from the fixture. */
export function seedWith(change: (portal: SeedFile['portals'][number]) => void): SeedFile {
  const seed = fixtureSeed();
  change(seed.portals[0]);
  return seed;
}
