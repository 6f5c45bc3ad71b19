import { describe, expect, it } from 'vitest';
import { applySync, type IdSource } from '../../src/kb-archive/apply-sync.js';
import type { KbTab, ParsedArchive, ParsedArticle, ParsedSection } from '../../src/kb-archive/model.js';
import { planSync } from '../../src/kb-archive/plan-sync.js';

const tab: KbTab = {
  id: 1,
  description: 'Docs',
  sections: [
    { id: 10, parent_id: null, slug: 'getting-started', name: 'Getting started', description: 'Start.', sort_order: 1 },
    { id: 11, parent_id: 10, slug: 'advanced', name: 'Advanced', description: '', sort_order: 1 },
    { id: 12, parent_id: 11, slug: 'internals', name: 'Internals', description: '', sort_order: 1 },
  ],
  articles: [
    { key: 'a1', section_id: 10, slug: 'install', title: 'Install', body: 'Run it.\n', sort_order: 1 },
    { key: 'a2', section_id: 11, slug: 'api', title: 'API', body: 'Calls.', sort_order: 2 },
    { key: 'a3', section_id: null, slug: 'faq', title: 'FAQ', body: '', sort_order: 3 },
  ],
};
const frozen = structuredClone(tab);

const section = (path: string, id: number | null, name: string, more: Partial<ParsedSection> = {}): ParsedSection => ({
  path,
  id,
  name,
  sort_order: null,
  description: '',
  parentPath: path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : null,
  ...more,
});

const article = (
  path: string,
  id: string | null,
  title: string,
  body: string,
  more: Partial<ParsedArticle> = {},
): ParsedArticle => ({
  path,
  id,
  title,
  body,
  sort_order: null,
  sectionPath: path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : null,
  ...more,
});

function counters(): IdSource {
  let section = 100;
  let article = 0;
  return { newSectionId: () => section++, newArticleKey: () => `new${++article}` };
}

const nothingForeign = { foreignArticleIds: () => false, foreignSectionIds: () => false };
const noConfirmations = { articles: [], sections: [] };

function sync(archive: ParsedArchive, confirmed: { articles: string[]; sections: number[] } = noConfirmations) {
  const plan = planSync(tab, archive, nothingForeign);
  return applySync(tab, archive, plan, confirmed, counters());
}

/** Everything of the tab kept as it is, plus `extra`. */
const full = (extra: Partial<ParsedArchive> = {}): ParsedArchive => ({
  rootDescription: null,
  sections: [
    section('gs', 10, 'Getting started', { description: 'Start.' }),
    section('gs/adv', 11, 'Advanced'),
    section('gs/adv/int', 12, 'Internals'),
    ...(extra.sections ?? []),
  ],
  articles: [
    article('faq.md', 'a3', 'FAQ', ''),
    article('gs/adv/api.md', 'a2', 'API', 'Calls.'),
    article('gs/install.md', 'a1', 'Install', 'Run it.\n'),
    ...(extra.articles ?? []),
  ],
});

