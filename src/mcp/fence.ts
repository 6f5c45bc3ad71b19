import { isFencedNode, UNTRUSTED, WITHHELD, type JsonSchema } from './output-schema.js';

/**
 * Fences an API answer for an agent: every field the output schema marks as written
 * by the public becomes `{untrusted: text}`. JSON escaping is the fence: no text can
 * close it. Under lockdown the text of an item that is not approved, or whose author
 * is not of the portal's team, becomes `{withheld: reason}` instead.
 */
export function fenceAnswer(answer: unknown, schema: JsonSchema, lockdown: boolean): unknown {
  const defs = (schema.$defs ?? {}) as Record<string, JsonSchema>;
  const walk = (value: unknown, node: JsonSchema | undefined, reason: string | undefined): unknown => {
    const here = node && branchFor(resolve(node, defs), value, defs);
    if (!here) return value;
    if (isFencedNode(here)) {
      if (typeof value !== 'string') return value;
      return reason === undefined ? { [UNTRUSTED]: value } : { [WITHHELD]: reason };
    }
    if (Array.isArray(value)) return value.map((v) => walk(v, here.items as JsonSchema | undefined, reason));
    if (value === null || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    const inner = lockdown ? withholdReason(record, reason) : undefined;
    const properties = (here.properties ?? {}) as Record<string, JsonSchema>;
    const rest = typeof here.additionalProperties === 'object' ? (here.additionalProperties as JsonSchema) : undefined;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(record)) out[key] = walk(v, properties[key] ?? rest, inner);
    return out;
  };
  return walk(answer, schema, lockdown ? AUTHOR_UNKNOWN : undefined);
}

const AUTHOR_UNKNOWN = 'lockdown: its author is not known to be of the portal team';
const OUTSIDE_TEAM = 'lockdown: written by someone outside the portal team';

/** The team: every role but the public's (`member`). */
const isTeamRole = (role: unknown): boolean => typeof role === 'string' && role !== '' && role !== 'member';

/**
 * Why an item's text is withheld under lockdown, read from the item itself: its
 * moderation status, then its author's role (or its own, for a user). An object that
 * says neither inherits the reason of what holds it.
 */
function withholdReason(item: Record<string, unknown>, inherited: string | undefined): string | undefined {
  const status = item.moderation_status;
  if (typeof status === 'string' && status !== 'approved') return `lockdown: not approved (${status})`;
  const author = item.author as Record<string, unknown> | null | undefined;
  if (author && typeof author === 'object' && 'role' in author)
    return isTeamRole(author.role) ? undefined : OUTSIDE_TEAM;
  if (typeof item.role === 'string') return isTeamRole(item.role) ? undefined : OUTSIDE_TEAM;
  if (status === 'approved' && author && typeof author === 'object') return AUTHOR_UNKNOWN;
  return inherited;
}

function resolve(node: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/$defs/')) return defs[ref.slice('#/$defs/'.length)] ?? node;
  return node;
}

/** The branch of a union that describes this value (by its JSON type); the node itself otherwise. */
function branchFor(node: JsonSchema, value: unknown, defs: Record<string, JsonSchema>): JsonSchema | undefined {
  const options = (node.anyOf ?? node.oneOf) as JsonSchema[] | undefined;
  if (!options) return node;
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  const fits = (branch: JsonSchema) => {
    if (isFencedNode(branch)) return kind === 'string';
    const type = branch.type;
    if (type === undefined) return branch.properties !== undefined ? kind === 'object' : false;
    const types = Array.isArray(type) ? type : [type];
    return types.includes(kind) || (kind === 'number' && types.includes('integer'));
  };
  const branches = options.map((o) => resolve(o, defs)).filter(fits);
  // Of several object shapes (a post or a comment), the one whose required fields and constants the value has.
  const found =
    kind === 'object'
      ? (branches.find((b) => describes(b, value as Record<string, unknown>)) ?? branches[0])
      : branches[0];
  return found && branchFor(found, value, defs);
}

/** Whether an object branch describes the value: its required fields are there, and its constants agree. */
function describes(branch: JsonSchema, value: Record<string, unknown>): boolean {
  const required = (branch.required ?? []) as string[];
  if (!required.every((k) => k in value)) return false;
  const properties = (branch.properties ?? {}) as Record<string, JsonSchema>;
  return Object.entries(properties).every(([k, p]) => !('const' in p) || !(k in value) || value[k] === p.const);
}
