import { endpointList, type Endpoint, type HttpMethod } from '../../contract/endpoints.js';
import { decodePathSegment } from './request-path.js';

interface Route {
  endpoint: Endpoint;
  methods: HttpMethod[];
  pattern: RegExp;
  names: string[];
  /** Literal segments: a path that matches a more literal route belongs to it alone. */
  literals: number;
}

export type RouteMatch =
  | { kind: 'found'; endpoint: Endpoint; params: Record<string, string> }
  | { kind: 'method-not-allowed'; allowed: HttpMethod[] }
  | { kind: 'not-found' };

/** Routes compiled from the endpoint table; paths with several verbs share one pattern. */
export function createRouter(list: readonly Endpoint[] = endpointList) {
  const routes: Route[] = list.map((endpoint) => {
    const names: string[] = [];
    const source = endpoint.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return {
      endpoint,
      methods: [endpoint.method, ...(endpoint.alsoMethods ?? [])],
      pattern: new RegExp(`^${source}/?$`),
      names,
      literals: endpoint.path.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
    };
  });

  // A route matches only paths of its own number of segments, and its resource segment
  // (`/api/v1/{resource}`) when that is literal: the patterns tried per request are those few.
  const buckets = new Map<string, Route[]>();
  for (const route of routes) {
    const segments = route.endpoint.path.split('/');
    const resource = segments[RESOURCE];
    const key = bucketKey(segments.length, resource === undefined || resource.startsWith('{') ? ANY : resource);
    buckets.set(key, [...(buckets.get(key) ?? []), route]);
  }

  // Clients ask for the same few paths over and over: each is matched once. Long paths (and
  // many different ones) are not kept, so what is kept stays small.
  const known = new Map<string, RouteMatch>();
  return function match(method: string, pathname: string): RouteMatch {
    if (pathname.length > LONGEST_KEPT_PATH) return find(method, pathname);
    const key = `${method} ${pathname}`;
    let found = known.get(key);
    if (!found) {
      found = find(method, pathname);
      if (found.kind === 'found') Object.freeze(found.params);
      if (known.size >= MOST_KEPT_PATHS) known.clear();
      known.set(key, found);
    }
    return found;
  };

  function find(method: string, pathname: string): RouteMatch {
    const segments = (pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname).split('/');
    const nearby = [
      ...(buckets.get(bucketKey(segments.length, segments[RESOURCE] ?? ANY)) ?? []),
      ...(buckets.get(bucketKey(segments.length, ANY)) ?? []),
    ];
    // `/feedback/summarize` is that route, never `/feedback/{id}` with id "summarize".
    const candidates = nearby.flatMap((route) => {
      const m = route.pattern.exec(pathname);
      return m ? [{ route, m }] : [];
    });
    const literals = Math.max(...candidates.map(({ route }) => route.literals));
    const allowed: HttpMethod[] = [];
    for (const { route, m } of candidates.filter(({ route }) => route.literals === literals)) {
      if (route.methods.includes(method as HttpMethod)) {
        const params: Record<string, string> = {};
        route.names.forEach((name, i) => {
          params[name] = decodePathSegment(m[i + 1]);
        });
        return { kind: 'found', endpoint: route.endpoint, params };
      }
      allowed.push(...route.methods);
    }
    return allowed.length ? { kind: 'method-not-allowed', allowed: [...new Set(allowed)] } : { kind: 'not-found' };
  }
}

const LONGEST_KEPT_PATH = 200;
const MOST_KEPT_PATHS = 2_000;

const RESOURCE = 3;
const ANY = '{}';
const bucketKey = (segments: number, resource: string) => `${segments} ${resource}`;
