import type { HtmlScan } from './html-scan.js';
import { type MicrodataElement, tableOf } from './microdata-elements.js';
import { ElementFlag, type MicrodataTable, valueTokens } from './microdata-table.js';

// Per element: local constants, not imported bindings (see ElementFlag).
const { ATTR_IS_URL, ATTR_VALUE, ITEMSCOPE, PROPERTY, SEVERAL_NAMES } = ElementFlag;

/** A microdata item: its types and its properties, each with every value in tree order. */
export interface MicrodataItem {
  /** Item types from `itemtype`. */
  type: string[];
  /** Property values by name; a nested item is a {@link MicrodataItem}. */
  properties: Record<string, MicrodataValue[]>;
  /** The element that carries `itemscope`. */
  element: MicrodataElement;
  /** True when the item is itself a property value of another item. */
  nested: boolean;
  /** True when some properties came in through `itemref`. */
  usesItemref: boolean;
}

/** A microdata property value. */
export type MicrodataValue = string | MicrodataItem;

/**
 * {@link MicrodataItem} whose `element` is whatever the reader was asked for: product extraction takes the
 * element's index in the table and so never turns an element into an object.
 */
export interface TableItem<E> {
  type: string[];
  properties: Record<string, (string | TableItem<E>)[]>;
  element: E;
  nested: boolean;
  usesItemref: boolean;
}

/** Deepest chain of nested items read. */
const MAX_ITEM_DEPTH = 64;

/**
 * Elements the property walks may visit per page beyond the page's microdata elements. Without `itemref` each
 * element is visited once (a walk stops at nested items); a page whose items all `itemref` one big subtree
 * would otherwise cost (items x subtree).
 */
const EXTRA_VISITS = 20_000;

/** Items read from a page, and whether the reading stopped at its budget. */
export interface MicrodataReading<E> {
  /** The items read, each with its position in the table's `items`. */
  items: { item: TableItem<E>; index: number }[];
  /** True when the page's `itemref`s asked for more work than the budget and later items were skipped. */
  truncated: boolean;
}

/** Where {@link readMicrodata} reads and what it keeps. */
export interface MicrodataReadOptions<E> {
  /** URL of the page, for URL-valued properties. */
  baseUrl: string | undefined;
  /** The items to read (the items nested in them are read too); default: all. */
  select?: (table: MicrodataTable, index: number) => boolean;
  /** What an item's `element` is, from the element's index. */
  elementOf: (index: number) => E;
  /** Microdata elements on the page, what the work budget is counted from; default: the table's. */
  elementCount?: number;
}

/**
 * Runs the WHATWG microdata algorithm over the scanned elements and returns every item (top-level and
 * nested), in document order. `itemref` cycles and self-references are cut by the algorithm's memory.
 */
export function readMicrodataItems(scan: HtmlScan, baseUrl: string | undefined): MicrodataItem[] {
  const { table, elements } = tableOf(scan);
  // The table holds only the elements items can reach; the budget is the page's, as for product extraction.
  const reading = readMicrodata(table, {
    baseUrl,
    elementOf: (index) => elements[index]!,
    elementCount: scan.elementCount,
  });
  return reading.items.map(({ item }) => item);
}

/**
 * {@link readMicrodataItems} over a table, for the items `select` accepts (and the items nested in them), which
 * also says whether the work budget cut the reading short. Product extraction reads only Product-typed items, so
 * a page of thousands of other items costs no item building at all.
 */
export function readMicrodata<E>(
  table: MicrodataTable,
  options: MicrodataReadOptions<E>,
): MicrodataReading<E> {
  const { baseUrl, select, elementOf } = options;
  const cache = new Map<number, TableItem<E>>();
  const walk = createPropertyWalk(table, options.elementCount ?? table.count);
  // Items being read (made with the first), and how many: an item that contains itself through itemref is skipped.
  let beingRead: Uint8Array | undefined;
  let depth = 0;
  const read = (element: number): TableItem<E> => {
    const cached = cache.get(element);
    if (cached) return cached;
    beingRead ??= new Uint8Array(table.count);
    const reading = beingRead;
    const item: TableItem<E> = {
      type: valueTokens(table.itemtypeOf(element)),
      properties: Object.create(null) as Record<string, (string | TableItem<E>)[]>,
      element: elementOf(element),
      nested: (table.flags[element]! & PROPERTY) !== 0,
      usesItemref: false,
    };
    cache.set(element, item);
    const properties = walk.properties(element);
    item.usesItemref = walk.viaItemref;
    reading[element] = 1;
    depth++;
    // Runs of one property name (a list of offers, a flood) go to the list found last, without a lookup.
    let lastName = -1;
    let lastValues: (string | TableItem<E>)[] | undefined;
    for (let i = 0; i < properties.length; i++) {
      const prop = properties[i]!;
      let value: string | TableItem<E>;
      if (table.flags[prop]! & ITEMSCOPE) {
        // An item that contains itself through itemref would recurse forever; WHATWG reports it as an error.
        if (reading[prop] === 1) continue;
        // Hostile pages can nest thousands of items; stop before the recursion gets deep.
        if (depth > MAX_ITEM_DEPTH) continue;
        value = read(prop);
      } else value = propertyValue(table, prop, baseUrl);
      const name = table.itemprop[prop]!;
      if (table.flags[prop]! & SEVERAL_NAMES)
        for (const token of valueTokens(table.names.values[name])) addValue(item, token, value);
      else if (name === lastName) lastValues!.push(value);
      else {
        lastValues = addValue(item, table.names.values[name]!, value);
        lastName = name;
      }
    }
    reading[element] = 0;
    depth--;
    return item;
  };
  const items: { item: TableItem<E>; index: number }[] = [];
  for (let index = 0; index < table.items.length && !walk.exhausted; index++) {
    const element = table.items.get(index);
    if (select === undefined || select(table, element)) items.push({ item: read(element), index });
  }
  return { items, truncated: walk.exhausted };
}

