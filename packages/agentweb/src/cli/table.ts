/** A cell value; `undefined` and `null` print as `-`. */
export type Cell = string | number | boolean | undefined | null;

/** Options of {@link formatTable}. */
export interface TableOptions {
  /** Longest cell kept, in characters; longer ones end with `…` (default 60). */
  maxCellWidth?: number;
  /** Prefix of every line (default none). */
  indent?: string;
}

/**
 * Text safe to print to a terminal: control characters from remote data (they could move the cursor, recolour or
 * rewrite earlier lines) become spaces.
 */
export function printable(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  return text.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ');
}

function cellText(cell: Cell, max: number): string {
  const text = cell === undefined || cell === null || cell === '' ? '-' : String(cell);
  const clean = printable(text);
  return clean.length > max ? `${clean.slice(0, Math.max(1, max - 1))}…` : clean;
}

/** Renders rows under headers as aligned columns with a dashed rule, one string ending in a newline. */
export function formatTable(
  headers: readonly string[],
  rows: readonly (readonly Cell[])[],
  options: TableOptions = {},
): string {
  const max = Math.max(4, options.maxCellWidth ?? 60);
  const indent = options.indent ?? '';
  const texts = rows.map((row) => headers.map((_, i) => cellText(row[i], max)));
  const widths = headers.map((header, i) => Math.max(header.length, ...texts.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]): string =>
    `${indent}${cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ')}`.trimEnd();
  const out = [line(headers), line(widths.map((w) => '-'.repeat(w))), ...texts.map(line)];
  return `${out.join('\n')}\n`;
}

/** Renders `key: value` pairs with the keys aligned. */
export function formatFields(
  fields: readonly (readonly [string, Cell])[],
  options: TableOptions = {},
): string {
  const max = Math.max(4, options.maxCellWidth ?? 200);
  const indent = options.indent ?? '';
  const width = Math.max(0, ...fields.map(([key]) => key.length));
  return fields
    .map(([key, value]) => `${indent}${`${key}:`.padEnd(width + 2)}${cellText(value, max)}\n`)
    .join('');
}

/** Milliseconds as people read them: `12 ms`, `1.4 s`. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return '-';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}
