import type { SeedFile } from '../../../../src/seed-file/seed-file.js';
import { ANN, fixtureSeed } from '../../../support/fixture-seed.js';

/**
 * The fixture portal with a fuller help-center tab (3): sections
 * getting-started (10) > advanced (11), and old (12); articles kb001
 * (getting-started), kb002 (advanced), kb003 (old).
 */
export function kbSeed(): SeedFile {
  const seed = fixtureSeed();
  const portal = seed.portals[0] as { sections: object[]; posts: object[] };
  portal.sections.push({ id: 12, tab_id: 3, slug: 'old', name: 'Old', parent_id: null });
  portal.posts.push(
    {
      key: 'kb002',
      database_id: 6,
      title: 'Advanced usage',
      description: 'Power users.',
      author_id: ANN,
      tab_id: 3,
      section_id: 11,
      created_at: '2026-02-06T00:00:00Z',
    },
    {
      key: 'kb003',
      database_id: 7,
      title: 'Old article',
      description: 'Outdated.',
      author_id: ANN,
      tab_id: 3,
      section_id: 12,
      created_at: '2026-02-07T00:00:00Z',
    },
  );
  return seed;
}
