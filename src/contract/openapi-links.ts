/**
 * The OpenAPI `links` of each operation's 200 answer: which later operations take an id
 * from it, and from where. A client or a generator can then follow real ids (the group
 * just created, the scan just started) instead of guessing them.
 */
interface OpenApiLink {
  readonly operationId: string;
  /** Parameter name → a runtime expression (`$response.body#/data/id`) or a constant. */
  readonly parameters: Readonly<Record<string, string>>;
  readonly description: string;
}

type Links = Readonly<Record<string, OpenApiLink>>;

const CREATED_ID = '$response.body#/data/id';

/** One link per operation that acts on the item `parameter` names. */
function sameItem(what: string, parameter: string, value: string, operationIds: readonly string[]): Links {
  return Object.fromEntries(
    operationIds.map((operationId) => [
      operationId.replace(/\W(\w)/g, (_m, c: string) => c.toUpperCase()),
      { operationId, parameters: { [parameter]: value }, description: `The ${what} of this answer.` },
    ]),
  );
}

export const openApiLinks: Readonly<Record<string, Links>> = {
  'posts.list': sameItem('first post', 'key', '$response.body#/data/0/id', ['comments.list', 'comments.create']),
  'posts.create': sameItem('post', 'key', CREATED_ID, ['posts.get', 'posts.update', 'posts.delete']),
  'votes.addAnonymous': {
    votesRemoveAnonymous: {
      operationId: 'votes.removeAnonymous',
      parameters: { key: '$request.path.key', anonymous_id: '$request.path.anonymous_id' },
      description: 'Revoke the vote just added.',
    },
  },
  'categories.create': sameItem('category', 'id', CREATED_ID, ['categories.update', 'categories.delete']),
  'comments.create': sameItem('comment', 'id', CREATED_ID, ['comments.update', 'comments.delete']),
  'references.create': sameItem('reference', 'id', CREATED_ID, ['references.delete']),
  'groups.list': sameItem('first group', 'id', '$response.body#/data/0/id', ['groups.get']),
  'groups.create': {
    ...sameItem('group', 'id', CREATED_ID, ['groups.get', 'groups.update', 'groups.update.put', 'groups.delete']),
    ...sameItem('group', 'group', CREATED_ID, ['groups.listUsers', 'groups.addUser', 'groups.removeUser']),
  },
  'groups.get': sameItem('group', 'group', CREATED_ID, ['groups.listUsers', 'groups.addUser', 'groups.removeUser']),
  'feedback.create': sameItem('feedback entry', 'id', CREATED_ID, [
    'feedback.update',
    'feedback.updatePatch',
    'feedback.delete',
  ]),
  'moderation.pending': {
    moderationApprovePost: {
      operationId: 'moderation.approve',
      parameters: { type: 'post', identifier: '$response.body#/data/posts/0/id' },
      description: 'Approve the first pending post of this page.',
    },
    moderationRejectComment: {
      operationId: 'moderation.reject',
      parameters: { type: 'comment', identifier: '$response.body#/data/comments/0/id' },
      description: 'Reject the first pending comment of this page.',
    },
  },
  'knowledgebase.scanLinks': {
    ...sameItem('scan', 'scanId', '$response.body#/data/scan_id', ['knowledgebase.scanProgress']),
    ...sameItem('tab', 'tabId', '$response.body#/data/tab_id', ['knowledgebase.linkResults']),
  },
};
