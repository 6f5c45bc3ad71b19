import { timestampMs } from '../../seed-file/seed-file.js';
import { batchShape, boundValues, everyValueBound, valuesList } from './batch-shape.js';
import type { Statement } from './database.js';
import type { Sql } from './sql.js';
import type {
  AnonymousVoteRecord,
  ApiKeyRecord,
  CategoryRecord,
  CommentRecord,
  CommentVoteRecord,
  EventRecord,
  FeedbackRecord,
  GroupRecord,
  PostRecord,
  ProductVisionRecord,
  ReferenceRecord,
  SavedQueryRecord,
  SectionRecord,
  StatusRecord,
  TabRecord,
  TagRecord,
  UserRecord,
  UserVoteRecord,
  WidgetRecord,
} from '../../seed-file/seed-file.js';

/**
 * Records (the seed-file shapes of `state.ts`) to rows and back. Each kind of
 * record names its table, its columns, and the columns derived from them (times
 * in milliseconds, lower-cased copies) that orders use.
 */

type Row = Record<string, unknown>;
const ms = (iso: string | null | undefined): number | null => (iso ? timestampMs(iso) : null);
const bool = (v: unknown): boolean => v === 1 || v === true;
const int = (v: boolean): number => (v ? 1 : 0);

export interface TableSpec<R> {
  table: string;
  /** Record field → column value (derived columns included). */
  toRow(record: Partial<R>): Row;
  fromRow(row: Row): R;
  /** The columns a SELECT of this kind reads. */
  select: string;
  /** Every column a row of this kind fills, derived ones included. */
  columns: string[];
  /** Appends a whole record's column values to `out`, in the order of `columns` (missing fields are NULL). */
  pushValues(out: unknown[], record: R): void;
}

/** A conversion of one field's value; each pair is typed for its own field, so the table takes any. */
type Convert = (v: never) => unknown;

/**
 * `pushValues` of a kind of record, written out for its fields: a bulk load reads each
 * field of hundreds of thousands of records, and a load by a field name that varies
 * (`record[fields[i]]`) is several times slower in V8 than one the code names.
 */
function compilePushValues(
  fields: string[],
  converters: (Convert | undefined)[],
  makers: ((r: never) => unknown)[],
): (out: unknown[], record: never) => void {
  const cells = fields.map((field, i) => {
    const value = `r[${JSON.stringify(field)}]`;
    return `${value} === undefined ? null : ${converters[i] ? `convert[${i}](${value})` : value}`;
  });
  makers.forEach((_, j) => cells.push(`make[${j}](r) ?? null`));
  const body = `return function pushValues(out, r) { out.push(${cells.map((c) => `(${c})`).join(', ')}); };`;
  return new Function('convert', 'make', body)(converters, makers) as (out: unknown[], record: never) => void;
}

function plain<R>(
  table: string,
  fields: string[],
  convert: Partial<Record<string, [Convert, Convert]>> = {},
  derived: Record<string, (r: never) => unknown> = {},
  dependsOn: Record<string, string> = {},
): TableSpec<R> {
  const makers = Object.values(derived);
  const converters = fields.map((k) => convert[k]?.[0]);
  return {
    table,
    select: fields.join(', '),
    columns: [...fields, ...Object.keys(derived)],
    pushValues: compilePushValues(fields, converters, makers),
    toRow(record) {
      const row: Row = {};
      for (const [k, v] of Object.entries(record)) {
        if (!fields.includes(k)) continue;
        row[k] = convert[k] ? convert[k]![0](v as never) : v;
      }
      for (const [col, make] of Object.entries(derived)) {
        if (dependsOn[col] in record) row[col] = make(record as never);
      }
      return row;
    },
    fromRow(row) {
      const out: Row = {};
      for (const k of fields) out[k] = convert[k] ? convert[k]![1](row[k] as never) : row[k];
      return out as R;
    },
  };
}

const BOOL: [(v: boolean) => number, (v: unknown) => boolean] = [int, bool];
const JSON_VALUE: [(v: unknown) => string, (v: unknown) => unknown] = [
  (v) => JSON.stringify(v),
  (v) => JSON.parse(String(v)),
];

