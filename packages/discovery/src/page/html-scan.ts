import { Parser } from 'htmlparser2';

/** An element that matters to microdata: it has `itemscope`, `itemprop` or an `id` (an `itemref` target). */
export interface MicrodataElement {
  /** Lower-case tag name. */
  tag: string;
  /** Nearest enclosing microdata element (elements without microdata attributes are skipped). */
  parent: MicrodataElement | null;
  /** Microdata elements nested inside, in document order. */
  children: MicrodataElement[];
  /** True when the element has `itemscope`. */
  itemscope: boolean;
  /** Property names from `itemprop` (empty when absent). */
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
  /** Text chunks, for property elements whose value is their text content. */
  text: string[] | undefined;
  /** Position in document order. */
  order: number;
}

/** A `<script type="application/ld+json">` block. */
export interface JsonLdBlock {
  /** Position among the page's JSON-LD blocks. */
  index: number;
  /** The raw script text. */
  text: string;
}

/** Everything one pass over a page collects. */
export interface HtmlScan {
  /** Every JSON-LD block, wherever it sits. */
  jsonLd: JsonLdBlock[];
  /** `href` values of `<link rel="cap-product-id">`, in document order. */
  capProductLinks: string[];
  /** Microdata elements that are items (`itemscope`), in document order. */
  items: MicrodataElement[];
  /** Microdata elements by `id`, for `itemref` (the first element wins, as `getElementById` does). */
  byId: Map<string, MicrodataElement>;
}

const URL_ATTR: Record<string, string> = {
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

const SPACE = /\s+/;

function tokens(value: string | undefined): string[] {
  if (value === undefined) return [];
  const trimmed = value.trim();
  return trimmed === '' ? [] : trimmed.split(SPACE);
}

/**
 * One streaming htmlparser2 pass over the page that keeps only what product extraction needs: JSON-LD text,
 * `cap-product-id` links and a compressed tree of microdata elements (so `itemref` can be followed afterwards
 * without building a DOM).
 */
export function scanHtml(html: string): HtmlScan {
  const jsonLd: JsonLdBlock[] = [];
  const capProductLinks: string[] = [];
  const items: MicrodataElement[] = [];
  const byId = new Map<string, MicrodataElement>();
  // Open elements that are microdata elements, each with the depth it was opened at.
  const open: { node: MicrodataElement; depth: number }[] = [];
  const collecting: string[][] = [];
  let depth = 0;
  let order = 0;
  let rawTextDepth = 0;
  let jsonText: string[] | null = null;

  const parser = new Parser(
    {
      onopentag(name, attribs) {
        depth++;
        if (name === 'script' || name === 'style') {
          rawTextDepth = depth;
          if (name === 'script' && isJsonLdType(attribs.type)) jsonText = [];
          return;
        }
        if (name === 'link' && attribs.rel !== undefined && attribs.href !== undefined) {
          if (tokens(attribs.rel.toLowerCase()).includes('cap-product-id'))
            capProductLinks.push(attribs.href);
        }
        const hasScope = attribs.itemscope !== undefined;
        const props = tokens(attribs.itemprop);
        if (!hasScope && props.length === 0 && attribs.id === undefined) return;
        const parent = open.length > 0 ? open[open.length - 1]!.node : null;
        const node: MicrodataElement = {
          tag: name,
          parent,
          children: [],
          itemscope: hasScope,
          itemprop: props,
          itemtype: hasScope ? tokens(attribs.itemtype) : [],
          itemref: hasScope ? tokens(attribs.itemref) : [],
          id: attribs.id,
          attrValue: undefined,
          attrIsUrl: false,
          text: undefined,
          order: order++,
        };
        if (parent) parent.children.push(node);
        if (hasScope) items.push(node);
        if (attribs.id !== undefined && !byId.has(attribs.id)) byId.set(attribs.id, node);
        if (props.length > 0 && !hasScope) assignValueSource(node, name, attribs, collecting);
        open.push({ node, depth });
      },
      ontext(data) {
        if (rawTextDepth !== 0) {
          if (jsonText) jsonText.push(data);
          return;
        }
        for (let i = 0; i < collecting.length; i++) collecting[i]!.push(data);
      },
      onclosetag() {
        if (rawTextDepth === depth) {
          rawTextDepth = 0;
          if (jsonText) {
            jsonLd.push({ index: jsonLd.length, text: jsonText.join('') });
            jsonText = null;
          }
        }
        const top = open[open.length - 1];
        if (top && top.depth === depth) {
          open.pop();
          if (top.node.text && collecting[collecting.length - 1] === top.node.text) collecting.pop();
        }
        depth--;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return { jsonLd, capProductLinks, items, byId };
}

function assignValueSource(
  node: MicrodataElement,
  tag: string,
  attribs: Record<string, string>,
  collecting: string[][],
): void {
  const urlAttr = URL_ATTR[tag];
  if (tag === 'meta') node.attrValue = attribs.content ?? '';
  else if (urlAttr !== undefined) {
    node.attrValue = attribs[urlAttr] ?? '';
    node.attrIsUrl = true;
  } else if (tag === 'data' || tag === 'meter') node.attrValue = attribs.value ?? '';
  else if (tag === 'time' && attribs.datetime !== undefined) node.attrValue = attribs.datetime;
  else {
    node.text = [];
    collecting.push(node.text);
  }
}

function isJsonLdType(type: string | undefined): boolean {
  if (type === undefined) return false;
  const semi = type.indexOf(';');
  return (semi < 0 ? type : type.slice(0, semi)).trim().toLowerCase() === 'application/ld+json';
}
