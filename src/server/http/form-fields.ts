/**
 * Fields of a form as PHP reads them into the request's input, for urlencoded and
 * multipart bodies alike: a later field of the same name wins, and `name[]` fields make
 * a list (D-HTTP-BODY-ENCODINGS).
 */
export class FormFields {
  // A Map, so that a field named `__proto__` stays an ordinary field.
  private readonly fields = new Map<string, unknown>();

  add(rawName: string, value: string): void {
    if (!rawName.endsWith('[]')) {
      this.fields.set(rawName, value);
      return;
    }
    const name = rawName.slice(0, -2);
    const prev = this.fields.get(name);
    this.fields.set(name, Array.isArray(prev) ? [...(prev as string[]), value] : [value]);
  }

  toObject(): Record<string, unknown> {
    return Object.fromEntries(this.fields);
  }

  static of(entries: Iterable<[string, string]>): Record<string, unknown> {
    const fields = new FormFields();
    for (const [name, value] of entries) fields.add(name, value);
    return fields.toObject();
  }
}
