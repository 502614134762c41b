import { createHtmlEventParser, NO_ATTRIBUTES } from '../shared/html-events.js';
import { collapseWhitespace, isJsWhitespace } from './collapse-whitespace.js';

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
   * at {@link MAX_MICRODATA_TEXT} characters.
   */
  text: string | undefined;
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
  /** Number of microdata elements (items, properties and `id` targets). */
  elementCount: number;
  /** True when the text values of nested properties outgrew twice the page and later ones were left empty. */
  textTruncated: boolean;
}

/**
 * Longest text value kept for one microdata property. Identifiers, names and prices are far shorter; the cap
 * keeps a page of thousands of nested text properties (each one's text is all of its descendants') from
 * producing output quadratic in its size.
 */
export const MAX_MICRODATA_TEXT = 1000;

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

/** Attributes any rule below reads; the parser skips the others without copying their values. */
const READ_ATTRIBUTES = new Set([
  'type',
  'rel',
  'href',
  'itemscope',
  'itemprop',
  'itemtype',
  'itemref',
  'id',
  'content',
  'src',
  'data',
  'value',
  'datetime',
]);

const SPACE = /\s+/;

// Most elements have no itemprop, itemtype, itemref or microdata children: they share these empty arrays
// (frozen) instead of holding four of their own, which halves the garbage a tag-dense page makes.
const NO_TOKENS: string[] = Object.freeze([]) as unknown as string[];
const NO_CHILDREN: MicrodataElement[] = Object.freeze([]) as unknown as MicrodataElement[];

function tokens(value: string | undefined): string[] {
  if (value === undefined) return NO_TOKENS;
  const trimmed = value.trim();
  if (trimmed === '') return NO_TOKENS;
  // Most values are one token: no regex split for them.
  for (let i = 0; i < trimmed.length; i++)
    if (isJsWhitespace(trimmed.charCodeAt(i))) return trimmed.split(SPACE);
  return [trimmed];
}

const RAW_TEXT = Symbol('raw text');
const JSONLD_SCRIPT = Symbol('JSON-LD script');
type Frame = MicrodataElement | typeof RAW_TEXT | typeof JSONLD_SCRIPT;

/**
 * Text-valued property elements and where their text lies in the collected text, as parallel lists (no object
 * per element: a page can hold tens of thousands).
 */
interface TextSpans {
  nodes: MicrodataElement[];
  starts: number[];
  ends: number[];
}

/**
 * One streaming pass over the page that keeps only what product extraction needs: JSON-LD text,
 * `cap-product-id` links and a compressed tree of microdata elements (so `itemref` can be followed afterwards
 * without building a DOM). Linear in the page: every tag costs O(1) however deep it is nested, and the text
 * of nested text properties is collected once and shared.
 */
