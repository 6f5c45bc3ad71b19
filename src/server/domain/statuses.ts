import type { StatusCreateBody, StatusUpdateBody } from '../../contract/schemas/status.js';
import type { Portal } from '../store/portal.js';
import type { StatusRecord } from '../../seed-file/seed-file.js';
import { noQueryResults, RuleViolation, ValidationError } from './errors.js';

const NAME_TAKEN = 'The name has already been taken.';
const DEFAULT_COLOR = '#888888';

/** A status by its integer id; any other value names none (404). */
function findStatus(portal: Portal, ref: string): StatusRecord {
  const status = /^\d+$/.test(ref) && Number.isSafeInteger(Number(ref)) ? portal.statuses.get(Number(ref)) : undefined;
  if (!status) throw noQueryResults('Status', ref);
  return status;
}

function check(portal: Portal, input: { name?: string; tab_id?: number | null }, except?: number): void {
  const errors: Record<string, string[]> = {};
  const holder = input.name === undefined ? undefined : portal.statuses.named(input.name);
  if (holder && holder.id !== except) errors.name = [NAME_TAKEN];
  if (input.tab_id != null && !portal.tabs.get(input.tab_id)) errors.tab_id = ['The selected tab id is invalid.'];
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

export function createStatus(portal: Portal, input: StatusCreateBody): StatusRecord {
  check(portal, input);
  const status: StatusRecord = {
    id: portal.statuses.nextId(),
    name: input.name,
    color: input.color ?? DEFAULT_COLOR,
    tab_id: input.tab_id ?? null,
  };
  portal.statuses.insert(status);
  return status;
}

/** Only the fields sent change; a new board takes the status's posts along (D-STATUS-WRITE). */
export function updateStatus(portal: Portal, ref: string, input: StatusUpdateBody): StatusRecord {
  const status = findStatus(portal, ref);
  check(portal, input, status.id);
  const patch: Partial<StatusRecord> = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.color !== undefined) patch.color = input.color;
  if (input.tab_id !== undefined) patch.tab_id = input.tab_id;
  portal.statuses.update(status.id, patch);
  if (patch.tab_id !== undefined && patch.tab_id !== status.tab_id) {
    const board = patch.tab_id ?? portal.tabs.list().find((t) => t.type === 'board')?.id ?? null;
    portal.statuses.movePosts(status.id, board);
  }
  return { ...status, ...patch };
}

/** A status posts are on is kept: deleting it would leave them without a board (D-STATUS-WRITE). */
export function deleteStatus(portal: Portal, ref: string): void {
  const status = findStatus(portal, ref);
  const used = portal.statuses.postCount(status.id);
  if (used > 0) {
    throw new RuleViolation(
      `The status is used by ${used} ${used === 1 ? 'post' : 'posts'}: move them to another status first.`,
    );
  }
  portal.statuses.delete(status.id);
}