export const API_KEYS = plain<ApiKeyRecord>('api_keys', ['token', 'read_only', 'expires_at'], { read_only: BOOL });
/** A column that holds an optional field: NULL reads back as the field left out. */
const OPTIONAL: [(v: unknown) => unknown, (v: unknown) => unknown] = [(v) => v ?? null, (v) => v ?? undefined];
const OPTIONAL_JSON: [(v: unknown) => unknown, (v: unknown) => unknown] = [
  (v) => (v === undefined || v === null ? null : JSON.stringify(v)),
  (v) => (v === null || v === undefined ? undefined : JSON.parse(String(v))),
];

export const USERS = plain<UserRecord>(
  'users',
  ['id', 'database_id', 'name', 'email', 'role', 'created_at', 'plan', 'segments'],
  { plan: OPTIONAL, segments: OPTIONAL_JSON },
  { id_lc: (r: UserRecord) => r.id.toLowerCase(), name_lc: (r: UserRecord) => r.name.toLowerCase() },
  { id_lc: 'id', name_lc: 'name' },
);
export const TABS = plain<TabRecord>('tabs', ['id', 'slug', 'name', 'type', 'description']);
export const SECTIONS = plain<SectionRecord>('sections', [
  'id',
  'tab_id',
  'slug',
  'name',
  'parent_id',
  'description',
  'sort_order',
]);
export const STATUSES = plain<StatusRecord>('statuses', ['id', 'name', 'color', 'tab_id']);
export const TAGS = plain<TagRecord>('tags', ['id', 'name']);
export const CATEGORIES = plain<CategoryRecord>('categories', ['id', 'name', 'color', 'sort_order', 'locked'], {
  locked: BOOL,
});
export const GROUPS = plain<Omit<GroupRecord, 'user_ids'>>(
  'groups',
  ['id', 'name', 'description', 'created_at', 'updated_at'],
  {},
  { id_lc: (r: GroupRecord) => r.id.toLowerCase() },
  { id_lc: 'id' },
);
const POST_FIELDS = [
  'key',
  'database_id',
  'title',
  'description',
  'author_id',
  'tab_id',
  'section_id',
  'status_id',
  'moderation_status',
  'votes_count',
  'views_count',
  'published',
  'platform',
  'version',
  'release',
  'slug',
  'sort_order',
  'created_at',
  'updated_at',
  'latest_status_change_at',
  'moderated_by',
  'moderated_at',
];
export const POSTS = plain<Omit<PostRecord, 'category_ids' | 'tag_ids'>>(
  'posts',
  POST_FIELDS,
  { published: BOOL },
  {
    title_lc: (r: PostRecord) => r.title.toLowerCase(),
    created_ms: (r: PostRecord) => ms(r.created_at),
    updated_ms: (r: PostRecord) => ms(r.updated_at),
    latest_status_change_ms: (r: PostRecord) => ms(r.latest_status_change_at),
  },
  {
    title_lc: 'title',
    created_ms: 'created_at',
    updated_ms: 'updated_at',
    latest_status_change_ms: 'latest_status_change_at',
  },
);
export const COMMENTS = plain<CommentRecord>(
  'comments',
  [
    'id',
    'post_key',
    'user_id',
    'comment',
    'parent_id',
    'moderation_status',
    'pinned_to_top',
    'tagged_for_changelog',
    'votes_count',
    'created_at',
    'updated_at',
    'moderated_by',
    'moderated_at',
  ],
  { pinned_to_top: BOOL, tagged_for_changelog: BOOL },
  { created_ms: (r: CommentRecord) => ms(r.created_at) },
  { created_ms: 'created_at' },
);
export const FEEDBACK = plain<FeedbackRecord>(
  'feedback',
  ['id', 'type', 'feedback', 'user_id', 'source', 'widget_id', 'created_at', 'updated_at'],
  {},
  { created_ms: (r: FeedbackRecord) => ms(r.created_at) },
  { created_ms: 'created_at' },
);
export const REFERENCES = plain<ReferenceRecord>('post_references', [
  'id',
  'post_key',
  'reference',
  'created_at',
  'updated_at',
]);
export const VOTES = plain<AnonymousVoteRecord>(
  'anonymous_votes',
  ['post_key', 'anonymous_id', 'created_at'],
  {},
  { created_ms: (r: AnonymousVoteRecord) => ms(r.created_at) },
  { created_ms: 'created_at' },
);
export const USER_VOTES = plain<UserVoteRecord>(
  'user_votes',
  ['id', 'post_key', 'user_id', 'created_at'],
  {},
  { created_ms: (r: UserVoteRecord) => ms(r.created_at) },
  { created_ms: 'created_at' },
);
export const COMMENT_VOTES = plain<CommentVoteRecord>(
  'comment_votes',
  ['comment_id', 'anonymous_id', 'created_at'],
  {},
  { created_ms: (r: CommentVoteRecord) => ms(r.created_at) },
  { created_ms: 'created_at' },
);
export const SAVED_QUERIES = plain<SavedQueryRecord>('saved_queries', ['id', 'name', 'query'], { query: JSON_VALUE });
export const WIDGETS = plain<WidgetRecord>(
  'widgets',
  ['id', 'name', 'type', 'tab_id', 'created_at', 'updated_at'],
  {},
  { id_lc: (r: WidgetRecord) => r.id.toLowerCase() },
  { id_lc: 'id' },
);
export const PRODUCT_VISIONS = plain<ProductVisionRecord>('product_visions', [
  'id',
  'title',
  'content',
  'created_at',
  'updated_at',
]);
export const EVENTS = plain<EventRecord>('events', ['type', 'occurred_at', 'payload'], { payload: JSON_VALUE });

