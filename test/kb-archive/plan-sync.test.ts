import { describe, expect, it } from 'vitest';
import { ArchiveError } from '../../src/kb-archive/archive-error.js';
import type { KbTab, ParsedArchive, ParsedArticle, ParsedSection } from '../../src/kb-archive/model.js';
import { planSync } from '../../src/kb-archive/plan-sync.js';

const tab: KbTab = {
  id: 1,
  description: 'Docs',
  sections: [
    { id: 10, parent_id: null, slug: 'getting-started', name: 'Getting started', description: 'Start.', sort_order: 1 },
    { id: 11, parent_id: 10, slug: 'advanced', name: 'Advanced', description: '', sort_order: 1 },
  ],
  articles: [
    { key: 'a1', section_id: 10, slug: 'install', title: 'Install', body: 'Run it.\n', sort_order: 1 },
    { key: 'a2', section_id: 11, slug: 'api', title: 'API', body: 'Calls.', sort_order: 2 },
    { key: 'a3', section_id: null, slug: 'faq', title: 'FAQ', body: '', sort_order: 3 },
  ],
};

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

/** The archive an export of `tab` reads back as. */
const unchanged: ParsedArchive = {
  rootDescription: 'Docs',
  sections: [
    section('getting-started', 10, 'Getting started', { description: 'Start.', sort_order: 1 }),
    section('getting-started/advanced', 11, 'Advanced', { sort_order: 1 }),
  ],
  articles: [
    article('faq.md', 'a3', 'FAQ', '', { sort_order: 3 }),
    article('getting-started/advanced/api.md', 'a2', 'API', 'Calls.', { sort_order: 2 }),
    article('getting-started/install.md', 'a1', 'Install', 'Run it.\n', { sort_order: 1 }),
  ],
};

const nothingForeign = { foreignArticleIds: () => false, foreignSectionIds: () => false };

function thrown(run: () => unknown): ArchiveError {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(ArchiveError);
    return err as ArchiveError;
  }
  throw new Error('expected an ArchiveError');
}

