/** Cuts a text to at most `max` characters, marking the cut with an ellipsis. */
export function clipText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * A loosely typed text with its whitespace collapsed, cut to `max` characters; `undefined` for anything but a
 * non-blank string.
 */
export function truncateText(text: unknown, max: number): string | undefined {
  if (typeof text !== 'string') return undefined;
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length === 0 ? undefined : clipText(clean, max);
}

/** A string field of a loosely typed object, when it is a non-empty string. */
export function stringField(source: Record<string, unknown>, key: string): string | undefined {
  const value = source[key];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** Drops `undefined` members so the object is plain JSON. */
export function definedOnly<T extends Record<string, unknown>>(
  value: T,
): { [K in keyof T]: Exclude<T[K], undefined> } {
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) if (member !== undefined) out[key] = member;
  return out as { [K in keyof T]: Exclude<T[K], undefined> };
}
