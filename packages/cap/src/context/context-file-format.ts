import { ContextStoreCorruptError } from './context-store-errors.js';

/** Users, then merchants, then contextId. Maps keep odd ids such as `__proto__` harmless. */
export type ContextTable = Map<string, Map<string, string>>;

/** On-disk shape: a version and flat `[userId, merchantId, contextId]` rows. */
interface ContextFile {
  version: 1;
  entries: [string, string, string][];
}

/** Serialises the table; rows are sorted so equal tables give byte-identical files. */
export function serialiseContexts(table: ContextTable): string {
  const entries: [string, string, string][] = [];
  for (const [userId, merchants] of table) {
    for (const [merchantId, contextId] of merchants) entries.push([userId, merchantId, contextId]);
  }
  entries.sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1));
  const file: ContextFile = { version: 1, entries };
  return `${JSON.stringify(file)}\n`;
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** Parses file text into a table; throws {@link ContextStoreCorruptError} naming what was wrong. */
export function parseContexts(text: string, path: string): ContextTable {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ContextStoreCorruptError(path, 'not valid JSON', error);
  }
  if (typeof data !== 'object' || data === null || (data as { version?: unknown }).version !== 1) {
    throw new ContextStoreCorruptError(path, 'expected an object with "version": 1');
  }
  const entries = (data as { entries?: unknown }).entries;
  if (!Array.isArray(entries)) throw new ContextStoreCorruptError(path, '"entries" is not an array');
  const table: ContextTable = new Map();
  entries.forEach((row: unknown, index) => {
    if (!Array.isArray(row) || row.length !== 3 || !row.every(isNonEmptyString)) {
      throw new ContextStoreCorruptError(path, `entry ${index} is not [userId, merchantId, contextId]`);
    }
    const [userId, merchantId, contextId] = row as [string, string, string];
    const merchants = table.get(userId) ?? new Map<string, string>();
    merchants.set(merchantId, contextId);
    table.set(userId, merchants);
  });
  return table;
}
