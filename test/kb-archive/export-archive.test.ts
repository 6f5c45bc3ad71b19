import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { exportArchive } from '../../src/kb-archive/export-archive.js';
import { INSTRUCTION_FILES } from '../../src/kb-archive/instruction-files.js';
import type { KbTab } from '../../src/kb-archive/model.js';
import { GIF, png } from '../support/images.js';

async function exportBytes(tab: KbTab): Promise<Buffer> {
  return buffer(exportArchive(tab));
}

/**
 * Entries of a ZIP in stored order, read with yauzl directly (independent of readArchive);
 * without the AI instruction files every export starts with, unless asked.
 */
async function unzip(zip: Buffer, all = false): Promise<Array<{ name: string; text: string; mtime: Date }>> {
  const zipfile = await yauzl.fromBufferPromise(zip);
  const entries: Array<{ name: string; text: string; mtime: Date }> = [];
  for await (const entry of zipfile.eachEntry()) {
    if (!all && INSTRUCTION_FILES.includes(entry.fileName)) continue;
    const text = (await buffer(await zipfile.openReadStreamPromise(entry))).toString('utf8');
    entries.push({ name: entry.fileName, text, mtime: entry.getLastModDate({ timezone: 'UTC' }) });
  }
  return entries;
}

const tab: KbTab = {
  id: 1,
  description: 'Welcome to the docs.\n',
  sections: [
    { id: 11, parent_id: 10, slug: 'advanced', name: 'Advanced', description: 'Deep dives.', sort_order: 1 },
    { id: 10, parent_id: null, slug: 'features', name: 'Features', description: '', sort_order: 2 },
    {
      id: 12,
      parent_id: null,
      slug: 'getting-started',
      name: 'Getting started',
      description: 'Start here.\n',
      sort_order: 1,
    },
  ],
  articles: [
    {
      key: 'abc12',
      section_id: 12,
      slug: 'installation',
      title: 'Installation',
      body: 'Run `npm i`.\n',
      sort_order: 2,
    },
    {
      key: 'def34',
      section_id: 11,
      slug: 'api-reference',
      title: 'API reference',
      body: 'No trailing newline',
      sort_order: 1,
    },
    { key: 'ghi56', section_id: null, slug: 'faq', title: 'FAQ', body: '', sort_order: 1 },
  ],
};

