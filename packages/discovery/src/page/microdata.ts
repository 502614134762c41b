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

const WHITESPACE = /\s+/g;

/** Deepest chain of nested items read. */
const MAX_ITEM_DEPTH = 64;

/**
 * Runs the WHATWG microdata algorithm over the scanned elements and returns every item (top-level and
 * nested), in document order. `itemref` cycles and self-references are cut by the algorithm's memory.
 */
export function readMicrodataItems(scan: HtmlScan, baseUrl: string | undefined): MicrodataItem[] {
  const cache = new Map<MicrodataElement, MicrodataItem>();
  const read = (element: MicrodataElement, ancestors: Set<MicrodataElement>): MicrodataItem => {
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
    const { properties, viaItemref } = collectProperties(element, scan);
    item.usesItemref = viaItemref;
    const inner = new Set(ancestors).add(element);
    for (const prop of properties) {
      let value: MicrodataValue;
      if (prop.itemscope) {
        // An item that contains itself through itemref would recurse forever; WHATWG reports it as an error.
        if (inner.has(prop)) continue;
        // Hostile pages can nest thousands of items; stop before the recursion gets deep.
        if (inner.size > MAX_ITEM_DEPTH) continue;
        value = read(prop, inner);
      } else value = propertyValue(prop, baseUrl);
      for (const name of prop.itemprop) {
        const list = item.properties[name];
        if (list) list.push(value);
        else item.properties[name] = [value];
      }
    }
    return item;
  };
  return scan.items.map((element) => read(element, new Set()));
}

function collectProperties(
  root: MicrodataElement,
  scan: HtmlScan,
): { properties: MicrodataElement[]; viaItemref: boolean } {
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
      if (target.itemscope && target.itemprop.length === 0) pending.push(...target.children);
      viaItemref = true;
    }
  }
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (memory.has(current)) continue;
    memory.add(current);
    if (!current.itemscope) for (const child of current.children) pending.push(child);
    if (current.itemprop.length > 0) results.push(current);
  }
  results.sort((a, b) => a.order - b.order);
  return { properties: results, viaItemref };
}

function propertyValue(element: MicrodataElement, baseUrl: string | undefined): string {
  if (element.attrValue !== undefined) {
    if (!element.attrIsUrl || element.attrValue === '') return element.attrValue;
    return resolveUrl(element.attrValue, baseUrl);
  }
  return (element.text ?? []).join('').replace(WHITESPACE, ' ').trim();
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
