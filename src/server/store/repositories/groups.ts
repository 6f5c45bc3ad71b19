import { sameName } from '../../../contract/name-key.js';
import type { GroupRecord, UserRecord } from '../../../seed-file/seed-file.js';
import { GROUPS, insertGroup, updateRow, USERS } from '../tables.js';
import type { PortalScope } from './portal-scope.js';

type Row = Record<string, unknown>;

/** The member columns of a user row, read through the join of a group's members. */
const MEMBER_SELECT = USERS.select
  .split(', ')
  .map((c) => `u.${c}`)
  .join(', ');

/** A portal's groups and their members (in the order they joined). */
export class GroupRepository {
  constructor(private readonly scope: PortalScope) {}

  /** Every group with its members' ids, in the order the groups were created. */
  list(): GroupRecord[] {
    return this.scope.all(GROUPS).map((g) => ({ ...g, user_ids: this.memberIds(g.id) }));
  }

  /** A group by id, whatever the case of the id, with its members' ids. */
  get(id: string): GroupRecord | undefined {
    const g = this.scope.first(GROUPS, 'id_lc = ?', [id.toLowerCase()]);
    return g === undefined ? undefined : { ...g, user_ids: this.memberIds(g.id) };
  }

  /** A group by name, compared by its key (D-NAME-KEY); its `user_ids` are not read (empty). */
  named(name: string): GroupRecord | undefined {
    const g = this.scope.all(GROUPS).find((row) => sameName(row.name, name));
    return g === undefined ? undefined : { ...g, user_ids: [] };
  }

  /** Members in the order they joined. */
  members(groupId: string): UserRecord[] {
    return this.scope.sql
      .all<Row>(
        `SELECT ${MEMBER_SELECT} FROM group_members m
         JOIN users u ON u.portal_id = m.portal_id AND u.id = m.user_id
         WHERE m.portal_id = ? AND m.group_id = ? ORDER BY m.row`,
        [this.scope.portalId, groupId],
      )
      .map(USERS.fromRow);
  }

  isMember(groupId: string, userId: string): boolean {
    return (
      this.scope.sql.one('SELECT 1 FROM group_members WHERE portal_id = ? AND group_id = ? AND user_id = ?', [
        this.scope.portalId,
        groupId,
        userId,
      ]) !== undefined
    );
  }

  insert(g: GroupRecord): void {
    insertGroup(this.scope.sql, this.scope.portalId, g);
  }

  update(id: string, patch: Partial<Omit<GroupRecord, 'id' | 'user_ids'>>): void {
    updateRow(this.scope.sql, GROUPS, this.scope.portalId, { id }, patch);
  }

  /** Memberships live on the group, so they go with it. */
  delete(id: string): void {
    const { sql, portalId } = this.scope;
    sql.run('DELETE FROM groups WHERE portal_id = ? AND id = ?', [portalId, id]);
    sql.run('DELETE FROM group_members WHERE portal_id = ? AND group_id = ?', [portalId, id]);
  }

  addMember(groupId: string, userId: string): void {
    this.scope.sql.run('INSERT INTO group_members (portal_id, group_id, user_id) VALUES (?, ?, ?)', [
      this.scope.portalId,
      groupId,
      userId,
    ]);
  }

  removeMember(groupId: string, userId: string): void {
    this.scope.sql.run('DELETE FROM group_members WHERE portal_id = ? AND group_id = ? AND user_id = ?', [
      this.scope.portalId,
      groupId,
      userId,
    ]);
  }

  private memberIds(groupId: string): string[] {
    return this.scope.sql
      .all<{ user_id: string }>('SELECT user_id FROM group_members WHERE portal_id = ? AND group_id = ? ORDER BY row', [
        this.scope.portalId,
        groupId,
      ])
      .map((m) => m.user_id);
  }
}
