import { createHtmlEventParser } from '../common/html-events.js';
import { CollapsedLength, collapseWhitespace } from './collapse-whitespace.js';
import { elementsOf, type MicrodataElement } from './microdata-elements.js';
import {
  ElementFlag,
  grown,
  hasWhitespace,
  MicrodataTable,
  trimmedOrUndefined,
  valueTokens,
} from './microdata-table.js';
import { TextBuffer } from './text-buffer.js';

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

/** {@link HtmlScan} with the microdata elements as a {@link MicrodataTable}: what product extraction reads. */
export interface PageScan {
  jsonLd: JsonLdBlock[];
  capProductLinks: string[];
  microdata: MicrodataTable;
  textTruncated: boolean;
}

/**
 * Longest text value kept for one microdata property. Identifiers, names and prices are far shorter; the cap
 * keeps a page of thousands of nested text properties (each one's text is all of its descendants') from
 * producing output quadratic in its size.
 */
export const MAX_MICRODATA_TEXT = 1000;

// Per element: local constants, not imported bindings (see ElementFlag).
const { ATTR_IS_URL, ATTR_VALUE, ITEMSCOPE, PROPERTY, SEVERAL_NAMES, TEXT_VALUE } = ElementFlag;

/** Attributes any rule below reads, in the order the parser reports them; it skips the others unread. */
const ATTRIBUTES = [
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
] as const;
const at = (name: (typeof ATTRIBUTES)[number]): number => ATTRIBUTES.indexOf(name);
const TYPE = at('type');
const REL = at('rel');
const HREF = at('href');
const ITEMSCOPE_ATTR = at('itemscope');
const ITEMPROP = at('itemprop');
const ITEMTYPE = at('itemtype');
const ITEMREF = at('itemref');
const ID = at('id');
const CONTENT = at('content');
const VALUE = at('value');
const DATETIME = at('datetime');

/**
 * Where a property element that is not an item takes its value from, by tag (WHATWG microdata): an attribute,
 * a URL for some tags; `time` takes its text when it has no `datetime`; any other tag, its text.
 */
interface ValueRule {
  attribute: number;
  isUrl: boolean;
  /** Without the attribute the value is the element's text (otherwise the empty string). */
  orText: boolean;
}
const VALUE_RULES = new Map<string, ValueRule>([
  ['meta', { attribute: CONTENT, isUrl: false, orText: false }],
  ...['a', 'area', 'link'].map((tag): [string, ValueRule] => [
    tag,
    { attribute: HREF, isUrl: true, orText: false },
  ]),
  ...['img', 'audio', 'video', 'source', 'iframe', 'embed', 'track'].map((tag): [string, ValueRule] => [
    tag,
    { attribute: at('src'), isUrl: true, orText: false },
  ]),
  ['object', { attribute: at('data'), isUrl: true, orText: false }],
  ['data', { attribute: VALUE, isUrl: false, orText: false }],
  ['meter', { attribute: VALUE, isUrl: false, orText: false }],
  ['time', { attribute: DATETIME, isUrl: false, orText: true }],
]);

/**
 * One streaming pass over the page that keeps only what product extraction needs: JSON-LD text,
 * `cap-product-id` links and a compressed tree of microdata elements (so `itemref` can be followed afterwards
 * without building a DOM). Linear in the page: every tag costs O(1) however deep it is nested, and the text
 * of nested text properties is collected once and shared.
 */
export function scanHtml(html: string): HtmlScan {
  const { jsonLd, capProductLinks, microdata, textTruncated } = scanPage(html);
  const elements = elementsOf(microdata);
  const items: MicrodataElement[] = [];
  for (let i = 0; i < microdata.items.length; i++) items.push(elements[microdata.items.get(i)]!);
  const byId = new Map<string, MicrodataElement>();
  for (const [id, index] of microdata.byId) byId.set(id, elements[index]!);
  return {
    jsonLd,
    capProductLinks,
    items,
    byId,
    elementCount: microdata.count,
    textTruncated,
  };
}