export function scanHtml(html: string): HtmlScan {
  const jsonLd: JsonLdBlock[] = [];
  const capProductLinks: string[] = [];
  const items: MicrodataElement[] = [];
  const byId = new Map<string, MicrodataElement>();
  // The open elements this scan follows (microdata elements and raw-text elements), each with its depth:
  // other tags cost no stack entry at all.
  // Two parallel stacks rather than an object per entry: no allocation per followed element.
  const frames: Frame[] = [];
  const frameDepths: number[] = [];
  // The innermost open microdata element, so a new one finds its parent in O(1).
  const openNodes: MicrodataElement[] = [];
  // Text inside open text-valued properties, collected once however many properties enclose it.
  const textParts: string[] = [];
  let textLength = 0;
  const spans: TextSpans = { nodes: [], starts: [], ends: [] };
  // Indexes into `spans` of the open text-valued properties, innermost last.
  const openSpans: number[] = [];
  let order = 0;
  let rawOpen = 0;
  let jsonText: string[] | null = null;

  const parser = createHtmlEventParser(
    {
      onopentag(name, attribs, depth) {
        if (attribs === NO_ATTRIBUTES && name !== 'script' && name !== 'style') return;
        if (name === 'script' || name === 'style') {
          rawOpen++;
          if (name === 'script' && jsonText === null && isJsonLdType(attribs.type)) {
            jsonText = [];
            frames.push(JSONLD_SCRIPT);
          } else frames.push(RAW_TEXT);
          frameDepths.push(depth);
          return;
        }
        if (name === 'link' && attribs.rel !== undefined && attribs.href !== undefined) {
          if (tokens(attribs.rel.toLowerCase()).includes('cap-product-id'))
            capProductLinks.push(attribs.href);
        }
        const hasScope = attribs.itemscope !== undefined;
        const props = tokens(attribs.itemprop);
        if (!hasScope && props.length === 0 && attribs.id === undefined) return;
        const parent = openNodes.length > 0 ? openNodes[openNodes.length - 1]! : null;
        const node: MicrodataElement = {
          tag: name,
          parent,
          children: NO_CHILDREN,
          itemscope: hasScope,
          itemprop: props,
          itemtype: hasScope ? tokens(attribs.itemtype) : NO_TOKENS,
          itemref: hasScope ? tokens(attribs.itemref) : NO_TOKENS,
          id: attribs.id,
          attrValue: undefined,
          attrIsUrl: false,
          text: undefined,
          order: order++,
        };
        if (parent) {
          if (parent.children === NO_CHILDREN) parent.children = [node];
          else parent.children.push(node);
        }
        if (hasScope) items.push(node);
        if (attribs.id !== undefined && !byId.has(attribs.id)) byId.set(attribs.id, node);
        if (props.length > 0 && !hasScope && !assignAttributeValue(node, name, attribs)) {
          openSpans.push(spans.nodes.length);
          spans.nodes.push(node);
          spans.starts.push(textLength);
          spans.ends.push(textLength);
        }
        frames.push(node);
        frameDepths.push(depth);
        openNodes.push(node);
      },
      ontext(data) {
        if (rawOpen > 0) {
          if (jsonText) jsonText.push(data);
          return;
        }
        if (openSpans.length > 0) {
          textParts.push(data);
          textLength += data.length;
        }
      },
      onclosetag(_name, _implied, depth) {
        // Length first: reading past an array's end is a slow path in V8, and most tags are not followed.
        if (frameDepths.length === 0 || frameDepths[frameDepths.length - 1] !== depth) return;
        frameDepths.pop();
        const frame = frames.pop()!;
        if (frame === RAW_TEXT || frame === JSONLD_SCRIPT) {
          rawOpen--;
          if (frame === JSONLD_SCRIPT && jsonText) {
            jsonLd.push({ index: jsonLd.length, text: jsonText.join('') });
            jsonText = null;
          }
          return;
        }
        if (!frame) return;
        openNodes.pop();
        if (openSpans.length > 0 && spans.nodes[openSpans[openSpans.length - 1]!] === frame) {
          spans.ends[openSpans.pop()!] = textLength;
        }
      },
    },
    {
      keepAttribute: (name) => READ_ATTRIBUTES.has(name),
      // Text is copied only inside JSON-LD scripts and text-valued properties.
      wantText: () => (rawOpen > 0 ? jsonText !== null : openSpans.length > 0),
    },
  );
  parser.write(html);
  parser.end();
  const textTruncated = spans.nodes.length > 0 && fillTexts(spans, textParts.join(''), html.length);
  return { jsonLd, capProductLinks, items, byId, elementCount: order, textTruncated };
}

/**
 * Sets each span's text from the shared text: O(1) per span after one O(text) pass. Nested text properties
 * repeat their descendants' text, so all values together are held to twice the page's size (plus 64 Ki
 * characters); past that, values are empty. Returns true when that happened.
 */
function fillTexts(spans: TextSpans, raw: string, pageLength: number): boolean {
  const { text, offsets } = collapseWhitespace(raw);
  let budget = 2 * pageLength + 65_536;
  let truncated = false;
  for (let i = 0; i < spans.nodes.length; i++) {
    // Whitespace is single spaces in the collapsed text: trimming is moving each end by at most one.
    let from = offsets[spans.starts[i]!]!;
    let to = offsets[spans.ends[i]!]!;
    if (from < to && text.charCodeAt(from) === 32) from++;
    to = Math.min(to, from + MAX_MICRODATA_TEXT);
    if (to > from && text.charCodeAt(to - 1) === 32) to--;
    budget -= to - from;
    if (budget < 0) truncated = true;
    spans.nodes[i]!.text = budget < 0 ? '' : text.slice(from, to);
  }
  return truncated;
}

/** Takes the value from an attribute when the tag's rule says so; false when the value is the text content. */
function assignAttributeValue(node: MicrodataElement, tag: string, attribs: Record<string, string>): boolean {
  const urlAttr = URL_ATTR[tag];
  if (tag === 'meta') node.attrValue = attribs.content ?? '';
  else if (urlAttr !== undefined) {
    node.attrValue = attribs[urlAttr] ?? '';
    node.attrIsUrl = true;
  } else if (tag === 'data' || tag === 'meter') node.attrValue = attribs.value ?? '';
  else if (tag === 'time' && attribs.datetime !== undefined) node.attrValue = attribs.datetime;
  else return false;
  return true;
}

function isJsonLdType(type: string | undefined): boolean {
  if (type === undefined) return false;
  const semi = type.indexOf(';');
  return (semi < 0 ? type : type.slice(0, semi)).trim().toLowerCase() === 'application/ld+json';
}
