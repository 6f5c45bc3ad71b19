import type { Group } from '../../contract/schemas/group.js';
import type { GroupRecord } from '../../seed-file/seed-file.js';
import type { Portal } from '../store/portal.js';
import { isoMicros } from './user.js';

export function presentGroup(portal: Portal, g: GroupRecord): Group {
  return {
    id: g.id,
    portal_id: portal.id,
    name: g.name,
    description: g.description,
    created_at: isoMicros(g.created_at),
    updated_at: isoMicros(g.updated_at),
  };
}
