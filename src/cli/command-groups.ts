import type { Command } from 'commander';
import type { Factory } from './factory.js';

export interface GroupModule {
  register(program: Command, f: Factory): void;
}

/** Every top-level command, loaded only when it runs (or for help/completion of the whole tree). */
export const COMMAND_GROUPS: ReadonlyArray<{
  name: string;
  summary: string;
  hidden?: boolean;
  load: () => Promise<GroupModule>;
}> = [
  {
    name: 'auth',
    summary: 'Log in to portals and manage stored profiles',
    load: () => import('./commands/auth/index.js'),
  },
  {
    name: 'status',
    summary: 'What needs attention: moderation queue, link health, webhooks, rate limit',
    load: () => import('./commands/status/index.js'),
  },
  {
    name: 'portal',
    summary: 'Show the portal, or copy it into a seed file to rehearse on',
    load: () => import('./commands/portal/index.js'),
  },
  {
    name: 'posts',
    summary: 'List, view, create, update and delete posts',
    load: () => import('./commands/posts/index.js'),
  },
  {
    name: 'comments',
    summary: 'List, create, update and delete comments',
    load: () => import('./commands/comments/index.js'),
  },
  { name: 'categories', summary: 'Manage categories', load: () => import('./commands/categories/index.js') },
  { name: 'groups', summary: 'Manage user groups and their members', load: () => import('./commands/groups/index.js') },
  { name: 'votes', summary: 'List, add and remove votes on posts', load: () => import('./commands/votes/index.js') },
  { name: 'statuses', summary: 'List post statuses', load: () => import('./commands/statuses/index.js') },
  { name: 'tags', summary: 'List tags', load: () => import('./commands/tags/index.js') },
  { name: 'tabs', summary: 'List the tabs (boards), or show one', load: () => import('./commands/tabs/index.js') },
  { name: 'sections', summary: 'List sections and their children', load: () => import('./commands/sections/index.js') },
  {
    name: 'users',
    summary: 'List, show and find users; which groups a user is in',
    load: () => import('./commands/users/index.js'),
  },
  { name: 'references', summary: 'Attach references to posts', load: () => import('./commands/references/index.js') },
  { name: 'widgets', summary: "List the portal's widgets", load: () => import('./commands/widgets/index.js') },
  {
    name: 'vision',
    summary: "Read, write and delete the portal's product vision",
    load: () => import('./commands/vision/index.js'),
  },
  {
    name: 'feedback',
    summary: 'Manage and summarize feedback entries',
    load: () => import('./commands/feedback/index.js'),
  },
  {
    name: 'moderation',
    summary: 'Review, approve and reject pending posts and comments',
    load: () => import('./commands/moderation/index.js'),
  },
  {
    name: 'webhooks',
    summary: "Receive, verify and forward webhooks; manage the reference server's",
    load: () => import('./commands/webhooks/index.js'),
  },
  { name: 'events', summary: "Tail the portal's events log", load: () => import('./commands/events/index.js') },
  { name: 'kb', summary: 'Knowledge base: link health and ZIP sync', load: () => import('./commands/kb/index.js') },
  {
    name: 'api',
    summary: 'Make an authenticated request to any API path',
    load: () => import('./commands/api/index.js'),
  },
  {
    name: 'mcp',
    summary: 'Serve the portal as MCP tools on stdio, for agents',
    load: () => import('./commands/mcp/index.js'),
  },
  { name: 'server', summary: 'Run the reference server locally', load: () => import('./commands/server/index.js') },
  {
    name: 'completion',
    summary: 'Print a shell completion script',
    load: () => import('./commands/completion/index.js'),
  },
  // What the completion scripts call on TAB: names kept from the last lists.
  {
    name: '__complete',
    summary: 'Print the names completion offers',
    hidden: true,
    load: () => import('./commands/completion/names.js'),
  },
];
