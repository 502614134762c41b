/** Value at quantile `q` (0-1) of `values`, nearest rank; NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] as number;
}

/** `[min, max]` of `values`, as `a-b` with one decimal. */
export function range(values: readonly number[]): string {
  if (values.length === 0) return 'n/a';
  return `${Math.min(...values).toFixed(1)}-${Math.max(...values).toFixed(1)}`;
}
