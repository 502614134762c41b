import fc from 'fast-check';
import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { type MicrodataItem, readMicrodataItems, scanHtml } from '../src/index.js';
import { scanPage } from '../src/page/html-scan.js';
import { readMicrodata, type TableItem } from '../src/page/microdata.js';

// The microdata algorithm written the plain way, over htmlparser2's DOM of the same page: every property walk
// follows the tree, every value is read from the element. The streaming scan and the element table must give the
// same items on any page, both as `readMicrodataItems` reads them (from `scanHtml`'s element objects) and as product
// extraction does (from the table of `scanPage`); the limits (64 nested items, 1000 characters of text, the walk
// budget) are far above what these small pages reach.

interface DomNode {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
  data?: string;
}

const SPACE = /\s+/;
const tokens = (value: string | undefined): string[] =>
  value === undefined || value.trim() === '' ? [] : value.trim().split(SPACE);
const isElement = (node: DomNode): boolean =>
  node.type === 'tag' || node.type === 'script' || node.type === 'style';
/** Script and style carry no microdata and no text for it. */
const isRaw = (node: DomNode): boolean => node.type === 'script' || node.type === 'style';
const URL_ATTRIBUTE: Record<string, string> = {
  a: 'href',
  area: 'href',
  link: 'href',
  img: 'src',
  audio: 'src',
  video: 'src',
  source: 'src',
  iframe: 'src',
  embed: 'src',
  track: 'src',
  object: 'data',
};

/** The items `readMicrodataItems` should give, as {@link view} shows them. */
function referenceItems(html: string, baseUrl: string | undefined): unknown[] {
  const document = parseDocument(html, { decodeEntities: true }) as unknown as DomNode;
  // Microdata elements (itemscope, itemprop or id) numbered in document order, as the scan numbers them.
  const order = new Map<DomNode, number>();
  const parent = new Map<DomNode, DomNode>();
  const byId = new Map<string, DomNode>();
  const items: DomNode[] = [];
  // Text inside a script or style is never property text, even below it (inside SVG, `<script>` has children).
  const rawText = new Set<DomNode>();
  const visit = (node: DomNode, inRaw = false): void => {
    for (const child of node.children ?? []) {
      if (child.type === 'text' && inRaw) rawText.add(child);
      if (!isElement(child)) {
        visit(child, inRaw);
        continue;
      }
      parent.set(child, node);
      const a = child.attribs ?? {};
      if (
        !isRaw(child) &&
        (a.itemscope !== undefined || tokens(a.itemprop).length > 0 || a.id !== undefined)
      ) {
        order.set(child, order.size);
        if (a.itemscope !== undefined) items.push(child);
        if (a.id !== undefined && !byId.has(a.id)) byId.set(a.id, child);
      }
      visit(child, inRaw || isRaw(child));
    }
  };
  visit(document);
  const elementChildren = (node: DomNode): DomNode[] => (node.children ?? []).filter(isElement);
  const isItem = (node: DomNode): boolean => !isRaw(node) && node.attribs?.itemscope !== undefined;
  const names = (node: DomNode): string[] => (isRaw(node) ? [] : tokens(node.attribs?.itemprop));

  const text = (node: DomNode): string => {
    if (node.type === 'text') return rawText.has(node) ? '' : (node.data ?? '');
    return (node.children ?? []).map(text).join('');
  };
  // An empty value stays empty; otherwise the trimmed value, resolved against the page when it can be.
  const url = (value: string): string =>
    value === '' || baseUrl === undefined || !URL.canParse(value.trim(), baseUrl)
      ? value.trim()
      : new URL(value.trim(), baseUrl).href;
  const value = (node: DomNode): string => {
    const name = node.name!;
    const a = node.attribs ?? {};
    if (name === 'meta') return a.content ?? '';
    if (URL_ATTRIBUTE[name] !== undefined) return url(a[URL_ATTRIBUTE[name]!] ?? '');
    if (name === 'data' || name === 'meter') return a.value ?? '';
    if (name === 'time' && a.datetime !== undefined) return a.datetime;
    return text(node).replace(/\s+/g, ' ').trim();
  };

  // WHATWG "crawl the properties", with extruct's reading of an itemref to an item (its properties too).
  const properties = (root: DomNode): { found: DomNode[]; viaItemref: boolean } => {
    const refs = tokens(root.attribs?.itemref);
    const found: DomNode[] = [];
    if (refs.length === 0) {
      const walk = (node: DomNode): void => {
        for (const child of elementChildren(node)) {
          if (names(child).length > 0) found.push(child);
          if (!isItem(child)) walk(child);
        }
      };
      walk(root);
      return { found, viaItemref: false };
    }
    const pending = [...elementChildren(root)];
    let viaItemref = false;
    for (const id of refs) {
      const target = byId.get(id);
      if (target === undefined) continue;
      pending.push(target);
      if (isItem(target) && names(target).length === 0) pending.push(...elementChildren(target));
      viaItemref = true;
    }
    const memory = new Set<DomNode>([root]);
    while (pending.length > 0) {
      const node = pending.pop()!;
      if (memory.has(node)) continue;
      memory.add(node);
      if (!isItem(node)) pending.push(...elementChildren(node));
      if (names(node).length > 0) found.push(node);
    }
    // Document order: by the microdata numbering, an element without microdata attributes is never a property.
    found.sort((x, y) => order.get(x)! - order.get(y)!);
    return { found, viaItemref };
  };

  // Each item is read once and the same object stands wherever it is a value.
  const done = new Map<DomNode, ItemView>();
  const reading = new Set<DomNode>();
  const read = (node: DomNode): ItemView => {
    const cached = done.get(node);
    if (cached) return cached;
    const item: ItemView = {
      order: order.get(node)!,
      tag: node.name!,
      type: tokens(node.attribs?.itemtype),
      nested: names(node).length > 0,
      usesItemref: false,
      properties: {},
    };
    done.set(node, item);
    const { found, viaItemref } = properties(node);
    item.usesItemref = viaItemref;
    reading.add(node);
    for (const property of found) {
      let v: string | ItemView;
      if (isItem(property)) {
        if (reading.has(property)) continue;
        v = read(property);
      } else v = value(property);
      for (const name of names(property)) {
        const list = item.properties[name];
        if (list) list.push(v);
        else item.properties[name] = [v];
      }
    }
    reading.delete(node);
    return item;
  };
  return view(items.map(read));
}