/** An image of a knowledge-base tab (no seed holds them: they come with a sync archive). */
export interface KbImageRecord {
  tab_id: number;
  key: string;
  content_type: string;
  sha256: string;
  size: number;
  data: Buffer;
  created_at: string;
  updated_at: string;
}
/** A BLOB as the driver hands it back (a Buffer of its own realm, or bytes), as a Buffer of this one. */
const BYTES: [(v: Buffer) => Buffer, (v: unknown) => Buffer] = [
  (v) => v,
  (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v as Uint8Array)),
];
export const KB_IMAGES = plain<KbImageRecord>(
  'kb_images',
  ['tab_id', 'key', 'content_type', 'sha256', 'size', 'data', 'created_at', 'updated_at'],
  { data: BYTES },
);

/** Post rows with their category and tag ids, in the order they were given. */
export const POST_SELECT = `${POSTS.select},
  (SELECT json_group_array(category_id) FROM (SELECT category_id FROM post_categories c
    WHERE c.portal_id = posts.portal_id AND c.post_key = posts.key ORDER BY c.row)) AS category_ids,
  (SELECT json_group_array(tag_id) FROM (SELECT tag_id FROM post_tags t
    WHERE t.portal_id = posts.portal_id AND t.post_key = posts.key ORDER BY t.row)) AS tag_ids,
  comments_count AS approved_comments,
  (SELECT comment FROM comments c INDEXED BY comments_by_post WHERE c.portal_id = posts.portal_id AND c.post_key = posts.key
    AND c.tagged_for_changelog = 1 AND c.moderation_status = 'approved' ORDER BY c.row LIMIT 1) AS changelog_text`;

export function postFromRow(row: Row): PostRecord {
  return {
    ...(POSTS.fromRow(row) as Omit<PostRecord, 'category_ids' | 'tag_ids'>),
    category_ids: JSON.parse(String(row.category_ids)),
    tag_ids: JSON.parse(String(row.tag_ids)),
  };
}

export function insertRow<R>(sql: Sql, spec: TableSpec<R>, portalId: number, record: R): void {
  const row = spec.toRow(record as Partial<R>);
  const cols = ['portal_id', ...Object.keys(row)];
  sql.run(`INSERT INTO ${spec.table} (${cols.join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`, [
    portalId,
    ...Object.values(row),
  ]);
}

/** Sets the given fields of the rows matching `where` (column → value) of one portal. */
export function updateRow<R>(sql: Sql, spec: TableSpec<R>, portalId: number, where: Row, patch: Partial<R>): number {
  const row = spec.toRow(patch);
  const sets = Object.keys(row);
  if (sets.length === 0) return 0;
  const conds = Object.keys(where);
  return sql.run(
    `UPDATE ${spec.table} SET ${sets.map((c) => `${c} = ?`).join(', ')} WHERE portal_id = ? AND ${conds.map((c) => `${c} = ?`).join(' AND ')}`,
    [...Object.values(row), portalId, ...Object.values(where)],
  );
}

