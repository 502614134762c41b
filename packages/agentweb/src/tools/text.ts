/** Shortens a text to `max` characters, marking the cut with an ellipsis; `undefined` stays `undefined`. */
export function truncateText(text: unknown, max: number): string | undefined {
  if (typeof text !== 'string') return undefined;
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length === 0) return undefined;
  return clean.length <= max ? clean : `${clean.slice(0, max - 1)}…`;
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