describe('planSync', () => {
  it('reports no change for the archive an export of the same tab reads back as, each item unchanged with its id and path', () => {
    const plan = planSync(tab, unchanged, nothingForeign);
    expect(plan).toEqual({
      tab: { changes: [] },
      sections: {
        create: [],
        update: [],
        delete: [],
        unchanged: [
          { id: 10, title: 'Getting started', path: 'getting-started' },
          { id: 11, title: 'Advanced', path: 'getting-started/advanced' },
        ],
      },
      articles: {
        create: [],
        update: [],
        delete: [],
        unchanged: [
          { id: 'a3', title: 'FAQ', path: 'faq.md' },
          { id: 'a2', title: 'API', path: 'getting-started/advanced/api.md' },
          { id: 'a1', title: 'Install', path: 'getting-started/install.md' },
        ],
      },
      summary: { create: 0, update: 0, delete: 0 },
    });
  });

  it('matches by id, so renamed files and folders are not changes', () => {
    const renamed: ParsedArchive = {
      ...unchanged,
      sections: [
        section('start', 10, 'Getting started', { description: 'Start.', sort_order: 1 }),
        section('start/deep', 11, 'Advanced', { sort_order: 1 }),
      ],
      articles: [
        article('questions.md', 'a3', 'FAQ', ''),
        article('start/deep/reference.md', 'a2', 'API', 'Calls.'),
        article('start/setup.md', 'a1', 'Install', 'Run it.\n'),
      ],
    };
    expect(planSync(tab, renamed, nothingForeign).summary).toEqual({ create: 0, update: 0, delete: 0 });
  });

  it('lists exactly the fields that changed for each update', () => {
    const edited: ParsedArchive = {
      rootDescription: 'New docs',
      sections: [
        section('advanced', 11, 'Advanced', { sort_order: 1 }),
        section('getting-started', 10, 'Start', { description: 'Begin.', sort_order: 4 }),
      ],
      articles: [
        article('api.md', 'a2', 'API', 'Calls.'),
        article('faq.md', 'a3', 'Questions', 'Now with answers.', { sort_order: 3 }),
        article('getting-started/install.md', 'a1', 'Install', 'Run it.\n', { sort_order: 9 }),
      ],
    };
    const plan = planSync(tab, edited, nothingForeign);
    expect(plan.tab).toEqual({ changes: ['description'] });
    expect(plan.sections.update).toEqual([
      { id: 11, title: 'Advanced', path: 'advanced', changes: ['parent'] },
      { id: 10, title: 'Start', path: 'getting-started', changes: ['name', 'description', 'order'] },
    ]);
    expect(plan.articles.update).toEqual([
      { id: 'a2', title: 'API', path: 'api.md', changes: ['section'] },
      { id: 'a3', title: 'Questions', path: 'faq.md', changes: ['title', 'body'] },
      { id: 'a1', title: 'Install', path: 'getting-started/install.md', changes: ['order'] },
    ]);
    expect(plan.summary).toEqual({ create: 0, update: 6, delete: 0 });
  });

  it('keeps the current order when sort_order is absent', () => {
    const noOrder: ParsedArchive = {
      ...unchanged,
      sections: unchanged.sections.map((s) => ({ ...s, sort_order: null })),
      articles: unchanged.articles.map((a) => ({ ...a, sort_order: null })),
    };
    expect(planSync(tab, noOrder, nothingForeign).summary.update).toBe(0);
  });

  it('keeps the tab description when the archive has no root _index.md', () => {
    expect(planSync(tab, { ...unchanged, rootDescription: null }, nothingForeign).tab.changes).toEqual([]);
  });

  it('plans files without id as creates, including folders without _index.md', () => {
    const added: ParsedArchive = {
      ...unchanged,
      sections: [...unchanged.sections, section('guides', null, 'guides'), section('guides/deep', null, 'Deep')],
      articles: [
        ...unchanged.articles,
        article('guides/deep/new.md', null, 'New page', 'Hello'),
        article('getting-started/advanced/api.md', 'a2', 'API', 'Calls.'),
      ].filter((a, i, all) => all.findIndex((b) => b.path === a.path) === i),
    };
    const plan = planSync(tab, added, nothingForeign);
    expect(plan.sections.create).toEqual([
      { id: null, title: 'guides', path: 'guides' },
      { id: null, title: 'Deep', path: 'guides/deep' },
    ]);
    expect(plan.articles.create).toEqual([{ id: null, title: 'New page', path: 'guides/deep/new.md' }]);
    expect(plan.summary).toEqual({ create: 3, update: 0, delete: 0 });
  });

  it('reports a move into a newly created folder as a section change', () => {
    const moved: ParsedArchive = {
      ...unchanged,
      sections: [...unchanged.sections, section('new', null, 'New')],
      articles: unchanged.articles.map((a) => (a.id === 'a3' ? { ...a, path: 'new/faq.md', sectionPath: 'new' } : a)),
    };
    expect(planSync(tab, moved, nothingForeign).articles.update).toEqual([
      { id: 'a3', title: 'FAQ', path: 'new/faq.md', changes: ['section'] },
    ]);
  });

  it('lists tab items that no file carries as deletion candidates, with their export path', () => {
    const removed: ParsedArchive = {
      rootDescription: 'Docs',
      sections: [section('getting-started', 10, 'Getting started', { description: 'Start.', sort_order: 1 })],
      articles: [article('getting-started/install.md', 'a1', 'Install', 'Run it.\n')],
    };
    const plan = planSync(tab, removed, nothingForeign);
    expect(plan.sections.delete).toEqual([{ id: 11, title: 'Advanced', path: 'getting-started/advanced' }]);
    expect(plan.articles.delete).toEqual([
      { id: 'a3', title: 'FAQ', path: 'faq.md' },
      { id: 'a2', title: 'API', path: 'getting-started/advanced/api.md' },
    ]);
    expect(plan.summary).toEqual({ create: 0, update: 0, delete: 3 });
  });

  it('refuses a section id that belongs to another tab or portal, naming the entry', () => {
    const foreign = { ...unchanged, sections: [...unchanged.sections, section('other', 99, 'Other')] };
    const err = thrown(() => planSync(tab, foreign, { ...nothingForeign, foreignSectionIds: (id) => id === 99 }));
    expect(err.entry).toBe('other/_index.md');
    expect(err.message).toBe('Entry "other/_index.md": section id 99 belongs to another tab or portal.');
  });

  it('refuses an article id that belongs to another tab or portal, naming the entry', () => {
    const foreign = { ...unchanged, articles: [...unchanged.articles, article('stolen.md', 'zz9', 'Stolen', '')] };
    const err = thrown(() => planSync(tab, foreign, { ...nothingForeign, foreignArticleIds: (id) => id === 'zz9' }));
    expect(err.message).toBe('Entry "stolen.md": article id "zz9" belongs to another tab or portal.');
  });

  it('refuses ids that exist nowhere as unknown', () => {
    const unknownSection = { ...unchanged, sections: [...unchanged.sections, section('ghost', 404, 'Ghost')] };
    expect(thrown(() => planSync(tab, unknownSection, nothingForeign)).message).toBe(
      'Entry "ghost/_index.md": unknown section id 404: no such item exists.',
    );
    const unknownArticle = {
      ...unchanged,
      articles: [...unchanged.articles, article('ghost.md', 'nope', 'Ghost', '')],
    };
    expect(thrown(() => planSync(tab, unknownArticle, nothingForeign)).message).toBe(
      'Entry "ghost.md": unknown article id "nope": no such item exists.',
    );
  });

  it('refuses the same id in two files', () => {
    const twice = { ...unchanged, articles: [...unchanged.articles, article('zz-copy.md', 'a1', 'Install', '')] };
    expect(thrown(() => planSync(tab, twice, nothingForeign)).message).toBe(
      'Entry "zz-copy.md": article id "a1" is also used by "getting-started/install.md".',
    );
    const twiceSection = { ...unchanged, sections: [...unchanged.sections, section('zz', 10, 'Again')] };
    expect(thrown(() => planSync(tab, twiceSection, nothingForeign)).message).toBe(
      'Entry "zz/_index.md": section id 10 is also used by "getting-started/_index.md".',
    );
  });
});