/** {@link scanHtml} without turning the microdata elements into objects. */
export function scanPage(html: string): PageScan {
  const jsonLd: JsonLdBlock[] = [];
  const capProductLinks: string[] = [];
  const table = new MicrodataTable();
  // The scan follows microdata elements and raw-text elements (script, style), each by its depth (open elements
  // have one depth each, and an end tag closes the deepest, so a depth names an open element): other tags cost
  // nothing. The innermost open microdata element is `openElement`; closing one makes its parent the innermost.
  let openElement = -1;
  let lastRawItemprop: string | undefined;
  let lastItemprop = -1;
  let lastItempropFlags = 0;
  let lastTag = '';
  let lastTagIndex = -1;
  // The value rule of the last property element's tag.
  let ruleTag = '';
  let rule: ValueRule | undefined;
  let depths = new Int32Array(64);
  const rawDepths: number[] = [];
  // Text inside open text-valued properties, collected once however many properties enclose it; each such
  // property's text is the part between its start and end offsets. A value is cut at MAX_MICRODATA_TEXT
  // characters once whitespace is collapsed, so collecting stops while the innermost open property (the one that
  // started last) already has more than that: a flood of text or entities inside a property costs no copies.
  const textParts = new TextBuffer();
  let textLength = 0;
  const collapsed = new CollapsedLength();
  let textStarts = new Int32Array(64);
  let textEnds = new Int32Array(64);
  // Where each open text-valued property starts in the collapsed text, innermost last (`openTexts` of them).
  let textOpenedAt = new Int32Array(64);
  let openTexts = 0;
  let anyTexts = false;
  let jsonText: string[] | null = null;
  let jsonDepth = -1;

  const closeRawText = (): void => {
    const depth = rawDepths.pop();
    if (depth === jsonDepth && jsonText) {
      jsonLd.push({ index: jsonLd.length, text: jsonText.join('') });
      jsonText = null;
      jsonDepth = -1;
    }
  };
  const closeMicrodataElement = (): void => {
    if (table.flags[openElement]! & TEXT_VALUE) {
      textEnds[openElement] = textLength;
      openTexts--;
    }
    table.close(openElement);
    openElement = table.parent[openElement]!;
  };

  const parser = createHtmlEventParser(
    {
      onopentag(name, attribs, depth) {
        if (name === 'script' || name === 'style') {
          if (name === 'script' && jsonText === null && isJsonLdType(attribs[TYPE])) {
            jsonText = [];
            jsonDepth = depth;
          }
          rawDepths.push(depth);
          return;
        }
        if (name === 'link') {
          const rel = attribs[REL];
          const href = attribs[HREF];
          if (
            rel !== undefined &&
            href !== undefined &&
            valueTokens(trimmedOrUndefined(rel.toLowerCase())).includes('cap-product-id')
          )
            capProductLinks.push(href);
        }
        const hasScope = attribs[ITEMSCOPE_ATTR] !== undefined;
        const rawItemprop = attribs[ITEMPROP];
        const id = attribs[ID];
        if (!hasScope && rawItemprop === undefined && id === undefined) return;
        let flags = hasScope ? ITEMSCOPE : 0;
        let itemprop = -1;
        let value: string | undefined;
        if (rawItemprop !== undefined) {
          // Pages repeat their names (floods one name): a name is trimmed, looked at and looked up once per run.
          if (rawItemprop !== lastRawItemprop) {
            lastRawItemprop = rawItemprop;
            const trimmed = trimmedOrUndefined(rawItemprop);
            lastItemprop = trimmed === undefined ? -1 : table.names.indexOf(trimmed);
            lastItempropFlags =
              trimmed === undefined ? 0 : hasWhitespace(trimmed) ? PROPERTY | SEVERAL_NAMES : PROPERTY;
          }
          itemprop = lastItemprop;
          flags |= lastItempropFlags;
        }
        if (itemprop >= 0 && !hasScope) {
          if (name !== ruleTag) {
            ruleTag = name;
            rule = VALUE_RULES.get(name);
          }
          value = rule === undefined ? undefined : attribs[rule.attribute];
          if (value !== undefined) flags |= rule!.isUrl ? ATTR_VALUE | ATTR_IS_URL : ATTR_VALUE;
          else if (rule === undefined || rule.orText) flags |= TEXT_VALUE;
          else {
            value = '';
            flags |= rule.isUrl ? ATTR_VALUE | ATTR_IS_URL : ATTR_VALUE;
          }
        }
        if (name !== lastTag) {
          lastTag = name;
          lastTagIndex = table.tags.indexOf(name);
        }
        const index = table.append(lastTagIndex, openElement, flags, itemprop, value);
        if (index === depths.length) {
          depths = grown(depths, 2 * index);
          textStarts = grown(textStarts, 2 * index);
          textEnds = grown(textEnds, 2 * index);
        }
        depths[index] = depth;
        if (hasScope) table.describeItem(index, attribs[ITEMTYPE], attribs[ITEMREF]);
        if (id !== undefined) table.addId(index, id);
        if (flags & TEXT_VALUE) {
          textStarts[index] = textLength;
          if (openTexts === textOpenedAt.length) textOpenedAt = grown(textOpenedAt, 2 * openTexts);
          textOpenedAt[openTexts++] = collapsed.length;
          anyTexts = true;
        }
        openElement = index;
      },
      ontext(data) {
        if (rawDepths.length > 0) {
          if (jsonText) jsonText.push(data);
          return;
        }
        if (openTexts > 0) {
          textParts.push(data);
          textLength += data.length;
          collapsed.add(data);
        }
      },
      onclosetag(_name, _implied, depth) {
        // Length first: reading past an array's end is a slow path in V8.
        if (rawDepths.length > 0 && rawDepths[rawDepths.length - 1] === depth) closeRawText();
        else if (openElement >= 0 && depths[openElement] === depth) closeMicrodataElement();
      },
      onend() {
        while (rawDepths.length > 0) closeRawText();
        while (openElement >= 0) closeMicrodataElement();
      },
    },
    {
      attributes: ATTRIBUTES,
      // Of the elements without microdata attributes, only scripts and styles matter (their text is raw).
      reportBareElement: (name) => name === 'script' || name === 'style',
      // Text is copied only inside JSON-LD scripts and text-valued properties.
      wantText: () =>
        rawDepths.length > 0
          ? jsonText !== null
          : openTexts > 0 && collapsed.length - textOpenedAt[openTexts - 1]! <= MAX_MICRODATA_TEXT,
    },
  );
  parser.write(html);
  parser.end();
  const textTruncated = anyTexts && fillTexts(table, textParts.toString(), textStarts, textEnds, html.length);
  return { jsonLd, capProductLinks, microdata: table, textTruncated };
}