describe('applySync', () => {
  it('gives creates new ids, creating parent sections before the sections and articles inside them', () => {
    const result = sync(
      full({
        sections: [
          section('guides', null, 'guides'),
          section('guides/deep', null, 'Deep', { sort_order: 5, description: 'D' }),
        ],
        articles: [article('guides/deep/new-page.md', null, 'New page', 'Hello')],
      }),
    );
    expect(result.tab.sections.slice(3)).toEqual([
      { id: 100, parent_id: null, slug: 'guides', name: 'guides', description: '', sort_order: 2 },
      { id: 101, parent_id: 100, slug: 'deep', name: 'Deep', description: 'D', sort_order: 5 },
    ]);
    expect(result.tab.articles.slice(3)).toEqual([
      { key: 'new1', section_id: 101, slug: 'new-page', title: 'New page', body: 'Hello', sort_order: 0 },
    ]);
    expect(result.applied.sections.create).toEqual([
      { id: 100, title: 'guides', path: 'guides' },
      { id: 101, title: 'Deep', path: 'guides/deep' },
    ]);
    expect(result.applied.articles.create).toEqual([
      { id: 'new1', title: 'New page', path: 'guides/deep/new-page.md' },
    ]);
  });

  it('places a new item without sort_order after its siblings', () => {
    const result = sync(full({ articles: [article('zz.md', null, 'Last', '')] }));
    expect(result.tab.articles.find((a) => a.key === 'new1')?.sort_order).toBe(4);
  });

  it('applies updates field by field and moves items into new sections', () => {
    const archive: ParsedArchive = {
      rootDescription: 'New docs',
      sections: [
        section('gs', 10, 'Start', { description: 'Begin.', sort_order: 7 }),
        section('gs/adv', 11, 'Advanced'),
        section('gs/adv/int', 12, 'Internals'),
        section('more', null, 'More'),
      ],
      articles: [
        article('faq.md', 'a3', 'Questions', 'Answers.'),
        article('more/api.md', 'a2', 'API', 'Calls.', { sort_order: 1 }),
        article('gs/install.md', 'a1', 'Install', 'Run it.\n'),
      ],
    };
    const result = sync(archive);
    expect(result.tab.description).toBe('New docs');
    expect(result.tab.sections[0]).toEqual({
      id: 10,
      parent_id: null,
      slug: 'getting-started',
      name: 'Start',
      description: 'Begin.',
      sort_order: 7,
    });
    expect(result.tab.articles.find((a) => a.key === 'a2')).toEqual({
      key: 'a2',
      section_id: 100,
      slug: 'api',
      title: 'API',
      body: 'Calls.',
      sort_order: 1,
    });
    expect(result.tab.articles.find((a) => a.key === 'a3')).toMatchObject({ title: 'Questions', body: 'Answers.' });
    expect(result.applied.tab.changes).toEqual(['description']);
    expect(result.applied.articles.update.map((u) => [u.id, u.changes])).toEqual([
      ['a3', ['title', 'body']],
      ['a2', ['section', 'order']],
    ]);
  });

  it('does not delete unconfirmed deletion candidates and reports them as skipped', () => {
    const archive: ParsedArchive = {
      rootDescription: null,
      sections: [section('gs', 10, 'Getting started', { description: 'Start.' })],
      articles: [],
    };
    const result = sync(archive);
    expect(result.tab).toEqual(tab);
    expect(result.applied.sections.delete).toEqual([]);
    expect(result.applied.articles.delete).toEqual([]);
    expect(result.skipped).toEqual({
      sections: [
        { id: 11, title: 'Advanced', path: 'getting-started/advanced' },
        { id: 12, title: 'Internals', path: 'getting-started/advanced/internals' },
      ],
      articles: [
        { id: 'a3', title: 'FAQ', path: 'faq.md' },
        { id: 'a1', title: 'Install', path: 'getting-started/install.md' },
        { id: 'a2', title: 'API', path: 'getting-started/advanced/api.md' },
      ],
    });
  });

  it('deletes confirmed deletion candidates only', () => {
    const archive: ParsedArchive = {
      rootDescription: null,
      sections: [section('gs', 10, 'Getting started', { description: 'Start.' })],
      articles: [],
    };
    const result = sync(archive, { articles: ['a3', 'a2'], sections: [12] });
    expect(result.tab.articles.map((a) => a.key)).toEqual(['a1']);
    expect(result.tab.sections.map((s) => s.id)).toEqual([10, 11]);
    expect(result.applied.articles.delete.map((d) => d.id)).toEqual(['a3', 'a2']);
    expect(result.applied.sections.delete).toEqual([
      { id: 12, title: 'Internals', path: 'getting-started/advanced/internals' },
    ]);
    expect(result.skipped.sections.map((d) => d.id)).toEqual([11]);
    expect(result.skipped.articles.map((d) => d.id)).toEqual(['a1']);
  });

  it('ignores a confirmation for an item that the archive still carries', () => {
    const result = sync(full(), { articles: ['a1'], sections: [10] });
    expect(result.tab).toEqual(tab);
    expect(result.applied.articles.delete).toEqual([]);
  });

  it('D-SYNC-DELETED moves the kept subsections and articles of a deleted section up to its nearest kept ancestor', () => {
    // Section 11 goes; its subsection 12 and article a2 are kept (unconfirmed).
    const archive: ParsedArchive = {
      rootDescription: null,
      sections: [section('gs', 10, 'Getting started', { description: 'Start.' })],
      articles: [article('faq.md', 'a3', 'FAQ', ''), article('gs/install.md', 'a1', 'Install', 'Run it.\n')],
    };
    const result = sync(archive, { articles: [], sections: [11] });
    expect(result.tab.sections.map((s) => [s.id, s.parent_id])).toEqual([
      [10, null],
      [12, 10],
    ]);
    expect(result.tab.articles.find((a) => a.key === 'a2')?.section_id).toBe(10);
  });

  it('moves them to the root when every ancestor is deleted', () => {
    const archive: ParsedArchive = {
      rootDescription: null,
      sections: [],
      articles: [article('faq.md', 'a3', 'FAQ', '')],
    };
    const result = sync(archive, { articles: [], sections: [10, 11, 12] });
    expect(result.tab.sections).toEqual([]);
    expect(result.tab.articles.map((a) => [a.key, a.section_id])).toEqual([
      ['a1', null],
      ['a2', null],
      ['a3', null],
    ]);
  });

  it('leaves the input tab untouched', () => {
    sync(full({ articles: [article('x.md', null, 'X', '')] }), { articles: ['a1'], sections: [11] });
    expect(tab).toEqual(frozen);
  });
});
