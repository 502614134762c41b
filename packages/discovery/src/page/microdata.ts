import type { HtmlScan, MicrodataElement } from './html-scan.js';

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

/** Deepest chain of nested items read. */
const MAX_ITEM_DEPTH = 64;

/**
 * Elements the property walks may visit per page beyond the page's microdata elements. Without `itemref` each
 * element is visited once (a walk stops at nested items); a page whose items all `itemref` one big subtree
 * would otherwise cost (items x subtree).
 */
const EXTRA_VISITS = 20_000;

/** Items read from a page, and whether the reading stopped at its budget. */
export interface MicrodataReading {
  /** The items read, each with its position in `scan.items`. */
  items: { item: MicrodataItem; index: number }[];
  /** True when the page's `itemref`s asked for more work than the budget and later items were skipped. */
  truncated: boolean;
}

/**
 * Runs the WHATWG microdata algorithm over the scanned elements and returns every item (top-level and
 * nested), in document order. `itemref` cycles and self-references are cut by the algorithm's memory.
 */
export function readMicrodataItems(scan: HtmlScan, baseUrl: string | undefined): MicrodataItem[] {
  return readMicrodata(scan, baseUrl).items.map(({ item }) => item);
}

/**
 * {@link readMicrodataItems} for the items `select` accepts (and the items nested in them), which also says
 * whether the work budget cut the reading short. Product extraction reads only Product-typed items, so a page
 * of thousands of other items costs no item building at all.
 */
export function readMicrodata(
  scan: HtmlScan,
  baseUrl: string | undefined,
  select: (element: MicrodataElement) => boolean = () => true,
): MicrodataReading {
  const cache = new Map<MicrodataElement, MicrodataItem>();
  const budget = { left: scan.elementCount + EXTRA_VISITS, exhausted: false };
  // Items being read, innermost last: an item that contains itself through itemref is skipped.
  const ancestors = new Set<MicrodataElement>();
  const read = (element: MicrodataElement): MicrodataItem => {
    const cached = cache.get(element);
    if (cached) return cached;
    const item: MicrodataItem = {
      type: element.itemtype,
      properties: Object.create(null) as Record<string, MicrodataValue[]>,
      element,
      nested: element.itemprop.length > 0,
      usesItemref: false,
    };
    cache.set(element, item);
    const { properties, viaItemref } = collectProperties(element, scan, budget);
    item.usesItemref = viaItemref;
    ancestors.add(element);
    for (const prop of properties) {
      let value: MicrodataValue;
      if (prop.itemscope) {
        // An item that contains itself through itemref would recurse forever; WHATWG reports it as an error.
        if (ancestors.has(prop)) continue;
        // Hostile pages can nest thousands of items; stop before the recursion gets deep.
        if (ancestors.size > MAX_ITEM_DEPTH) continue;
        value = read(prop);
      } else value = propertyValue(prop, baseUrl);
      for (const name of prop.itemprop) {
        const list = item.properties[name];
        if (list) list.push(value);
        else item.properties[name] = [value];
      }
    }
    ancestors.delete(element);
    return item;
  };
  const items: { item: MicrodataItem; index: number }[] = [];
  for (let index = 0; index < scan.items.length && !budget.exhausted; index++) {
    const element = scan.items[index]!;
    if (select(element)) items.push({ item: read(element), index });
  }
  return { items, truncated: budget.exhausted };
}

function collectProperties(
  root: MicrodataElement,
  scan: HtmlScan,
  budget: { left: number; exhausted: boolean },
): { properties: MicrodataElement[]; viaItemref: boolean } {
  if (root.itemref.length === 0) return { properties: treeProperties(root, budget), viaItemref: false };
  const results: MicrodataElement[] = [];
  const memory = new Set<MicrodataElement>([root]);
  const pending: MicrodataElement[] = [...root.children];
  let viaItemref = false;
  for (const id of root.itemref) {
    const target = scan.byId.get(id);
    if (target) {
      pending.push(target);
      // WHATWG stops at a referenced element that is itself an item; extruct (our reference) reads its
      // properties too, and pages that itemref an item mean exactly that, so do the same.
      if (target.itemscope && target.itemprop.length === 0) {
        for (const child of target.children) pending.push(child);
        budget.left -= target.children.length;
      }
      viaItemref = true;
    }
  }
  while (pending.length > 0) {
    if (--budget.left < 0) {
      budget.exhausted = true;
      break;
    }
    const current = pending.pop()!;
    if (memory.has(current)) continue;
    memory.add(current);
    if (!current.itemscope) for (const child of current.children) pending.push(child);
    if (current.itemprop.length > 0) results.push(current);
  }
  results.sort((a, b) => a.order - b.order);
  return { properties: results, viaItemref };
}

/**
 * Properties of an item without `itemref`: its subtree, down to nested items, which no other walk of this
 * kind visits. A pre-order walk (children pushed in reverse) yields them in document order already.
 */
function treeProperties(
  root: MicrodataElement,
  budget: { left: number; exhausted: boolean },
): MicrodataElement[] {
  const results: MicrodataElement[] = [];
  const pending: MicrodataElement[] = [];
  for (let i = root.children.length - 1; i >= 0; i--) pending.push(root.children[i]!);
  while (pending.length > 0) {
    if (--budget.left < 0) {
      budget.exhausted = true;
      break;
    }
    const current = pending.pop()!;
    if (current.itemprop.length > 0) results.push(current);
    if (!current.itemscope)
      for (let i = current.children.length - 1; i >= 0; i--) pending.push(current.children[i]!);
  }
  return results;
}

function propertyValue(element: MicrodataElement, baseUrl: string | undefined): string {
  if (element.attrValue !== undefined) {
    if (!element.attrIsUrl || element.attrValue === '') return element.attrValue;
    return resolveUrl(element.attrValue, baseUrl);
  }
  return element.text ?? '';
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