/**
 * Sets the value of each text-valued property from the collected text: O(1) per property after one O(text)
 * pass. Nested text properties repeat their descendants' text, so all values together are held to twice the
 * page's size (plus 64 Ki characters); past that, values are empty. Returns true when that happened.
 */
function fillTexts(
  table: MicrodataTable,
  raw: string,
  starts: Int32Array,
  ends: Int32Array,
  pageLength: number,
): boolean {
  const { text, offsets } = collapseWhitespace(raw);
  let budget = 2 * pageLength + 65_536;
  let truncated = false;
  // Nested properties often have equal values (a run of the same text); they share one string, so whoever
  // compares or hashes them later (candidate de-duplication) does it once, not per copy.
  let previous = '';
  for (let i = 0; i < table.count; i++) {
    if ((table.flags[i]! & TEXT_VALUE) === 0) continue;
    // Whitespace is single spaces in the collapsed text: trimming is moving each end by at most one.
    let from = offsets[starts[i]!]!;
    let to = offsets[ends[i]!]!;
    if (from < to && text.charCodeAt(from) === 32) from++;
    to = Math.min(to, from + MAX_MICRODATA_TEXT);
    if (to > from && text.charCodeAt(to - 1) === 32) to--;
    budget -= to - from;
    if (budget < 0) {
      truncated = true;
      table.value.set(i, '');
      continue;
    }
    const value = text.slice(from, to);
    if (value !== previous) previous = value;
    table.value.set(i, previous);
  }
  return truncated;
}

function isJsonLdType(type: string | undefined): boolean {
  if (type === undefined) return false;
  const semi = type.indexOf(';');
  return (semi < 0 ? type : type.slice(0, semi)).trim().toLowerCase() === 'application/ld+json';
}
