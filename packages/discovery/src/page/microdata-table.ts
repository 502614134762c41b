import { ChunkedList } from './chunked-list.js';
import { isJsWhitespace } from './collapse-whitespace.js';
import { IntList } from './int-list.js';

/**
 * What a microdata element is, as bits of its `flags`. Modules that test them per element copy them into local
 * constants (`const { ITEMSCOPE } = ElementFlag`): under Vite's module runner, where the tests and benchmarks run
 * the sources, every use of an imported binding is a getter call.
 */
export const ElementFlag = {
  /** The element has `itemscope`. */
  ITEMSCOPE: 1,
  /** The element's value is an attribute (`content`, `href`, ...), held in `value`. */
  ATTR_VALUE: 2,
  /** That attribute is a URL, resolved against the page. */
  ATTR_IS_URL: 4,
  /** The element's value is its text content, held in `value` once the scan has collected it. */
  TEXT_VALUE: 8,
  /** The `itemprop` value holds several names (whitespace inside), so it is split when read. */
  SEVERAL_NAMES: 16,
  /** The element has an `itemprop` (not blank). */
  PROPERTY: 32,
} as const;
const { ITEMSCOPE } = ElementFlag;

const INITIAL_CAPACITY = 256;

/** Strings held once each, referred to by their index in `values`. */
export class StringPool {
  readonly values: string[] = [];
  private readonly indexes = new Map<string, number>();

  /** The index of `value`, added when new. */
  indexOf(value: string): number {
    let index = this.indexes.get(value);
    if (index === undefined) {
      index = this.values.push(value) - 1;
      this.indexes.set(value, index);
    }
    return index;
  }
}

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
export class MicrodataTable {
  /** Number of elements. */
  count = 0;
  /** Index in `tags` of the lower-case tag name. */
  tag = new Int32Array(INITIAL_CAPACITY);
  /** Index of the nearest enclosing microdata element, or -1. */
  parent = new Int32Array(INITIAL_CAPACITY);
  /** Index of the last microdata element inside (the element's own index when there is none). */
  end = new Int32Array(INITIAL_CAPACITY);
  /** Bits of {@link ElementFlag}. */
  flags = new Uint8Array(INITIAL_CAPACITY);
  /** Index in `names` of the trimmed `itemprop`; -1 when absent or blank. */
  itemprop = new Int32Array(INITIAL_CAPACITY);
  /** For an item, its place in `itemtype` and `itemref`; -1 for other elements. */
  scope = new Int32Array(INITIAL_CAPACITY);
  /** A property's value: the attribute's (`ATTR_VALUE`) or the collected text (`TEXT_VALUE`). */
  readonly value = new ChunkedList<string | undefined>();
  /** `itemtype` per item, trimmed; undefined when absent or blank. */
  readonly itemtype = new ChunkedList<string | undefined>();
  /** `itemref` per item, trimmed; undefined when absent or blank. */
  readonly itemref = new ChunkedList<string | undefined>();
  /** The elements that have an `id`, in document order, and their ids in `idValues`. */
  readonly idOwners = new IntList();
  readonly idValues = new ChunkedList<string>();
  /** Indexes of the items (`itemscope`), in document order. */
  readonly items = new IntList();
  /** Element index by `id`, for `itemref` (the first element wins, as `getElementById` does). */
  readonly byId = new Map<string, number>();
  /** The tag names. */
  readonly tags = new StringPool();
  /** The `itemprop` values (trimmed). */
  readonly names = new StringPool();

  /**
   * Appends an element after every element so far (document order) inside `parent` (-1: none) and returns its
   * index; its `end` is its own index until {@link close}. `tag` and `itemprop` are indexes in `tags` and `names`
   * (-1: no `itemprop`). An item (`ITEMSCOPE` in `flags`) is added to `items`, with no `itemtype` or `itemref`
   * until {@link describeItem}.
   */
  append(tag: number, parent: number, flags: number, itemprop: number, value: string | undefined): number {
    const index = this.count;
    if (index === this.parent.length) this.grow();
    this.count++;
    this.tag[index] = tag;
    this.parent[index] = parent;
    this.end[index] = index;
    this.flags[index] = flags;
    this.itemprop[index] = itemprop;
    this.value.push(value);
    if (flags & ITEMSCOPE) {
      this.scope[index] = this.itemtype.length;
      this.itemtype.push(undefined);
      this.itemref.push(undefined);
      this.items.push(index);
    } else this.scope[index] = -1;
    return index;
  }

  /** Sets an item's `itemtype` and `itemref` as written (trimmed here; blank is none). */
  describeItem(index: number, itemtype: string | undefined, itemref: string | undefined): void {
    const scope = this.scope[index]!;
    this.itemtype.set(scope, trimmedOrUndefined(itemtype));
    this.itemref.set(scope, trimmedOrUndefined(itemref));
  }

  /** Records an element's `id`. */
  addId(index: number, id: string): void {
    this.idOwners.push(index);
    this.idValues.push(id);
    if (!this.byId.has(id)) this.byId.set(id, index);
  }

  /** Ends an element: every element appended since is inside it. */
  close(index: number): void {
    this.end[index] = this.count - 1;
  }

  /** An element's trimmed `itemprop`, or undefined. */
  itempropOf(index: number): string | undefined {
    const name = this.itemprop[index]!;
    return name < 0 ? undefined : this.names.values[name];
  }

  /** An item's `itemtype` (trimmed), or undefined. */
  itemtypeOf(index: number): string | undefined {
    const scope = this.scope[index]!;
    return scope < 0 ? undefined : this.itemtype.get(scope);
  }

  /** An item's `itemref` (trimmed), or undefined. */
  itemrefOf(index: number): string | undefined {
    const scope = this.scope[index]!;
    return scope < 0 ? undefined : this.itemref.get(scope);
  }

  private grow(): void {
    const size = this.parent.length * 2;
    this.tag = grown(this.tag, size);
    this.parent = grown(this.parent, size);
    this.end = grown(this.end, size);
    this.flags = grown(this.flags, size);
    this.itemprop = grown(this.itemprop, size);
    this.scope = grown(this.scope, size);
  }
}

/** A copy of `column` with room for `size` entries. */
export function grown<T extends Int32Array | Uint8Array>(column: T, size: number): T {
  const to = new (column.constructor as new (size: number) => T)(size);
  to.set(column);
  return to;
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
