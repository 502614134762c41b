// Patterns built from document text (enum values, hint phrases, schema patterns) repeat on every call; compiling
// them once keeps match() latency flat. Bounded so hostile catalogs cannot grow it without limit.
const cache = new Map<string, RegExp>();

/** A compiled RegExp for `source` (and `flags`), memoised. */
export function cachedRegExp(source: string, flags = ''): RegExp {
  const key = `${flags}/${source}`;
  let re = cache.get(key);
  if (!re) {
    if (cache.size > 5000) cache.clear();
    re = new RegExp(source, flags);
    cache.set(key, re);
  }
  return re;
}

/** `text` with RegExp metacharacters escaped. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
