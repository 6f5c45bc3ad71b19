import { describe, expect, it } from 'vitest';
import { undoItems } from '../../../../src/cli/commands/posts/bulk-undo.js';
import type { JournalRun } from '../../../../src/cli/bulk/journal.js';

const run = (entries: JournalRun['entries']): JournalRun => ({
  header: { fp_journal: 1, portal: 'http://127.0.0.1:1', command: 'posts update', started_at: '' },
  entries,
});
const e = (key: string, op: string, outcome: string, before: object | null, after: object | null) => ({
  key,
  op,
  outcome,
  before: before as Record<string, unknown> | null,
  after: after as Record<string, unknown> | null,
  at: '',
});

describe('what undo restores (D-BULK-UNDO)', () => {
  it('per post, each field as the first run found it and as the last run left it; unchanged and failed items have nothing to undo', () => {
    const items = undoItems([
      run([
        e('a', 'update', 'changed', { status_id: 1 }, { status_id: 2 }),
        e('b', 'update', 'unchanged', { status_id: 2 }, { status_id: 2 }),
        e('c', 'update', 'failed', null, null),
      ]),
      run([
        e('a', 'update', 'changed', { status_id: 2, category_id: null }, { status_id: 3, category_id: 4 }),
        e('a', 'unpublish', 'changed', { published: true }, { published: false }),
        e('d', 'delete', 'deleted', { id: 'd', title: 'Gone' }, null),
      ]),
    ]);
    expect(items).toEqual([
      {
        key: 'a',
        fields: { before: { status_id: 1, category_id: null }, after: { status_id: 3, category_id: 4 } },
        published: { before: true, after: false },
      },
      { key: 'd', deleted: { id: 'd', title: 'Gone' } },
    ]);
  });
});
