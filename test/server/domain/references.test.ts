import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../../src/server/domain/errors.js';
import { createReference, deleteReference } from '../../../src/server/domain/references.js';
import { seedWith, storedPortal } from './stored-portal.js';
import type { Portal } from '../../../src/server/store/portal.js';

const NOW = new Date('2026-06-01T00:00:00Z');
const portal = (): Portal => storedPortal();

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

describe('references (domain)', () => {
  it('a reference is stored on the post with the time it was made', () => {
    const p = portal();
    const ref = createReference(p, 'dark1', 'JIRA-1', NOW);
    expect(ref).toEqual({
      id: 1,
      post_key: 'dark1',
      reference: 'JIRA-1',
      created_at: NOW.toISOString(),
      updated_at: NOW.toISOString(),
    });
    expect(p.references.list()).toEqual([ref]);
  });

  it('reference ids count up from the highest id seeded and never come back after a delete', () => {
    const at = NOW.toISOString();
    const p = storedPortal(
      seedWith(
        (s) => (s.references = [{ id: 41, post_key: 'sso22', reference: 'seeded', created_at: at, updated_at: at }]),
      ),
    );
    expect(createReference(p, 'dark1', 'a', NOW).id).toBe(42);
    deleteReference(p, '42');
    expect(createReference(p, 'dark1', 'b', NOW).id).toBe(43);
  });

  it('a reference on an unknown post is not found', () => {
    const p = portal();
    const err = thrown(() => createReference(p, 'nope', 'x', NOW));
    expect(err).toBeInstanceOf(NotFoundError);
    expect((err as Error).message).toBe('No query results for model [App\\Models\\Post] nope');
    expect(p.references.list()).toEqual([]);
  });

  it('deleting removes exactly that reference', () => {
    const p = portal();
    createReference(p, 'dark1', 'a', NOW);
    createReference(p, 'dark1', 'b', NOW);
    deleteReference(p, '1');
    expect(p.references.list().map((r) => r.id)).toEqual([2]);
  });

  it("deleting an unknown or malformed id is not found in the service's words", () => {
    const p = portal();
    createReference(p, 'dark1', 'a', NOW);
    for (const id of ['2', '01x', '-1']) {
      const err = thrown(() => deleteReference(p, id));
      expect(err).toBeInstanceOf(NotFoundError);
      expect((err as Error).message).toBe(`No query results for model [App\\Models\\Reference] ${id}`);
    }
    expect(p.references.list()).toHaveLength(1);
  });
});
