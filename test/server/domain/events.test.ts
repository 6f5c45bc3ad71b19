import { describe, expect, it } from 'vitest';
import { dispatchPostApprovalJobs, recordEvent, recordMail } from '../../../src/server/domain/events.js';
import { loadSeed } from '../../../src/server/store/seeding/load-seed.js';
import { Store } from '../../../src/server/store/store.js';
import { storedPortal } from './stored-portal.js';
import { fixtureSeed } from '../../support/fixture-seed.js';

const NOW = new Date('2026-06-01T12:00:00Z');
const portal = () => storedPortal(fixtureSeed(), NOW);

describe('events', () => {
  it('recordEvent appends {type, occurred_at, payload} to the portal, oldest first', () => {
    const p = portal();
    const later = new Date('2026-06-01T12:00:05Z');
    const first = recordEvent(p, 'CommentCreated', { comment_id: 1 }, NOW);
    recordEvent(p, 'CommentCreated', { comment_id: 2 }, later);
    expect(first).toEqual({
      type: 'CommentCreated',
      occurred_at: '2026-06-01T12:00:00.000Z',
      payload: { comment_id: 1 },
    });
    expect(p.eventLog.records()).toEqual([
      first,
      { type: 'CommentCreated', occurred_at: '2026-06-01T12:00:05.000Z', payload: { comment_id: 2 } },
    ]);
  });

  it('events of one portal stay on that portal', () => {
    const store = new Store(loadSeed(fixtureSeed(), NOW));
    recordEvent(store.portals[0], 'CommentCreated', {}, NOW);
    expect(store.portals[1].eventLog.records()).toEqual([]);
  });

  it('a mail is an event of type "mail" with {to, subject, template}', () => {
    const p = portal();
    recordMail(p, { to: 'bob@test.test', subject: 'Hi', template: 'new_comment' }, NOW);
    expect(p.eventLog.records()).toEqual([
      {
        type: 'mail',
        occurred_at: NOW.toISOString(),
        payload: { to: 'bob@test.test', subject: 'Hi', template: 'new_comment' },
      },
    ]);
  });

  it('approving a post dispatches the translation, auto_tagging and auto_reply jobs', () => {
    const p = portal();
    dispatchPostApprovalJobs(p, 'pend3', NOW);
    expect(p.eventLog.records()).toEqual(
      ['translation', 'auto_tagging', 'auto_reply'].map((job) => ({
        type: 'job',
        occurred_at: NOW.toISOString(),
        payload: { job, post_key: 'pend3' },
      })),
    );
  });
});