describe('exportArchive', () => {
  it('writes one folder per section, nested by parent, with _index.md and <slug>.md files', async () => {
    const names = (await unzip(await exportBytes(tab))).map((e) => e.name);
    expect(names).toEqual([
      '_index.md',
      'faq.md',
      'getting-started/_index.md',
      'getting-started/installation.md',
      'features/_index.md',
      'features/advanced/_index.md',
      'features/advanced/api-reference.md',
    ]);
  });

  it('writes section front matter id, name, sort_order followed by the description', async () => {
    const entries = await unzip(await exportBytes(tab));
    expect(entries.find((e) => e.name === 'getting-started/_index.md')?.text).toBe(
      '---\nid: 12\nname: Getting started\nsort_order: 1\n---\nStart here.\n',
    );
    expect(entries.find((e) => e.name === 'features/_index.md')?.text).toBe(
      '---\nid: 10\nname: Features\nsort_order: 2\n---\n',
    );
  });

  it('writes article front matter id (post key), title, sort_order followed by the body byte for byte', async () => {
    const entries = await unzip(await exportBytes(tab));
    expect(entries.find((e) => e.name === 'getting-started/installation.md')?.text).toBe(
      '---\nid: abc12\ntitle: Installation\nsort_order: 2\n---\nRun `npm i`.\n',
    );
    expect(entries.find((e) => e.name === 'features/advanced/api-reference.md')?.text).toBe(
      '---\nid: def34\ntitle: API reference\nsort_order: 1\n---\nNo trailing newline',
    );
  });

  it('writes the tab description as the root _index.md', async () => {
    const entries = await unzip(await exportBytes(tab));
    expect(entries.find((e) => e.name === '_index.md')?.text).toBe('Welcome to the docs.\n');
  });

  it('omits the root _index.md when the tab description is empty', async () => {
    const names = (await unzip(await exportBytes({ ...tab, description: '' }))).map((e) => e.name);
    expect(names).not.toContain('_index.md');
  });

  it('fences a root description that starts like front matter so it reads back unchanged', async () => {
    const entries = await unzip(await exportBytes({ ...tab, description: '---\ntitle: not front matter\n' }));
    expect(entries.find((e) => e.name === '_index.md')?.text).toBe('---\n---\n---\ntitle: not front matter\n');
  });

  it('quotes YAML-hostile titles so they stay strings', async () => {
    const hostile: KbTab = {
      id: 1,
      description: '',
      sections: [],
      articles: [
        { key: '123', section_id: null, slug: 'a', title: 'yes', body: '', sort_order: 1 },
        { key: 'k2', section_id: null, slug: 'b', title: 'a: b', body: '', sort_order: 2 },
        { key: 'k3', section_id: null, slug: 'c', title: '- x', body: '', sort_order: 3 },
        { key: 'k4', section_id: null, slug: 'd', title: '#c', body: '', sort_order: 4 },
      ],
    };
    const texts = (await unzip(await exportBytes(hostile))).map((e) => e.text);
    expect(texts).toEqual([
      '---\nid: "123"\ntitle: yes\nsort_order: 1\n---\n',
      '---\nid: k2\ntitle: "a: b"\nsort_order: 2\n---\n',
      '---\nid: k3\ntitle: "- x"\nsort_order: 3\n---\n',
      '---\nid: k4\ntitle: "#c"\nsort_order: 4\n---\n',
    ]);
  });

  it('makes colliding sibling slugs unique with -2, -3 in (sort_order, id) order, ignoring case', async () => {
    const colliding: KbTab = {
      id: 1,
      description: '',
      sections: [
        { id: 5, parent_id: null, slug: 'intro', name: 'Second', description: '', sort_order: 1 },
        { id: 4, parent_id: null, slug: 'Intro', name: 'First', description: '', sort_order: 1 },
      ],
      articles: [
        { key: 'b', section_id: null, slug: 'intro', title: 'B', body: '', sort_order: 2 },
        { key: 'a', section_id: null, slug: 'intro', title: 'A', body: '', sort_order: 2 },
        { key: 'c', section_id: null, slug: '_index', title: 'C', body: '', sort_order: 3 },
        { key: 'd', section_id: 4, slug: 'intro', title: 'D', body: '', sort_order: 1 },
      ],
    };
    const names = (await unzip(await exportBytes(colliding))).map((e) => e.name);
    expect(names).toEqual([
      'intro.md',
      'intro-2.md',
      '_index-2.md',
      'Intro/_index.md',
      'Intro/intro.md',
      'intro-2/_index.md',
    ]);
  });

  it('replaces path separators and leading dots in slugs so every entry stays inside its folder', async () => {
    const odd: KbTab = {
      id: 1,
      description: '',
      sections: [{ id: 1, parent_id: null, slug: '../up', name: 'Up', description: '', sort_order: 1 }],
      articles: [
        { key: 'a', section_id: null, slug: 'a/b\\c', title: 'A', body: '', sort_order: 1 },
        { key: 'b', section_id: null, slug: '.hidden', title: 'B', body: '', sort_order: 2 },
        { key: 'c', section_id: null, slug: '', title: 'C', body: '', sort_order: 3 },
      ],
    };
    const names = (await unzip(await exportBytes(odd))).map((e) => e.name);
    expect(names).toEqual(['a-b-c.md', 'hidden.md', 'article.md', '-up/_index.md']);
  });

  it('D-KB-EXPORT exports byte-identical ZIPs for the same tab, whatever the order of its arrays', async () => {
    const first = await exportBytes(tab);
    const shuffled = { ...tab, sections: [...tab.sections].reverse(), articles: [...tab.articles].reverse() };
    expect((await exportBytes(shuffled)).equals(first)).toBe(true);
    expect((await unzip(first)).every((e) => e.mtime.toISOString() === '2000-01-01T00:00:00.000Z')).toBe(true);
  });

  it('exports a section whose parent is missing at the root', async () => {
    const orphan: KbTab = {
      id: 1,
      description: '',
      sections: [{ id: 7, parent_id: 99, slug: 'lost', name: 'Lost', description: '', sort_order: 1 }],
      articles: [{ key: 'x', section_id: 98, slug: 'stray', title: 'Stray', body: '', sort_order: 1 }],
    };
    expect((await unzip(await exportBytes(orphan))).map((e) => e.name)).toEqual(['stray.md', 'lost/_index.md']);
  });

  it('breaks a parent cycle at its smallest id instead of looping forever', async () => {
    const cyclic: KbTab = {
      id: 1,
      description: '',
      sections: [
        { id: 2, parent_id: 3, slug: 'two', name: 'Two', description: '', sort_order: 1 },
        { id: 3, parent_id: 2, slug: 'three', name: 'Three', description: '', sort_order: 1 },
      ],
      articles: [],
    };
    expect((await unzip(await exportBytes(cyclic))).map((e) => e.name)).toEqual([
      'two/_index.md',
      'two/three/_index.md',
    ]);
  });
});

