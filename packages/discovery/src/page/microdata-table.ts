import { ChunkedList } from './chunked-list.js';
import { isJsWhitespace } from './collapse-whitespace.js';
import { IntList } from './int-list.js';

/** The element has `itemscope`. */
export const ITEMSCOPE = 1;
/** The element's value is an attribute (`content`, `href`, ...), held in `value`. */
export const ATTR_VALUE = 2;
/** That attribute is a URL, resolved against the page. */
export const ATTR_IS_URL = 4;
/** The element's value is its text content, held in `value` once the scan has collected it. */
export const TEXT_VALUE = 8;
/** The `itemprop` value holds several names (whitespace inside), so it is split when read. */
export const SEVERAL_NAMES = 16;
/** The element has an `itemprop` (not blank). */
export const PROPERTY = 32;

/**
 * The microdata elements of a page (elements with `itemscope`, `itemprop` or `id`) as columns indexed in document
 * order. A hostile page holds one every 30 bytes: a column entry costs no allocation, where an object per element
 * (with its arrays of names and children) made the garbage collector the main cost of such pages.
 *
 * Because indexes follow document order, the microdata elements inside an element are the ones right after it, up
 * to `end`: a subtree is a range, its walk a loop over indexes that jumps over the ranges it skips. Tag names and
 * `itemprop` values repeat, so they are held once in `tags` and `names` and referred to by number. Attribute values
 * are kept as written (trimmed) and split into names only when read; what only items have (`itemtype`, `itemref`)
 * is in lists by item, and `id`s in a list of their own.
 */
export interface MicrodataTable {
  /** Number of elements. */
  count: number;
  /** Index in `tags` of the lower-case tag name. */
  tag: Int32Array;
  /** Index of the nearest enclosing microdata element, or -1. */
  parent: Int32Array;
  /** Index of the last microdata element inside (the element's own index when there is none). */
  end: Int32Array;
  /** {@link ITEMSCOPE}, {@link PROPERTY}, {@link ATTR_VALUE}, {@link ATTR_IS_URL}, {@link TEXT_VALUE}, {@link SEVERAL_NAMES}. */
  flags: Uint8Array;
  /** Index in `names` of the trimmed `itemprop`; -1 when absent or blank. */
  itemprop: Int32Array;
  /** A property's value: the attribute's ({@link ATTR_VALUE}) or the collected text ({@link TEXT_VALUE}). */
  value: ChunkedList<string | undefined>;
  /** For an item, its place in `itemtype` and `itemref`; -1 for other elements. */
  scope: Int32Array;
  /** `itemtype` per item, trimmed; undefined when absent or blank. */
  itemtype: ChunkedList<string | undefined>;
  /** `itemref` per item, trimmed; undefined when absent or blank. */
  itemref: ChunkedList<string | undefined>;
  /** The elements that have an `id`, in document order, and their ids in `idValues`. */
  idOwners: IntList;
  idValues: ChunkedList<string>;
  /** Indexes of the items (`itemscope`), in document order. */
  items: IntList;
  /** Element index by `id`, for `itemref` (the first element wins, as `getElementById` does). */
  byId: Map<string, number>;
  /** The tag names. */
  tags: StringPool;
  /** The `itemprop` values (trimmed). */
  names: StringPool;
}

/** Strings held once each, referred to by their index in `values`. */
export interface StringPool {
  values: string[];
  indexes: Map<string, number>;
}

/** The index of a string in a pool, added when new. */
export function poolIndex(pool: StringPool, value: string): number {
  let index = pool.indexes.get(value);
  if (index === undefined) {
    index = pool.values.push(value) - 1;
    pool.indexes.set(value, index);
  }
  return index;
}

/** An empty table; {@link appendElement} grows it. */
export function createMicrodataTable(): MicrodataTable {
  const capacity = 256;
  return {
    count: 0,
    tag: new Int32Array(capacity),
    parent: new Int32Array(capacity),
    end: new Int32Array(capacity),
    flags: new Uint8Array(capacity),
    itemprop: new Int32Array(capacity),
    value: new ChunkedList(),
    scope: new Int32Array(capacity),
    itemtype: new ChunkedList(),
    itemref: new ChunkedList(),
    idOwners: new IntList(),
    idValues: new ChunkedList(),
    items: new IntList(),
    byId: new Map(),
    tags: { values: [], indexes: new Map() },
    names: { values: [], indexes: new Map() },
  };
}

/** An element's trimmed `itemprop`, or undefined. */
export function itempropOf(table: MicrodataTable, element: number): string | undefined {
  const name = table.itemprop[element]!;
  return name < 0 ? undefined : table.names.values[name];
}

/**
 * Appends an element after every element so far (document order) inside `parent` (-1: none) and returns its
 * index; its `end` is its own index until {@link closeElement}. `tag` and `itemprop` are indexes from
 * {@link poolIndex} in `tags` and `names` (-1: no `itemprop`). An item (`ITEMSCOPE` in `flags`) gets its place
 * in `itemtype` and `itemref`, both undefined; `items`, ids and `byId` are left to the caller.
 */
export function appendElement(
  table: MicrodataTable,
  tag: number,
  parent: number,
  flags: number,
  itemprop: number,
  value: string | undefined,
): number {
  const index = table.count;
  if (index === table.parent.length) grow(table);
  table.count++;
  table.tag[index] = tag;
  table.parent[index] = parent;
  table.end[index] = index;
  table.flags[index] = flags;
  table.itemprop[index] = itemprop;
  table.value.push(value);
  if (flags & ITEMSCOPE) {
    table.scope[index] = table.itemtype.length;
    table.itemtype.push(undefined);
    table.itemref.push(undefined);
  } else table.scope[index] = -1;
  return index;
}

/** Ends an element: every element appended since is inside it. */
export function closeElement(table: MicrodataTable, index: number): void {
  table.end[index] = table.count - 1;
}

/** A copy of `column` with room for `size` entries. */
export function grown<T extends Int32Array | Uint8Array>(column: T, size: number): T {
  const to = new (column.constructor as new (size: number) => T)(size);
  to.set(column);
  return to;
}

function grow(table: MicrodataTable): void {
  const size = table.parent.length * 2;
  table.tag = grown(table.tag, size);
  table.itemprop = grown(table.itemprop, size);
  table.parent = grown(table.parent, size);
  table.end = grown(table.end, size);
  table.flags = grown(table.flags, size);
  table.scope = grown(table.scope, size);
}

/** An item's `itemtype` (trimmed), or undefined. */
export function itemtypeOf(table: MicrodataTable, element: number): string | undefined {
  const scope = table.scope[element]!;
  return scope < 0 ? undefined : table.itemtype.get(scope);
}

/** An item's `itemref` (trimmed), or undefined. */
export function itemrefOf(table: MicrodataTable, element: number): string | undefined {
  const scope = table.scope[element]!;
  return scope < 0 ? undefined : table.itemref.get(scope);
}

const SPACE = /\s+/;

/** A value trimmed, or undefined when it is absent or blank. */
export function trimmedOrUndefined(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** True when a value holds whitespace. */
export function hasWhitespace(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (isJsWhitespace(value.charCodeAt(i))) return true;
  return false;
}

// Elements without a value share this empty list (frozen).
const NO_TOKENS: string[] = Object.freeze([]) as unknown as string[];

/** The whitespace-separated tokens of a trimmed value (a shared frozen empty list for none). */
export function valueTokens(value: string | undefined): string[] {
  if (value === undefined) return NO_TOKENS;
  return hasWhitespace(value) ? value.split(SPACE) : [value];
}
