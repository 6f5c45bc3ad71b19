/** `1 request`, `2 requests`: a count with its noun in the number it takes. */
export const counted = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
