import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import { hasChanges, renderPlan, renderResult } from '../../../../src/cli/commands/kb/sync/render-plan.js';
import type { SyncPlan, SyncResult } from '../../../../src/contract/schemas/knowledgebase.js';

const empty = () => ({ create: [], update: [], delete: [] });

function plan(over: Partial<SyncPlan> = {}): SyncPlan {
  return {
    tab: { changes: [] },
    sections: empty(),
    articles: empty(),
    summary: { create: 0, update: 0, delete: 0 },
    ...over,
  };
}

const changed = plan({
  sections: {
    create: [{ id: null, title: 'Features', path: 'features' }],
    update: [{ id: 10, title: 'Getting started', path: 'getting-started', changes: ['name', 'order'] }],
    delete: [{ id: 12, title: 'Old', path: 'old' }],
  },
  articles: {
    create: [{ id: null, title: 'New article', path: 'getting-started/new.md' }],
    update: [{ id: 'xx111', database_id: 7, title: 'X', path: 'features/x.md', changes: ['title', 'body'] }],
    delete: [{ id: 'abc12', database_id: 5, title: 'Old "quoted"', path: 'old.md' }],
  },
  summary: { create: 2, update: 2, delete: 2 },
});

describe('sync plan rendering', () => {
  it('prints one line per change, sections before articles, then the counts', () => {
    expect(renderPlan(changed)).toBe(
      [
        '+ section  (new)  features/  "Features"',
        '~ section  10  getting-started/  "Getting started"  (name, order)',
        '- section  12  old/  "Old"',
        '+ article  (new)  getting-started/new.md  "New article"',
        '~ article  xx111  features/x.md  "X"  (title, body)',
        '- article  abc12  old.md  "Old \\"quoted\\""',
        '',
        'Plan: 2 to create, 2 to update, 2 to delete.',
        'Deletions happen only when confirmed; to apply them, add: --confirm-delete abc12 --confirm-delete-section 12',
        '',
      ].join('\n'),
    );
  });

  it('a changed tab description comes first', () => {
    const p = plan({ tab: { changes: ['description'] }, summary: { create: 0, update: 1, delete: 0 } });
    expect(renderPlan(p)).toBe('~ tab  _index.md  (description)\n\nPlan: 0 to create, 1 to update, 0 to delete.\n');
  });

  it('counts unchanged items when the service lists them', () => {
    const p = plan({
      sections: {
        ...empty(),
        unchanged: [{ id: 10, title: 'Getting started', path: 'getting-started' }],
      } as SyncPlan['sections'],
      articles: { ...empty(), create: [{ id: null, title: 'N', path: 'n.md' }] },
      summary: { create: 1, update: 0, delete: 0 },
    });
    expect(renderPlan(p)).toBe(
      '+ article  (new)  n.md  "N"\n\nPlan: 1 to create, 0 to update, 0 to delete, 1 unchanged.\n',
    );
  });

  it('no changes prints the one sentence', () => {
    expect(hasChanges(plan())).toBe(false);
    expect(renderPlan(plan())).toBe('No changes. The knowledge base matches the archive.\n');
  });

  it('colours only the sign and kind when colour is on', () => {
    const c = new Chalk({ level: 1 });
    expect(renderPlan(changed, c).split('\n')[0]).toBe(`${c.green('+ section')}  (new)  features/  "Features"`);
    expect(renderPlan(changed, new Chalk({ level: 0 }))).toEqual(renderPlan(changed));
  });
});

describe('sync result rendering', () => {
  const result: SyncResult = {
    applied: {
      tab: { changes: [] },
      sections: empty(),
      articles: { create: [{ id: 'nw123', database_id: 9, title: 'New', path: 'new.md' }], update: [], delete: [] },
    },
    skipped: {
      sections: [{ id: 12, title: 'Old section', path: 'old' }],
      articles: [{ id: 'abc12', database_id: 5, title: 'Old', path: 'old.md' }],
    },
    summary: { created: 1, updated: 0, deleted: 0, skipped: 2 },
  };

  it('reports the counts, the ids created and each skipped deletion, then the flags that confirm them', () => {
    expect(renderResult(result)).toBe(
      [
        'Applied: 1 created, 0 updated, 0 deleted.',
        '  + article  nw123  new.md  "New"',
        'Skipped 2 deletions (not confirmed):',
        '  - section  12  old/  "Old section"',
        '  - article  abc12  old.md  "Old"',
        'To delete them, run again with: --confirm-delete abc12 --confirm-delete-section 12',
        '',
      ].join('\n'),
    );
  });

  it('says nothing about skipping when every deletion was confirmed', () => {
    const all = {
      ...result,
      skipped: { sections: [], articles: [] },
      summary: { created: 1, updated: 0, deleted: 2, skipped: 0 },
    };
    expect(renderResult(all)).toBe('Applied: 1 created, 0 updated, 2 deleted.\n  + article  nw123  new.md  "New"\n');
  });
});

describe('sync plan rendering: images and AI instruction files', () => {
  const image = (path: string, bytes = 2048) => ({
    path,
    url: `/storage/kb/3/${path}`,
    content_type: 'image/png',
    bytes,
  });

  it('D-KB-IMAGES lists images added, changed and removed after the items, and counts them', () => {
    const p = {
      ...plan(),
      images: {
        create: [image('images/new.png', 512)],
        update: [image('images/logo.png', 3 * 1024 * 1024)],
        delete: [image('images/old.png')],
        unchanged: [image('images/same.png')],
      },
    } as SyncPlan;
    expect(hasChanges(p)).toBe(true);
    expect(renderPlan(p)).toBe(
      [
        '+ image  images/new.png  (png, 512 bytes)',
        '~ image  images/logo.png  (png, 3 MB)',
        '- image  images/old.png  (png, 2 kB)',
        '',
        'Plan: 0 to create, 0 to update, 0 to delete.',
        'Images: 1 to add, 1 to change, 1 to remove, 1 unchanged.',
        '',
      ].join('\n'),
    );
  });

  it('D-KB-INSTRUCTION-FILES says in one line which instruction files a sync leaves alone, changes or not', () => {
    const p = { ...plan(), instruction_files: ['.cursorrules', 'CLAUDE.md'] } as SyncPlan;
    expect(renderPlan(p)).toBe(
      'No changes. The knowledge base matches the archive.\nLeft alone: .cursorrules, CLAUDE.md (AI instruction files, never articles).\n',
    );
    const hostile = { ...plan(), instruction_files: ['guide/CLAUDE.md\u001b[2J'] } as SyncPlan;
    expect(renderPlan(hostile)).not.toContain('\u001b');
  });

  it('D-KB-IMAGES execute counts the images it added, changed and removed', () => {
    const result = {
      applied: {
        tab: { changes: [] },
        sections: empty(),
        articles: empty(),
        images: { create: [image('images/a.png')], update: [], delete: [image('images/b.png')] },
      },
      skipped: { sections: [], articles: [] },
      summary: { created: 0, updated: 0, deleted: 0, skipped: 0 },
    } as SyncResult;
    expect(renderResult(result)).toBe(
      'Applied: 0 created, 0 updated, 0 deleted.\nImages: 1 added, 0 changed, 1 removed.\n',
    );
  });
});
