import { endpointList, type Endpoint, type OperationName } from '../../contract/endpoints.js';

/** Ids, keys and addresses read from earlier answers, to fill the get operations' parameters. */
export interface Samples {
  post?: string;
  /** A post that has comments, for the comment list (else `post`). */
  commentedPost?: string;
  tab?: string;
  kbTab?: string;
  section?: string;
  user?: string;
  email?: string;
  group?: string;
  widget?: string;
  /** A post title, as a search and a duplicate check take words to look for. */
  words?: string;
}

/** What each path parameter or required query field is filled with. */
const FILL: Record<string, (s: Samples, op: string) => string | undefined> = {
  key: (s, op) => (op === 'comments.list' ? (s.commentedPost ?? s.post) : s.post),
  tab: (s) => s.tab,
  tabId: (s) => s.kbTab,
  tab_id: (s) => s.kbTab,
  section: (s) => s.section,
  user: (s) => s.user,
  email: (s) => s.email,
  group: (s) => s.group,
  id: (s, op) => (op.startsWith('groups.') ? s.group : undefined),
  widget: (s) => s.widget,
  search: (s) => s.words,
  title: (s) => s.words,
};

/**
 * The operations drift reads: every GET of the endpoint table that answers JSON (the route
 * forms of another operation are left out: they answer what it answers). Lists come before the
 * gets, which take their parameters from what the lists showed.
 */
export function driftOperations(include?: readonly string[]): Endpoint[] {
  const reads = endpointList.filter((e) => e.method === 'GET' && e.responseType !== 'zip' && !e.aliasOf);
  const chosen = include ? reads.filter((e) => include.some((i) => e.name === i || e.name.startsWith(`${i}.`))) : reads;
  const needsParams = (e: Endpoint) => Boolean(e.params) || requiredQuery(e).length > 0;
  return [...chosen.filter((e) => !needsParams(e)), ...chosen.filter(needsParams)];
}

/** Names drift can be told to --include: operation names and their groups. */
export function driftNames(): string[] {
  const names = driftOperations().map((e) => e.name);
  return [...new Set([...names.map((n) => n.split('.')[0]), ...names])];
}

function requiredQuery(e: Endpoint): string[] {
  const parsed = e.query?.safeParse({});
  return parsed && !parsed.success ? parsed.error.issues.map((i) => String(i.path[0])) : [];
}

/** The path params and query of an operation from the samples, or the first field there is no sample for. */
export function argumentsFor(
  e: Endpoint,
  samples: Samples,
): { params: Record<string, string>; query: Record<string, string> } | { missing: string } {
  const fill = (names: string[]) => {
    const out: Record<string, string> = {};
    for (const name of names) {
      const value = FILL[name]?.(samples, e.name);
      if (value === undefined) return name;
      out[name] = value;
    }
    return out;
  };
  const params = fill(Object.keys(e.params?.shape ?? {}));
  if (typeof params === 'string') return { missing: params };
  const query = fill(requiredQuery(e));
  if (typeof query === 'string') return { missing: query };
  return { params, query };
}

/** What a list answer tells the later gets. */
export function learn(samples: Samples, op: OperationName | string, answer: unknown): void {
  const data = (answer as { data?: unknown } | null)?.data;
  const items = (Array.isArray(data) ? data : []) as Array<Record<string, unknown>>;
  const first = items[0];
  const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
  switch (op) {
    case 'posts.list':
      samples.post ??= str(first?.id);
      samples.commentedPost ??= str(items.find((p) => Number(p.comments_count) > 0)?.id);
      samples.user ??= str((first?.author as Record<string, unknown> | undefined)?.id);
      samples.email ??= str((first?.author as Record<string, unknown> | undefined)?.email);
      samples.words ??= str(first?.title);
      break;
    case 'tabs.list':
      samples.tab ??= str(first?.id);
      samples.kbTab ??= str(items.find((t) => t.type === 'knowledge_base')?.id);
      break;
    case 'sections.list':
      samples.section ??= str(first?.id);
      break;
    case 'users.list':
      samples.user = str(first?.id) ?? samples.user;
      samples.email = str(first?.email) ?? samples.email;
      break;
    case 'groups.list':
      samples.group ??= str(first?.id);
      break;
    case 'widgets.list':
      samples.widget ??= str(first?.id);
      break;
  }
}
