import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applySync } from '../../src/kb-archive/apply-sync.js';
import { exportArchive } from '../../src/kb-archive/export-archive.js';
import type { KbArticle, KbSection, KbTab } from '../../src/kb-archive/model.js';
import { planSync } from '../../src/kb-archive/plan-sync.js';
import { readArchive } from '../../src/kb-archive/read-archive.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'fp-kb-roundtrip-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

let exports = 0;
async function exportToFile(tab: KbTab): Promise<string> {
  const path = join(dir, `export-${exports++}.zip`);
  await pipeline(exportArchive(tab), createWriteStream(path));
  return path;
}

const yamlHostile = fc.constantFrom(
  'yes',
  'no',
  'on',
  'true',
  'null',
  '~',
  '123',
  '-1',
  '1.5',
  '0x1F',
  '0o17',
  '1e3',
  '.inf',
  '.NaN',
  'a: b',
  '- x',
  '#c',
  'x #c',
  '*alias',
  '&anchor',
  '!tag',
  '|',
  '>',
  "'single'",
  '"double"',
  '? q',
  '{a: 1}',
  '[1, 2]',
  '@at',
  '`tick`',
  '%YAML',
  '---',
  '...',
  '',
  ' ',
  ' leading',
  'trailing ',
  'tab\there',
  'multi\nline',
  'crlf\r\nline',
  'cr\ronly',
  'ends\n',
  '\uFEFFbom',
  'nul\u0000byte',
  'emoji 🎉',
  'Überblick',
  '日本語',
);
const text = fc.oneof(
  yamlHostile,
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);
const body = fc.oneof(
  text,
  text.map((t) => `${t}\n`),
  text.map((t) => `---\n${t}\n---\n`),
  fc.tuple(text, text).map(([a, b]) => `${a}\r\n${b}`),
);
const slug = fc.oneof(
  fc.constantFrom(
    'intro',
    'Intro',
    'INTRO',
    '_index',
    '_INDEX',
    '',
    ' ',
    '.',
    '..',
    '.hidden',
    'a/b',
    'x\\y',
    '__MACOSX',
    'page.md',
    'überblick',
  ),
  fc.string({ unit: 'grapheme-ascii', maxLength: 8 }),
);
const sortOrder = fc.integer({ min: -3, max: 3 });
const articleKey = fc.oneof(
  fc.constantFrom('abc12', '123', 'yes', 'null', 'true', '0x10', '1e3', 'a: b', '- x', '#c', ' '),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }),
);

const tabArb = fc
  .record({
    description: fc.oneof(fc.constant(''), body),
    sections: fc.uniqueArray(
      fc.record({
        id: fc.integer({ min: 1, max: 1_000_000 }),
        slug,
        name: text,
        description: fc.oneof(fc.constant(''), body),
        sort_order: sortOrder,
        parentPick: fc.nat(),
      }),
      { selector: (s) => s.id, maxLength: 8 },
    ),
    articles: fc.uniqueArray(
      fc.record({ key: articleKey, slug, title: text, body, sort_order: sortOrder, sectionPick: fc.nat() }),
      { selector: (a) => a.key, maxLength: 10 },
    ),
  })
  .map(({ description, sections, articles }): KbTab => {
    // Parents are picked among earlier sections only, so the sections form a tree.
    const kbSections = sections.map(
      ({ parentPick, ...s }, i): KbSection => ({
        ...s,
        parent_id: parentPick % (i + 1) === 0 ? null : sections[(parentPick % (i + 1)) - 1].id,
      }),
    );
    const kbArticles = articles.map(
      ({ sectionPick, ...a }): KbArticle => ({
        ...a,
        section_id:
          sectionPick % (sections.length + 1) === 0 ? null : sections[(sectionPick % (sections.length + 1)) - 1].id,
      }),
    );
    return { id: 1, description, sections: kbSections, articles: kbArticles };
  });

const nothingForeign = { foreignArticleIds: () => false, foreignSectionIds: () => false };
const noNewIds = {
  newSectionId: (): number => {
    throw new Error('a round trip must not create sections');
  },
  newArticleKey: (): string => {
    throw new Error('a round trip must not create articles');
  },
};

describe('round trip', () => {
  it('export, read and plan of the same tab reports no change, and applying it leaves the tab as it was', async () => {
    await fc.assert(
      fc.asyncProperty(tabArb, async (tab) => {
        const parsed = await readArchive(await exportToFile(tab));
        const plan = planSync(tab, parsed, nothingForeign);
        expect(plan.tab.changes).toEqual([]);
        expect(plan.sections).toMatchObject({ create: [], update: [], delete: [] });
        expect(plan.articles).toMatchObject({ create: [], update: [], delete: [] });
        expect(plan.sections.unchanged.map((s) => s.id).sort()).toEqual(tab.sections.map((s) => s.id).sort());
        expect(plan.articles.unchanged.map((a) => a.id).sort()).toEqual(tab.articles.map((a) => a.key).sort());
        expect(plan.summary).toEqual({ create: 0, update: 0, delete: 0 });
        expect(applySync(tab, parsed, plan, { articles: [], sections: [] }, noNewIds).tab).toEqual(tab);
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('re-exporting the tab that a round trip applies gives the same bytes', async () => {
    await fc.assert(
      fc.asyncProperty(tabArb, async (tab) => {
        const first = await exportToFile(tab);
        const parsed = await readArchive(first);
        const { tab: after } = applySync(
          tab,
          parsed,
          planSync(tab, parsed, nothingForeign),
          { articles: [], sections: [] },
          noNewIds,
        );
        const { readFile } = await import('node:fs/promises');
        expect((await readFile(await exportToFile(after))).equals(await readFile(first))).toBe(true);
      }),
      { numRuns: 50 },
    );
  }, 120_000);
});
