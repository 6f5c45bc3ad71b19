import { describe, expect, it } from 'vitest';
import { createComment, deleteComment } from '../../../src/server/domain/comments.js';
import { moderate } from '../../../src/server/domain/moderation.js';
import { changePostStatus, emitPostDeleted } from '../../../src/server/domain/posts-events.js';
import { addAnonymousVote, removeAnonymousVote } from '../../../src/server/domain/votes.js';
import type { Portal } from '../../../src/server/store/portal.js';
import { ANN, CARA } from '../../support/fixture-seed.js';
import { seedWith, storedPortal } from './stored-portal.js';

const NOW = new Date('2026-06-01T12:00:00.250Z');
const moderated = (): Portal =>
  storedPortal(
    seedWith((p) => void (p.moderate_comments = true)),
    NOW,
  );
const open = (): Portal => storedPortal(undefined, NOW);
/** The portal's events (not mail or jobs): [event, subject id]. */
const announced = (p: Portal) =>
  p.eventLog
    .list({ portalOnly: true })
    .map((e) => [e.type, subjectId(e.payload as { data: Record<string, { id: unknown }> })]);
const subjectId = ({ data }: { data: Record<string, { id: unknown } | null> }) =>
  (data.comment ?? data.vote ?? data.post)?.id;
const envelope = (p: Portal, i = -1) => p.eventLog.list({ portalOnly: true }).at(i)!.payload as any;
const say = (p: Portal, text: string, extra = {}) =>
  createComment(p, 'dark1', { user_id: CARA, comment: text, ...extra }, NOW);

describe('D-WEBHOOK-VISIBLE only what end users can see is announced', () => {
  it('a pending comment announces nothing; deleting it announces nothing', () => {
    const p = moderated();
    const c = say(p, 'Waiting for review');
    deleteComment(p, String(c.id), NOW);
    expect(announced(p)).toEqual([]);
  });

  it('deleting an approved comment announces it and each approved direct reply, described as they were', () => {
    const p = open();
    const parent = say(p, 'Parent comment');
    const reply = say(p, 'A reply to it', { parent_id: parent.id });
    deleteComment(p, String(parent.id), NOW);
    expect(announced(p)).toEqual([
      ['comment.created', parent.id],
      ['comment.created', reply.id],
      ['comment.deleted', parent.id],
      ['comment.deleted', reply.id],
    ]);
    expect(envelope(p).data).toMatchObject({ comment: { comment: 'A reply to it' }, user: { id: ANN, role: 'admin' } });
  });

  it('a post that is not approved announces neither deletion nor status change', () => {
    const p = open();
    const pending = p.posts.get('pend3')!;
    emitPostDeleted(p, pending, NOW);
    changePostStatus(p, pending, 2, NOW);
    expect(announced(p)).toEqual([]);
  });
});

describe('D-WEBHOOK-APPROVAL approval announces', () => {
  it('approving a pending comment emits its comment.created then; a silent one stays silent', () => {
    const p = moderated();
    const loud = say(p, 'Announce me later');
    const quiet = say(p, 'Never announce me', { silent: true });
    moderate(p, 'approve', 'comment', String(loud.id), NOW);
    moderate(p, 'approve', 'comment', String(quiet.id), NOW);
    expect(announced(p)).toEqual([['comment.created', loud.id]]);
    expect(envelope(p).data.comment).toMatchObject({ id: loud.id, moderation_status: 'approved' });
  });

  it('approving a pending post of the seed emits its post.created, with its author as the user', () => {
    const p = open();
    moderate(p, 'approve', 'post', 'pend3', NOW);
    expect(announced(p)).toEqual([['post.created', 'pend3']]);
    expect(envelope(p).data).toMatchObject({ post: { id: 'pend3', moderation_status: 'approved' } });
  });
});

describe('D-WEBHOOK-ENVELOPE and D-WEBHOOK-DATA what an event carries', () => {
  it('the envelope: evt_ id, creation time to the second, the event, data with the portal', () => {
    const p = open();
    const c = say(p, 'Look at my envelope');
    expect(envelope(p)).toEqual({
      id: expect.stringMatching(/^evt_[A-Za-z0-9]{16}$/),
      creation_time: '2026-06-01T12:00:00Z',
      event: 'comment.created',
      data: {
        comment: expect.objectContaining({ id: c.id, url: `http://test.localhost/p/dark1#comment-${c.id}` }),
        post: expect.objectContaining({ id: 'dark1', url: 'http://test.localhost/p/dark1' }),
        user: expect.objectContaining({ id: CARA, name: expect.any(String), email: expect.any(String) }),
        portal: { guid: p.guid, title: p.title },
      },
    });
    // Ids are drawn at random: 200 events have 200 of them.
    for (let i = 0; i < 199; i++) say(p, `Comment ${i}`);
    const ids = new Set(p.eventLog.list({ portalOnly: true }).map((e) => (e.payload as { id: string }).id));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^evt_[A-Za-z0-9]{16}$/);
  });

  it('a status change says the status before and after; the acting user is the portal admin', () => {
    const p = open();
    changePostStatus(p, p.posts.get('dark1')!, 2, NOW);
    expect(envelope(p)).toMatchObject({
      event: 'post.status_changed',
      data: {
        post: { id: 'dark1' },
        previous_status: { id: 1, name: 'Under review', color: '#999999' },
        status: { id: 2, name: 'Planned', color: '#3366ff' },
        user: { id: ANN },
      },
    });
    expect(p.posts.get('dark1')).toMatchObject({ status_id: 2, latest_status_change_at: NOW.toISOString() });
  });

  it('D-WEBHOOK-ANONYMOUS-VOTE an anonymous vote has no id and no voter; its anonymous id pairs created and deleted', () => {
    const p = open();
    addAnonymousVote(p, 'dark1', 'anon-1', NOW);
    removeAnonymousVote(p, 'dark1', 'anon-1', NOW);
    const [created, deleted] = p.eventLog.list({ portalOnly: true }).map((e) => e.payload as any);
    const vote = { id: null, created_at: '2026-06-01T12:00:00.250000Z', voter: null, anonymous_id: 'anon-1' };
    expect(created).toMatchObject({ event: 'vote.created', data: { vote, user: null, post: { id: 'dark1' } } });
    expect(deleted).toMatchObject({ event: 'vote.deleted', data: { vote, user: null } });
    expect(created.data.post.votes_count + 0).toBe(deleted.data.post.votes_count + 1);
  });
});
