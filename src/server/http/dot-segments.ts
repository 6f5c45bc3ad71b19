/**
 * Whether a request target's path has a `.` or `..` segment (also written `%2e`, or after
 * a backslash, which a URL parser reads as a slash). A URL parser would resolve such a
 * path to another one, so `DELETE /api/v1/categories/.` would reach `/api/v1/categories`
 * and be answered 405; Laravel's router takes the segment as written, and it names nothing.
 */
export function hasDotSegment(target: string): boolean {
  const path = target.split(/[?#]/, 1)[0];
  return path.split(/[/\\]/).some((segment) => /^(?:\.|%2e){1,2}$/i.test(segment));
}
