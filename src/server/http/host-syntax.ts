// A name (letters, digits, `-`, `.`, `_`), an IPv4 address or a bracketed IPv6 address: nothing a
// header, a URL or an HTML page could read as a quote, a space or a control character.
const NAME = String.raw`(?:\w[\w.-]{0,252}|\[[0-9a-f:.]{2,45}\])`;
const HOST_NAME = new RegExp(`^${NAME}$`, 'i');
const HOST_HEADER = new RegExp(`^${NAME}(?::\\d{1,5})?$`, 'i');

/** A host name as `--allowed-hosts` takes it: no scheme, no port. */
export const isHostName = (value: string): boolean => HOST_NAME.test(value);

/** A Host header value: a host name and an optional port (at most 65535). */
export const isHostHeader = (value: string): boolean =>
  HOST_HEADER.test(value) && Number(/:(\d+)$/.exec(value)?.[1] ?? 0) <= 65535;
