import type { Group } from '../../../contract/schemas/group.js';
import type { User } from '../../../contract/schemas/user.js';
import type { Column } from '../../output/output.js';

export const groupColumns: Column<Group>[] = [
  { header: 'ID', value: (g) => g.id },
  { header: 'NAME', value: (g) => g.name },
  { header: 'DESCRIPTION', value: (g) => g.description ?? '', max: 50 },
  { header: 'CREATED', field: 'created_at', value: (g) => g.created_at, date: true },
];

export const groupFields: Column<Group>[] = [
  { header: 'ID', value: (g) => g.id },
  { header: 'Name', value: (g) => g.name },
  { header: 'Description', value: (g) => g.description ?? '' },
  { header: 'Created', field: 'created_at', value: (g) => g.created_at },
  { header: 'Updated', field: 'updated_at', value: (g) => g.updated_at },
];

export const userColumns: Column<User>[] = [
  { header: 'ID', value: (u) => u.id },
  { header: 'DB ID', field: 'database_id', value: (u) => u.database_id ?? '' },
  { header: 'NAME', value: (u) => u.name },
  { header: 'ROLE', value: (u) => u.role },
  { header: 'CREATED', field: 'created_at', value: (u) => u.created_at, date: true },
];