/** Adds a value to a property of an item; returns the property's values. */
function addValue<E>(
  item: TableItem<E>,
  name: string,
  value: string | TableItem<E>,
): (string | TableItem<E>)[] {
  const list = item.properties[name];
  if (list) {
    list.push(value);
    return list;
  }
  const created = [value];
  item.properties[name] = created;
  return created;
}

/** Finds the property elements of items within one work budget for the page. */
interface PropertyWalk {
  /** The property elements of an item, in document order. */
  properties(item: number): ArrayLike<number>;
  /** Whether the last item's properties came in partly through `itemref`. */
  viaItemref: boolean;
  /** True once the budget ran out (the walk that hit it returned what it had found). */
  exhausted: boolean;
}

function createPropertyWalk(table: MicrodataTable, elementCount: number): PropertyWalk {
  const { flags, end } = table;
  let left = elementCount + EXTRA_VISITS;
  // Elements an itemref walk has seen, marked with the walk's number (no set per walk).
  let seen: Uint32Array | undefined;
  let walkNumber = 0;
  // One walk's findings (a walk finds an element at most once) and an itemref walk's pending elements, shared by
  // every walk of the page: no list grows per item. All made at first use: a page of thousands of items none of
  // which is read (product extraction reads Products only) pays for none of them.
  let found: Int32Array | undefined;
  let pending: Int32Array | undefined;

  /**
   * Properties of an item without `itemref`: its subtree, down to nested items, which no other walk of this kind
   * visits. The subtree is the range of elements after the item up to its end, in document order; a nested item's
   * own range is jumped over.
   */
  const treeProperties = (root: number): Int32Array => {
    found ??= new Int32Array(table.count);
    let count = 0;
    const last = end[root]!;
    let current = root + 1;
    while (current <= last) {
      if (--left < 0) {
        walk.exhausted = true;
        break;
      }
      const currentFlags = flags[current]!;
      if (currentFlags & PROPERTY) found[count++] = current;
      current = currentFlags & ITEMSCOPE ? end[current]! + 1 : current + 1;
    }
    return found.slice(0, count);
  };

  const refProperties = (root: number): Int32Array => {
    found ??= new Int32Array(table.count);
    seen ??= new Uint32Array(table.count);
    pending ??= new Int32Array(table.count + 16);
    const marks = seen;
    let stack = pending;
    let count = 0;
    const mark = ++walkNumber;
    marks[root] = mark;
    let waiting = 0;
    const push = (element: number): void => {
      if (waiting === stack.length) {
        const grown = new Int32Array(2 * stack.length);
        grown.set(stack);
        stack = grown;
        pending = grown;
      }
      stack[waiting++] = element;
    };
    const pushChildren = (element: number): void => {
      const last = end[element]!;
      for (let child = element + 1; child <= last; child = end[child]! + 1) push(child);
    };
    pushChildren(root);
    for (const id of valueTokens(table.itemrefOf(root))) {
      const target = table.byId.get(id);
      if (target === undefined) continue;
      push(target);
      // WHATWG stops at a referenced element that is itself an item; extruct (our reference) reads its
      // properties too, and pages that itemref an item mean exactly that, so do the same.
      if ((flags[target]! & (ITEMSCOPE | PROPERTY)) === ITEMSCOPE) {
        const before = waiting;
        pushChildren(target);
        left -= waiting - before;
      }
      walk.viaItemref = true;
    }
    while (waiting > 0) {
      if (--left < 0) {
        walk.exhausted = true;
        break;
      }
      const current = stack[--waiting]!;
      if (marks[current] === mark) continue;
      marks[current] = mark;
      if ((flags[current]! & ITEMSCOPE) === 0) pushChildren(current);
      if (flags[current]! & PROPERTY) found[count++] = current;
    }
    // A typed array sorts numbers natively, without a comparison callback per pair.
    return found.slice(0, count).sort();
  };

  const walk: PropertyWalk = {
    properties(item) {
      walk.viaItemref = false;
      return table.itemrefOf(item) === undefined ? treeProperties(item) : refProperties(item);
    },
    viaItemref: false,
    exhausted: false,
  };
  return walk;
}

function propertyValue(table: MicrodataTable, element: number, baseUrl: string | undefined): string {
  const value = table.value.get(element) ?? '';
  const flags = table.flags[element]!;
  if ((flags & ATTR_VALUE) === 0 || (flags & ATTR_IS_URL) === 0 || value === '') return value;
  return resolveUrl(value, baseUrl);
}

function resolveUrl(value: string, baseUrl: string | undefined): string {
  const trimmed = value.trim();
  if (baseUrl === undefined) return trimmed;
  try {
    return new URL(trimmed, baseUrl).href;
  } catch {
    return trimmed;
  }
}
