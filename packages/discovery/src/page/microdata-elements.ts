import { ElementFlag, MicrodataTable, valueTokens } from './microdata-table.js';

const { ATTR_IS_URL, ATTR_VALUE, ITEMSCOPE, PROPERTY, SEVERAL_NAMES, TEXT_VALUE } = ElementFlag;

/** An element that matters to microdata: it has `itemscope`, `itemprop` or an `id` (an `itemref` target). */
export interface MicrodataElement {
  /** Lower-case tag name. */
  tag: string;
  /** Nearest enclosing microdata element (elements without microdata attributes are skipped). */
  parent: MicrodataElement | null;
  /** Microdata elements nested inside, in document order (a shared frozen empty array when there are none). */
  children: MicrodataElement[];
  /** True when the element has `itemscope`. */
  itemscope: boolean;
  /** Property names from `itemprop` (empty when absent; empty lists are shared and frozen). */
  itemprop: string[];
  /** Types from `itemtype`. */
  itemtype: string[];
  /** Ids from `itemref`. */
  itemref: string[];
  /** The `id` attribute. */
  id: string | undefined;
  /** The value taken from an attribute (`content`, `href`, `src`, ...), when the tag's rule says so. */
  attrValue: string | undefined;
  /** True when `attrValue` is a URL to be resolved against the page. */
  attrIsUrl: boolean;
  /**
   * For property elements whose value is their text content: that text, whitespace collapsed, trimmed and cut
   * at `MAX_MICRODATA_TEXT` characters.
   */
  text: string | undefined;
  /** Position in document order. */
  order: number;
}

const NO_CHILDREN: MicrodataElement[] = Object.freeze([]) as unknown as MicrodataElement[];

/** The table's elements as objects (what `scanHtml` returns), by index. */
export function elementsOf(table: MicrodataTable): MicrodataElement[] {
  const elements: MicrodataElement[] = [];
  for (let i = 0; i < table.count; i++) {
    const flags = table.flags[i]!;
    const parent = table.parent[i]! < 0 ? null : elements[table.parent[i]!]!;
    const element: MicrodataElement = {
      tag: table.tags.values[table.tag[i]!]!,
      parent,
      children: NO_CHILDREN,
      itemscope: (flags & ITEMSCOPE) !== 0,
      itemprop: valueTokens(table.itempropOf(i)),
      itemtype: valueTokens(table.itemtypeOf(i)),
      itemref: valueTokens(table.itemrefOf(i)),
      id: undefined,
      attrValue: flags & ATTR_VALUE ? table.value.get(i) : undefined,
      attrIsUrl: (flags & ATTR_IS_URL) !== 0,
      text: flags & TEXT_VALUE ? table.value.get(i) : undefined,
      order: i,
    };
    if (parent) {
      if (parent.children === NO_CHILDREN) parent.children = [element];
      else parent.children.push(element);
    }
    elements.push(element);
  }
  for (let i = 0; i < table.idOwners.length; i++) elements[table.idOwners.get(i)]!.id = table.idValues.get(i);
  return elements;
}

/** What {@link tableOf} reads: the items and `id` targets of a scan. */
export interface MicrodataElements {
  items: readonly MicrodataElement[];
  byId: ReadonlyMap<string, MicrodataElement>;
}

/**
 * The table of the elements reachable from `scan`'s items and `id` targets (their subtrees, in `order`), and the
 * objects by index: how the microdata reader runs over element objects. Their values are read as they are now;
 * their tree (`parent`, `children`, `order`) must be the one `scanHtml` built.
 */
export function tableOf(scan: MicrodataElements): { table: MicrodataTable; elements: MicrodataElement[] } {
  const reached = new Set<MicrodataElement>();
  const pending = [...scan.items, ...scan.byId.values()];
  while (pending.length > 0) {
    const element = pending.pop()!;
    if (reached.has(element)) continue;
    reached.add(element);
    for (const child of element.children) pending.push(child);
  }
  const elements = [...reached].sort((a, b) => a.order - b.order);
  const indexes = new Map(elements.map((element, i) => [element, i]));
  const table = new MicrodataTable();
  for (const element of elements) {
    const parent = element.parent === null ? undefined : indexes.get(element.parent);
    const itemprop = element.itemprop.length > 0 ? table.names.indexOf(element.itemprop.join(' ')) : -1;
    let flags = element.itemscope ? ITEMSCOPE : 0;
    if (element.itemprop.length > 0) flags |= PROPERTY;
    if (element.itemprop.length > 1) flags |= SEVERAL_NAMES;
    if (element.attrValue !== undefined) flags |= ATTR_VALUE | (element.attrIsUrl ? ATTR_IS_URL : 0);
    else if (element.text !== undefined) flags |= TEXT_VALUE;
    const index = table.append(
      table.tags.indexOf(element.tag),
      parent ?? -1,
      flags,
      itemprop,
      element.attrValue ?? element.text,
    );
    if (element.itemscope) {
      table.describeItem(
        index,
        element.itemtype.length > 0 ? element.itemtype.join(' ') : undefined,
        element.itemref.length > 0 ? element.itemref.join(' ') : undefined,
      );
    }
    if (element.id !== undefined) table.addId(index, element.id);
  }
  // Sorted by document order, every subtree is a range: an element's end is the furthest end of its children.
  for (let i = table.count - 1; i >= 0; i--) {
    const parent = table.parent[i]!;
    if (parent >= 0 && table.end[i]! > table.end[parent]!) table.end[parent] = table.end[i]!;
  }
  // The scan's `byId` (the first element with each id wins; the objects may not say which).
  table.byId.clear();
  for (const [id, element] of scan.byId) table.byId.set(id, indexes.get(element)!);
  return { table, elements };
}