describe('exportArchive: AI instruction files and images', () => {
  it('D-KB-INSTRUCTION-FILES starts every export with CLAUDE.md and .cursorrules at the root, never in an article slot', async () => {
    const withClaude: KbTab = {
      ...tab,
      articles: [
        ...tab.articles,
        { key: 'cl1', section_id: null, slug: 'claude', title: 'C', body: '', sort_order: 9 },
      ],
    };
    const entries = await unzip(await exportBytes(withClaude), true);
    expect(entries.slice(0, 2).map((e) => e.name)).toEqual(['CLAUDE.md', '.cursorrules']);
    expect(entries[0].text).toBe(entries[1].text);
    expect(entries[0].text).toMatch(/^# Editing this knowledge base\n[\s\S]*Bodies are markdown[\s\S]*`images\/`/);
    // An article whose slug would take the instruction file's name (once case is folded) steps aside.
    expect(entries.map((e) => e.name)).toContain('claude-2.md');
    const html = await unzip(await buffer(exportArchive(tab, { editorType: 'wysiwyg' })), true);
    expect(html[0].text).toMatch(/Bodies are HTML/);
  });

  it('D-KB-IMAGES writes the images under images/ and each link to them relative from its own folder', async () => {
    const pic = png(1, 2, 3);
    const withImages: KbTab = {
      ...tab,
      description: 'Logo: ![logo](/storage/kb/1/logo.png)\n',
      sections: tab.sections.map((s) =>
        s.id === 12 ? { ...s, description: '<img src="/storage/kb/1/screens/first%20run.png">\n' } : s,
      ),
      articles: tab.articles.map((a) =>
        a.key === 'def34'
          ? {
              ...a,
              body: '![logo](/storage/kb/1/logo.png "Logo") and [shot](/storage/kb/1/screens/first%20run.png#top)\n`![code](/storage/kb/1/logo.png)` ![other tab](/storage/kb/2/logo.png) ![gone](/storage/kb/1/gone.png)\n',
            }
          : a,
      ),
    };
    const images = [
      { key: 'screens/first run.png', data: pic },
      { key: 'logo.png', data: GIF },
    ];
    const entries = await unzip(await buffer(exportArchive(withImages, { images })));
    const text = (name: string) => entries.find((e) => e.name === name)?.text;
    expect(entries.slice(-2).map((e) => e.name)).toEqual(['images/logo.png', 'images/screens/first run.png']);
    expect(text('_index.md')).toBe('Logo: ![logo](images/logo.png)\n');
    expect(text('getting-started/_index.md')).toMatch(/\n<img src="\.\.\/images\/screens\/first%20run\.png">\n$/);
    // Inline code, another tab's images and images the tab no longer keeps are left as they are.
    expect(text('features/advanced/api-reference.md')).toBe(
      '---\nid: def34\ntitle: API reference\nsort_order: 1\n---\n' +
        '![logo](../../images/logo.png "Logo") and [shot](../../images/screens/first%20run.png#top)\n' +
        '`![code](/storage/kb/1/logo.png)` ![other tab](/storage/kb/2/logo.png) ![gone](/storage/kb/1/gone.png)\n',
    );
  });
});
