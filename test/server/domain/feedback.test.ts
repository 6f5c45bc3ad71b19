import { beforeEach, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../../src/server/domain/errors.js';
import {
  createFeedback,
  deleteFeedback,
  listFeedback,
  summarizePortalFeedback,
  updateFeedback,
} from '../../../src/server/domain/feedback.js';
import { seedWith, storedPortal } from './stored-portal.js';
import type { Portal } from '../../../src/server/store/portal.js';
import { ANN, BOB, fixtureSeed } from '../../support/fixture-seed.js';

const NOW = new Date('2026-07-01T12:00:00Z');
let portal: Portal;
beforeEach(() => {
  portal = storedPortal(fixtureSeed(), new Date('2026-06-01T00:00:00Z'));
});

describe('feedback domain', () => {
  it('D-FEEDBACK-LIST lists newest first; entries of the same instant put the later-created first', () => {
    createFeedback(portal, { type: 'a', feedback: 'one' }, NOW);
    createFeedback(portal, { type: 'b', feedback: 'two' }, NOW);
    expect(listFeedback(portal).map((f) => f.id)).toEqual(['fb-4', 'fb-3', 'fb-2', 'fb-1']);
  });

  it("attributes to the given user, else the portal's first admin, else nobody", () => {
    const feedbackAuthor = (on: Portal, user_id: string | undefined) =>
      createFeedback(on, { type: 'idea', feedback: 'x', user_id }, NOW).user_id;
    expect(feedbackAuthor(portal, BOB)).toBe(BOB);
    expect(feedbackAuthor(portal, BOB.toUpperCase())).toBe(BOB);
    expect(feedbackAuthor(portal, undefined)).toBe(ANN);
    expect(feedbackAuthor(portal, 'unknown')).toBe(ANN);
    const withoutAdmins = seedWith(
      (s) => (s.users = s.users!.map((u) => (u.role === 'admin' ? { ...u, role: 'member' } : u))),
    );
    expect(feedbackAuthor(storedPortal(withoutAdmins), 'unknown')).toBeNull();
  });

  it('D-FEEDBACK-IDS-NEVER-REUSED ids are fb-<n> from the portal counter; an id already taken is skipped', () => {
    portal.feedback.insert({ ...portal.feedback.list()[0], id: 'fb-3' });
    expect(createFeedback(portal, { type: 'x', feedback: 'y' }, NOW).id).toBe('fb-4');
  });

  it('update changes the text and updated_at; an unchanged text keeps updated_at', () => {
    const same = updateFeedback(portal, 'fb-1', { feedback: 'Love the new dashboard' }, NOW);
    expect(same.updated_at).toBe('2026-03-01T00:00:00Z');
    const changed = updateFeedback(portal, 'fb-1', { feedback: 'Changed' }, NOW);
    expect(changed).toMatchObject({ feedback: 'Changed', updated_at: NOW.toISOString() });
  });

  it('unknown feedback is a NotFoundError with the model message', () => {
    expect(() => deleteFeedback(portal, 'fb-9')).toThrow(NotFoundError);
    expect(() => deleteFeedback(portal, 'fb-9')).toThrow('No query results for model [App\\Models\\Feedback] fb-9');
    expect(() => updateFeedback(portal, 'fb-9', { feedback: 'x' }, NOW)).toThrow(NotFoundError);
  });

  it("summarizes only this portal's entries under the filters", () => {
    const all = summarizePortalFeedback(portal, {});
    expect(all.total).toBe(2);
    expect(summarizePortalFeedback(portal, { keyword: 'dashboard' }).by_type).toEqual({ idea: 1 });
  });

  it('a date the summary cannot read becomes a 422 field error, not a crash', () => {
    let err: unknown;
    try {
      summarizePortalFeedback(portal, { created_to: 'not a date' });
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ errors: { created_to: ['The created to field must be a valid date.'] } });
  });
});
