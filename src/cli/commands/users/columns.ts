import type { Group } from '../../../contract/schemas/group.js';
import type { PortalUser } from '../../../contract/schemas/user.js';
import type { Column } from '../../output/output.js';

export const portalUserColumns: Column<PortalUser>[] = [
  { header: 'ID', value: (u) => u.id },
  { header: 'DB ID', field: 'database_id', value: (u) => u.database_id },
  { header: 'NAME', value: (u) => u.name, max: 30 },
  { header: 'EMAIL', value: (u) => u.email, max: 40 },
  { header: 'ROLE', value: (u) => u.role },
  { header: 'VOTES', field: 'counter_votes', value: (u) => u.counter_votes },
  { header: 'POSTS', field: 'counter_posts', value: (u) => u.counter_posts },
  { header: 'CREATED', field: 'created_at', value: (u) => u.created_at, date: true },
];

export const userGroupColumns: Column<Group>[] = [
  { header: 'ID', value: (g) => g.id },
  { header: 'NAME', value: (g) => g.name },
  { header: 'DESCRIPTION', value: (g) => g.description ?? '', max: 50 },
];