/** Rows per INSERT of a bulk load: the driver's cost is mostly per call and per bound value, so a call carries many rows. */
const ROWS_PER_INSERT = 64;
/** Statements of other batch shapes kept per bulk insert; a batch of yet another shape binds every value. */
const KEPT_SHAPES = 32;

/**
 * Inserts `count` rows, in order, inside the caller's transaction: `fill(values, i)`
 * appends the values of row i. ROWS_PER_INSERT rows go per run of a multi-row
 * statement that binds a value repeated in the batch once (batch-shape.ts); the
 * rest go row by row.
 */
function insertInBatches(
  sql: Sql,
  table: string,
  columns: string[],
  count: number,
  fill: (values: unknown[], i: number) => void,
): void {
  const head = `INSERT INTO ${table} (${columns.join(', ')}) VALUES `;
  const values: unknown[] = [];
  const params: unknown[] = [];
  const statements = new Map<string, Statement>();
  let i = 0;
  while (i + ROWS_PER_INSERT <= count) {
    values.length = 0;
    for (const end = i + ROWS_PER_INSERT; i < end; i++) fill(values, i);
    let shape = batchShape(values, columns.length, ROWS_PER_INSERT);
    if (!statements.has(shape.key) && statements.size >= KEPT_SHAPES) shape = everyValueBound(columns.length);
    let statement = statements.get(shape.key);
    if (!statement) {
      statement = sql.db.prepare(head + valuesList(shape, ROWS_PER_INSERT));
      statements.set(shape.key, statement);
    }
    statement.run(boundValues(values, shape, ROWS_PER_INSERT, params));
  }
  if (i < count) {
    const single = sql.prepare(`${head}(${columns.map(() => '?').join(', ')})`);
    for (; i < count; i++) {
      values.length = 0;
      fill(values, i);
      single.run(values);
    }
  }
  sql.generation++;
}

/** Inserts many rows (arrays of column values), in order, inside the caller's transaction. */
export function bulkInsert(sql: Sql, table: string, columns: string[], rows: unknown[][]): void {
  insertInBatches(sql, table, columns, rows.length, (params, i) => {
    const row = rows[i];
    for (let k = 0; k < row.length; k++) params.push(row[k]);
  });
}

/**
 * Inserts records of one kind for a portal in bulk; `more` appends columns computed
 * for each record (counters the triggers would otherwise keep).
 */
export function bulkInsertRecords<R>(
  sql: Sql,
  spec: TableSpec<R>,
  portalId: number,
  records: R[],
  more?: { columns: string[]; pushValues(out: unknown[], r: R): void },
): void {
  const columns = ['portal_id', ...spec.columns, ...(more?.columns ?? [])];
  insertInBatches(sql, spec.table, columns, records.length, (params, i) => {
    params.push(portalId);
    spec.pushValues(params, records[i]);
    more?.pushValues(params, records[i]);
  });
}

export function insertPost(sql: Sql, portalId: number, post: PostRecord): void {
  const { category_ids, tag_ids, ...rest } = post;
  insertRow(sql, POSTS, portalId, rest);
  setPostLinks(sql, portalId, post.key, category_ids, tag_ids);
}

export function setPostLinks(sql: Sql, portalId: number, key: string, categoryIds?: number[], tagIds?: string[]): void {
  if (categoryIds) {
    sql.run('DELETE FROM post_categories WHERE portal_id = ? AND post_key = ?', [portalId, key]);
    for (const id of categoryIds)
      sql.run('INSERT INTO post_categories (portal_id, post_key, category_id) VALUES (?, ?, ?)', [portalId, key, id]);
  }
  if (tagIds) {
    sql.run('DELETE FROM post_tags WHERE portal_id = ? AND post_key = ?', [portalId, key]);
    for (const id of tagIds)
      sql.run('INSERT INTO post_tags (portal_id, post_key, tag_id) VALUES (?, ?, ?)', [portalId, key, id]);
  }
}

export function insertGroup(sql: Sql, portalId: number, group: GroupRecord): void {
  const { user_ids, ...rest } = group;
  insertRow(sql, GROUPS, portalId, rest);
  for (const user of user_ids)
    sql.run('INSERT INTO group_members (portal_id, group_id, user_id) VALUES (?, ?, ?)', [portalId, group.id, user]);
}