interface ItemView {
  order: number;
  tag: string;
  type: string[];
  nested: boolean;
  usesItemref: boolean;
  properties: Record<string, (string | ItemView)[]>;
}

/** Items as plain values: an item met again (through itemref, or nested and top-level) shows as its number. */
function view(items: ItemView[]): unknown[] {
  const seen = new Set<ItemView>();
  const show = (item: ItemView): unknown => {
    if (seen.has(item)) return { ref: item.order };
    seen.add(item);
    // Entries, not an object: the order of the names counts too (first value first).
    const props = Object.entries(item.properties).map(([name, values]) => [
      name,
      values.map((v) => (typeof v === 'string' ? v : show(v))),
    ]);
    const { order, tag, type, nested, usesItemref } = item;
    return { order, tag, type, nested, usesItemref, props };
  };
  return items.map(show);
}

/** Items as {@link ItemView}s, `where` giving an item's element number and tag. */
function viewsOf<E>(
  items: TableItem<E>[],
  where: (element: E) => { order: number; tag: string },
): ItemView[] {
  const views = new Map<TableItem<E>, ItemView>();
  const toView = (item: TableItem<E>): ItemView => {
    let itemView = views.get(item);
    if (itemView) return itemView;
    const { type, nested, usesItemref } = item;
    itemView = { ...where(item.element), type, nested, usesItemref, properties: {} };
    views.set(item, itemView);
    for (const [name, values] of Object.entries(item.properties))
      itemView.properties[name] = values.map((v) => (typeof v === 'string' ? v : toView(v)));
    return itemView;
  };
  return items.map(toView);
}

/** What the public `readMicrodataItems` gives (over the element objects of `scanHtml`). */
function publicItems(html: string, baseUrl: string | undefined): unknown[] {
  const items: MicrodataItem[] = readMicrodataItems(scanHtml(html), baseUrl);
  return view(viewsOf(items, (element) => ({ order: element.order, tag: element.tag })));
}

/** What product extraction reads: the element table of one scan, never turned into objects. */
function tableItems(html: string, baseUrl: string | undefined): unknown[] {
  const { microdata } = scanPage(html);
  const reading = readMicrodata(microdata, { baseUrl, elementOf: (index) => index });
  return view(
    viewsOf(
      reading.items.map(({ item }) => item),
      (index) => ({ order: index, tag: microdata.tags.values[microdata.tag[index]!]! }),
    ),
  );
}

const id = fc.constantFrom('a', 'b', 'c');
const names = fc.constantFrom('sku', 'name', 'offers', 'price', 'sku name', ' gtin13\tmpn ', 'value');
const attribute = fc.oneof(
  fc.constant(' itemscope'),
  fc.constant(' itemtype="https://schema.org/Product"'),
  fc.constant(' itemtype="https://schema.org/Offer http://schema.org/Thing"'),
  names.map((n) => ` itemprop="${n}"`),
  id.map((i) => ` id="${i}"`),
  fc.constantFrom('a', 'b', 'a b', 'c a', ' b ').map((r) => ` itemref="${r}"`),
  fc.constantFrom(
    ' content="C-1"',
    ' href="/p/1"',
    ' src=" img.png "',
    ' data="o"',
    ' value="9"',
    ' datetime="2030"',
  ),
  fc.constantFrom(' href="http://[bad"', ' content=""', ' ITEMPROP="sku"'),
);
const tag = fc.constantFrom(
  'div',
  'span',
  'p',
  'li',
  'td',
  'meta',
  'link',
  'a',
  'img',
  'object',
  'data',
  'meter',
  'time',
  'script',
  'svg',
  'table',
  'form',
);
const fragment = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.tuple(tag, fc.array(attribute, { maxLength: 4 })).map(([t, a]) => `<${t}${a.join('')}>`),
  },
  { weight: 3, arbitrary: tag.map((t) => `</${t}>`) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'x',
      ' A  b ',
      '\n\t',
      '&amp;',
      '12.50',
      '&nbsp;',
      ' ',
      'Ä\u3000ö',
      '<![CDATA[c]]>',
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('<ul><li>', '<tr>', '<br>', '<!-- c -->', '<style>p{}</style>', '<b/>'),
  },
);

describe('readMicrodataItems against the microdata algorithm over a DOM', () => {
  it('gives the same items, properties and values on any page', () => {
    fc.assert(
      fc.property(
        fc.array(fragment, { maxLength: 60 }),
        fc.constantFrom(undefined, 'https://shop.example/a/'),
        (parts, baseUrl) => {
          const html = parts.join('');
          const expected = referenceItems(html, baseUrl);
          expect(publicItems(html, baseUrl)).toEqual(expected);
          expect(tableItems(html, baseUrl)).toEqual(expected);
        },
      ),
      { numRuns: 1500 },
    );
  });
});
