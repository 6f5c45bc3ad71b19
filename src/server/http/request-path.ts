/**
 * A path segment as its client meant it, for every router of the server (API and
 * `/__reference/*`). A malformed percent-escape (a `%` without two hex digits after
 * it, escapes that are not UTF-8) is left as it was sent, as Laravel's router keeps
 * the bytes it cannot read: such a segment names nothing, so its route answers 404
 * (or 405 for a verb the path does not take), never a 500.
 */
export function decodePathSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
