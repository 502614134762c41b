// Patterns built from document text (enum values, hint phrases) repeat on every call; compiling
// them once keeps match() latency flat. Bounded so hostile catalogs cannot grow it without limit.
const cache = new Map<string, RegExp>();

/** A compiled RegExp for `source`, memoised. */
export function cachedRegExp(source: string): RegExp {
  let re = cache.get(source);
  if (!re) {
    if (cache.size > 5000) cache.clear();
    re = new RegExp(source);
    cache.set(source, re);
  }
  return re;
}
