import { BOB, CARA, fixtureSeed } from '../../../support/fixture-seed.js';

/**
 * The fixture plus enough pending and rejected items to need several pages of 20:
 * 23 pending posts (pend3 and p1..p22), 45 pending comments (104 and 200..243),
 * 25 rejected posts (rej44 and r1..r24), 2 rejected comments.
 */
export function bigQueueSeed() {
  const seed = fixtureSeed();
  const portal = seed.portals[0];
  for (let i = 1; i <= 22; i++) {
    portal.posts!.push({
      key: `p${i}`,
      database_id: 10 + i,
      title: `Pending post ${i}`,
      description: 'Waiting',
      author_id: BOB,
      tab_id: 1,
      moderation_status: 'pending',
      created_at: '2026-03-01T00:00:00Z',
    });
  }
  for (let i = 1; i <= 24; i++) {
    portal.posts!.push({
      key: `r${i}`,
      database_id: 100 + i,
      title: `Rejected post ${i}`,
      description: 'Spam',
      author_id: CARA,
      tab_id: 1,
      moderation_status: 'rejected',
      created_at: '2026-03-02T00:00:00Z',
    });
  }
  for (let i = 0; i < 44; i++) {
    portal.comments!.push({
      id: 200 + i,
      post_key: 'dark1',
      user_id: CARA,
      comment: `Pending comment ${i}`,
      moderation_status: 'pending',
      created_at: '2026-03-03T00:00:00Z',
    });
  }
  portal.comments!.push({
    id: 250,
    post_key: 'dark1',
    user_id: CARA,
    comment: 'Rejected too',
    moderation_status: 'rejected',
    created_at: '2026-03-04T00:00:00Z',
  });
  return seed;
}
