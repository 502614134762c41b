import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/** What {@link createHtmlEventParser} reports, in document order; `A` is how an element's attributes come. */
export interface HtmlEventHandlers<A = Record<string, string>> {
  /**
   * An element opened; `attribs` holds the attributes the filter kept (first occurrence wins): a record, which is
   * {@link NO_ATTRIBUTES} when there are none, or with {@link HtmlEventParserOptions.attributes} the values by
   * position. `depth` counts the open elements, this one included.
   */
  onopentag?(name: string, attribs: A, depth: number): void;
  /**
   * An element closed; `implied` when no end tag closed it (void element, implied close, end of input). `depth`
   * is the element's: the same number its `onopentag` got, so a handler can follow only the elements it
   * cares about instead of keeping a stack entry per tag.
   */
  onclosetag?(name: string, implied: boolean, depth: number): void;
  /** Text (entities decoded), including the raw text of `<script>` and `<style>`. */
  ontext?(text: string): void;
  /**
   * The input ended. Every element still open is closed then, innermost first: a handler that has `onend` gets
   * this one call instead of an implied `onclosetag` for each (on a page that never closes its tags, one per tag).
   */
  onend?(): void;
}

/**
 * The values of the attributes named in {@link HtmlEventParserOptions.attributes}, by position (undefined when
 * absent). One array serves every element: it is valid only during the `onopentag` call that receives it.
 */
export type AttributeValues = readonly (string | undefined)[];

/** Options of {@link createHtmlEventParser}. */
export interface HtmlEventParserOptions {
  /** Which attributes (lower-case names) to collect; others are skipped without being sliced. Default: all. */
  keepAttribute?: (name: string) => boolean;
  /**
   * Collect exactly these attributes (lower-case names), reported as {@link AttributeValues} in this order
   * instead of a record per element (replaces `keepAttribute`). A handler that reads a fixed set of attributes
   * on a tag-dense page so costs no object per element and no lookup by name.
   */
  attributes?: readonly string[];
  /** Asked before each piece of text: false skips it without copying it. Default: all text is reported. */
  wantText?: () => boolean;
  /**
   * Whether an element none of whose attributes is kept is reported, asked once per tag name; one that is not
   * gets neither `onopentag` nor `onclosetag`. Default: every element is. A handler that follows only elements
   * with certain attributes (and a few by name) so skips two calls per bare tag, most of a tag-dense page.
   */
  reportBareElement?: (name: string) => boolean;
}

/** A push parser: feed text with `write`, finish with `end`. */
export interface HtmlEventParser {
  write(chunk: string): void;
  end(): void;
}

// The element stack rules below are htmlparser2's Parser (v12) rules, kept event for event: which tags
// imply the end of open ones, void elements, foreign (SVG/MathML) contexts. Its Parser keeps the stack with
// `unshift`/`indexOf`, which costs O(depth) per tag, so a page of 100 000 unclosed `<div>`s costs seconds;
// here the top of the stack is the array's end and a count per open tag name answers "is one open?" in O(1),
// so every tag costs amortised O(1) whatever the nesting.
const FORM_TAGS = new Set(['input', 'option', 'optgroup', 'select', 'button', 'datalist', 'textarea']);
const P_TAG = new Set(['p']);
const HEADING_TAGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p']);
const TABLE_SECTION_TAGS = new Set(['thead', 'tbody']);
const DDT_TAGS = new Set(['dd', 'dt']);
const RTP_TAGS = new Set(['rt', 'rp']);
const OPEN_IMPLIES_CLOSE = new Map<string, Set<string>>([
  ['tr', new Set(['tr', 'th', 'td'])],
  ['th', new Set(['th'])],
  ['td', new Set(['thead', 'th', 'td'])],
  ['body', new Set(['head', 'link', 'script'])],
  ['a', new Set(['a'])],
  ['li', new Set(['li'])],
  ['p', P_TAG],
  ['h1', HEADING_TAGS],
  ['h2', HEADING_TAGS],
  ['h3', HEADING_TAGS],
  ['h4', HEADING_TAGS],
  ['h5', HEADING_TAGS],
  ['h6', HEADING_TAGS],
  ['select', FORM_TAGS],
  ['input', FORM_TAGS],
  ['output', FORM_TAGS],
  ['button', FORM_TAGS],
  ['datalist', FORM_TAGS],
  ['textarea', FORM_TAGS],
  ['option', new Set(['option'])],
  ['optgroup', new Set(['optgroup', 'option'])],
  ['dd', DDT_TAGS],
  ['dt', DDT_TAGS],
  ['rt', RTP_TAGS],
  ['rp', RTP_TAGS],
  ['tbody', TABLE_SECTION_TAGS],
  ['tfoot', TABLE_SECTION_TAGS],
  ...[
    'address',
    'article',
    'aside',
    'blockquote',
    'details',
    'div',
    'dl',
    'fieldset',
    'figcaption',
    'figure',
    'footer',
    'form',
    'header',
    'hr',
    'main',
    'nav',
    'ol',
    'pre',
    'section',
    'table',
    'ul',
  ].map((tag): [string, Set<string>] => [tag, P_TAG]),
]);
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'basefont',
  'br',
  'col',
  'command',
  'embed',
  'frame',
  'hr',
  'img',
  'input',
  'isindex',
  'keygen',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
// Each distinct set above as one bit: a tag that implies closes carries its set's bit, every tag the bits of the
// sets it is in, so "does this tag close the open one?" is one AND instead of a set lookup per tag.
const IMPLIED_CLOSE_SETS = [...new Set(OPEN_IMPLIES_CLOSE.values())]; // 14 sets: bits 0-13
function closesBits(name: string): number {
  const set = OPEN_IMPLIES_CLOSE.get(name);
  return set === undefined ? 0 : 1 << IMPLIED_CLOSE_SETS.indexOf(set);
}
function closedByBits(name: string): number {
  let bits = 0;
  IMPLIED_CLOSE_SETS.forEach((set, i) => {
    if (set.has(name)) bits |= 1 << i;
  });
  return bits;
}

/** HTML integration points inside SVG/MathML, in SVG-adjusted case. */
const INTEGRATION_POINTS = new Set([
  'mi',
  'mo',
  'mn',
  'ms',
  'mtext',
  'annotation-xml',
  'foreignObject',
  'desc',
  'title',
]);
const SVG_TAG_CASE = new Map(
  [
    'altGlyph',
    'altGlyphDef',
    'altGlyphItem',
    'animateColor',
    'animateMotion',
    'animateTransform',
    'clipPath',
    'feBlend',
    'feColorMatrix',
    'feComponentTransfer',
    'feComposite',
    'feConvolveMatrix',
    'feDiffuseLighting',
    'feDisplacementMap',
    'feDistantLight',
    'feDropShadow',
    'feFlood',
    'feFuncA',
    'feFuncB',
    'feFuncG',
    'feFuncR',
    'feGaussianBlur',
    'feImage',
    'feMerge',
    'feMergeNode',
    'feMorphology',
    'feOffset',
    'fePointLight',
    'feSpecularLighting',
    'feSpotLight',
    'feTile',
    'feTurbulence',
    'foreignObject',
    'glyphRef',
    'linearGradient',
    'radialGradient',
    'textPath',
  ].map((name) => [name.toLowerCase(), name]),
);

/** The attributes of every tag that has none worth keeping (shared, so frozen). */
export const NO_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>;

enum Foreign {
  None = 0,
  Svg = 1,
  MathML = 2,
  /** The element opens no foreign context. */
  Unchanged = -1,
}

/** An attribute name as written, and what the parser does with it. */
interface AttributeName {
  raw: string;
  /** Lower-case. */
  name: string;
  keep: boolean;
  /** Position in the `attributes` option; -1 without it. */
  slot: number;
}

/** Everything the stack rules need about one tag name, found with one lookup; `open` is per parser. */
interface TagInfo {
  /** Position in the parser's list of tag names: what the element stack holds. */
  id: number;
  name: string;
  /** How many elements of this name are open. */
  open: number;
  isVoid: boolean;
  /** The bit of the set of open elements this tag closes when it opens (0: none). */
  closes: number;
  /** The bits of the sets this tag is in: an open element of this name is closed by tags whose `closes` match. */
  closedBy: number;
  /** The foreign context this element opens (`Unchanged` for most). */
  opens: Foreign;
  /** Whether an element of this name is reported when it has no kept attribute. */
  reportBare: boolean;
}

function describeTag(name: string, id: number, reportBare: boolean): TagInfo {
  return {
    id,
    name,
    open: 0,
    reportBare,
    isVoid: VOID_ELEMENTS.has(name),
    closes: closesBits(name),
    closedBy: closedByBits(name),
    opens:
      name === 'svg'
        ? Foreign.Svg
        : name === 'math'
          ? Foreign.MathML
          : INTEGRATION_POINTS.has(name)
            ? Foreign.None
            : Foreign.Unchanged,
  };
}

/** `buffer.startsWith(name, from)` for the short names of tags and attributes, without a builtin call. */
function sameChars(buffer: string, from: number, name: string): boolean {
  for (let i = 0; i < name.length; i++) if (buffer.charCodeAt(from + i) !== name.charCodeAt(i)) return false;
  return true;
}

/**
 * A streaming HTML parser over htmlparser2's tokenizer that reports the same open, close and text events as
 * htmlparser2's `Parser` (HTML mode, lower-case names, entities decoded) in time linear in the input: deep
 * nesting, unclosed elements and stray end tags cost O(1) each.
 */
export function createHtmlEventParser(
  handlers: HtmlEventHandlers<AttributeValues>,
  options: HtmlEventParserOptions & { attributes: readonly string[] },
): HtmlEventParser;
export function createHtmlEventParser(
  handlers: HtmlEventHandlers,
  options?: HtmlEventParserOptions,
): HtmlEventParser;
export function createHtmlEventParser(
  handlers: HtmlEventHandlers<Record<string, string>> | HtmlEventHandlers<AttributeValues>,
  options: HtmlEventParserOptions = {},
): HtmlEventParser {
  const onOpenTag = handlers.onopentag as
    | ((name: string, attribs: unknown, depth: number) => void)
    | undefined;
  const onCloseTag = handlers.onclosetag;
  const onText = handlers.ontext;
  const onEnd = handlers.onend;
  const keep = options.keepAttribute;
  // By position, when the handler asked for a fixed list: one array, cleared after each element that set any.
  const slotNames = options.attributes;
  const slotValues: (string | undefined)[] | undefined = slotNames?.map(() => undefined);
  // The slots the current element set (`kept` of them), to clear after it.
  const slotsSet = new Int32Array(slotNames?.length ?? 0);
  const wantText = options.wantText;
  const reportBare = options.reportBareElement;
  const tags = new Map<string, TagInfo>();
  // The open elements as tag ids in a typed array (no object references to trace, doubling when full), and
  // the tag infos by id.
  let stack = new Int32Array(256);
  // Per open element: 1 when its open was reported, so its close is too.
  let reported = new Uint8Array(256);
  let depth = 0;
  const infos: TagInfo[] = [];
  const top = (): TagInfo | undefined => (depth > 0 ? infos[stack[depth - 1]!] : undefined);
  const foreign: Foreign[] = [Foreign.None];
  // Written chunks not yet fully consumed; tokenizer indices are absolute across chunks.
  const buffers: string[] = [];
  let bufferOffset = 0;
  let current: TagInfo | null = null;
  // Attributes of the tag being read: `collecting` between its name and its end; kept ones go to `attribs` (a
  // record, NO_ATTRIBUTES until the first) or to `slotValues`, `kept` counting them.
  let collecting = false;
  let attribs: Record<string, string> = NO_ATTRIBUTES;
  let kept = 0;
  let attribute: AttributeName | undefined;
  let attribvalue = '';
  let ended = false;

  const tagInfo = (name: string): TagInfo => {
    let info = tags.get(name);
    if (info === undefined) {
      info = describeTag(name, infos.length, reportBare === undefined || reportBare(name));
      infos.push(info);
      tags.set(name, info);
    }
    return info;
  };
  const isOpen = (name: string): boolean => (tags.get(name)?.open ?? 0) > 0;
  const inForeign = (): boolean => foreign[foreign.length - 1] !== Foreign.None;

  const getSlice = (start: number, end: number): string => {
    if (start === end) return '';
    while (start - bufferOffset >= buffers[0]!.length) shiftBuffer();
    let slice = buffers[0]!.slice(start - bufferOffset, end - bufferOffset);
    while (end - bufferOffset > buffers[0]!.length) {
      shiftBuffer();
      slice += buffers[0]!.slice(0, end - bufferOffset);
    }
    return slice;
  };
  const shiftBuffer = (): void => {
    bufferOffset += buffers[0]!.length;
    buffers.shift();
  };

  const readTagName = (start: number, end: number): string => {
    const name = getSlice(start, end).toLowerCase();
    if (foreign[foreign.length - 1] === Foreign.Svg) return SVG_TAG_CASE.get(name) ?? name;
    // An end tag of an SVG element inside an HTML integration point keeps the case it was opened with.
    if (foreign.length > 1) {
      const adjusted = SVG_TAG_CASE.get(name);
      if (adjusted !== undefined && isOpen(adjusted)) return adjusted;
    }
    if (!inForeign()) return name === 'image' ? 'img' : name;
    return name;
  };

  // Tag-dense pages repeat a handful of names; the last few, as written, are recognised in the buffer
  // without copying or hashing a new string. The name a raw tag gets depends only on the raw text outside
  // SVG/MathML and directly inside SVG (case adjustments), so each of those two contexts has its own memory.
  const recentHtml: { raw: string; info: TagInfo }[] = [];
  const recentSvg: { raw: string; info: TagInfo }[] = [];
  const readTag = (start: number, end: number): TagInfo => {
    const top = foreign[foreign.length - 1];
    const recent = foreign.length === 1 ? recentHtml : top === Foreign.Svg ? recentSvg : undefined;
    if (recent !== undefined && end > start) {
      while (start - bufferOffset >= buffers[0]!.length) shiftBuffer();
      const buffer = buffers[0]!;
      const from = start - bufferOffset;
      const length = end - start;
      if (from + length <= buffer.length) {
        for (let i = 0; i < recent.length; i++) {
          const entry = recent[i]!;
          if (entry.raw.length === length && sameChars(buffer, from, entry.raw)) return entry.info;
        }
        const info = tagInfo(readTagName(start, end));
        if (recent.length >= 4) recent.pop();
        recent.unshift({ raw: buffer.slice(from, from + length), info });
        return info;
      }
    }
    return tagInfo(readTagName(start, end));
  };

  // Attribute names as written, remembered in a small table (slot by length and end characters): a known name
  // is recognised in the buffer without being copied, lower-cased and hashed again, and whether it is kept is
  // asked once per page. Names longer than the table's limit are read each time.
  const attributeNames: (AttributeName | undefined)[] = new Array(64);
  const describeAttribute = (raw: string): AttributeName => {
    const name = raw.toLowerCase();
    if (slotNames !== undefined) {
      const slot = slotNames.indexOf(name);
      return { raw, name, keep: slot >= 0, slot };
    }
    return { raw, name, keep: keep === undefined || keep(name), slot: -1 };
  };
  const readAttributeName = (start: number, end: number): AttributeName => {
    const length = end - start;
    if (length > 0 && length <= 32) {
      while (start - bufferOffset >= buffers[0]!.length) shiftBuffer();
      const buffer = buffers[0]!;
      const from = start - bufferOffset;
      if (from + length <= buffer.length) {
        const slot =
          (length * 7 + buffer.charCodeAt(from) * 3 + buffer.charCodeAt(from + length - 1)) &
          (attributeNames.length - 1);
        const entry = attributeNames[slot];
        if (entry !== undefined && entry.raw.length === length && sameChars(buffer, from, entry.raw))
          return entry;
        const described = describeAttribute(buffer.slice(from, from + length));
        attributeNames[slot] = described;
        return described;
      }
    }
    return describeAttribute(getSlice(start, end));
  };

  const reportOpen = (name: string, depth: number): void => {
    if (slotValues === undefined) {
      onOpenTag?.(name, attribs, depth);
      return;
    }
    onOpenTag?.(name, slotValues, depth);
    clearSlots();
  };
  const clearSlots = (): void => {
    for (let i = 0; i < kept; i++) slotValues![slotsSet[i]!] = undefined;
  };

  const popElement = (implied: boolean): void => {
    const info = infos[stack[--depth]!]!;
    info.open--;
    if (info.opens !== Foreign.Unchanged) foreign.pop();
    if (reported[depth] === 1) onCloseTag?.(info.name, implied, depth + 1);
  };

  const emitOpenTag = (info: TagInfo): void => {
    // The HTML spec ignores a <form> inside an open one: no element, no attributes.
    if (info.name === 'form' && info.open > 0) {
      current = null;
      return;
    }
    current = info;
    const closes = info.closes;
    if (closes !== 0) {
      while (depth > 0 && (infos[stack[depth - 1]!]!.closedBy & closes) !== 0) popElement(true);
    }
    if (!info.isVoid) {
      if (depth === stack.length) {
        const grown = new Int32Array(stack.length * 2);
        grown.set(stack);
        stack = grown;
        const grownReported = new Uint8Array(stack.length);
        grownReported.set(reported);
        reported = grownReported;
      }
      // Until its attributes are read, as a bare element (what it stays if the input ends inside the tag).
      reported[depth] = info.reportBare ? 1 : 0;
      stack[depth++] = info.id;
      info.open++;
      if (info.opens !== Foreign.Unchanged) foreign.push(info.opens);
    }
    // Most tags carry no attribute worth keeping: they share one empty object, and a tag gets its own on the
    // first kept attribute. (A tag the input ended inside may have left slot values behind.)
    if (kept > 0 && slotValues !== undefined) clearSlots();
    collecting = true;
    attribs = NO_ATTRIBUTES;
    kept = 0;
  };

  const endOpenTag = (): void => {
    const info = current;
    if (info === null) return;
    // A void element was never pushed: it sits one level below the open ones.
    const at = info.isVoid ? depth + 1 : depth;
    const report = info.reportBare || kept > 0;
    if (collecting) {
      if (report) reportOpen(info.name, at);
      collecting = false;
      attribs = NO_ATTRIBUTES;
      kept = 0;
    }
    if (info.isVoid) {
      if (report) onCloseTag?.(info.name, true, at);
    } else reported[at - 1] = report ? 1 : 0;
    current = null;
  };

  const closeCurrentTag = (isOpenImplied: boolean): void => {
    const info = current;
    endOpenTag();
    if (info !== null && top() === info) popElement(!isOpenImplied);
  };

  const callbacks: TokenizerCallbacks = {
    ontext(start, end) {
      if (wantText === undefined || wantText()) onText?.(getSlice(start, end));
    },
    ontextentity(codepoint) {
      if (wantText === undefined || wantText()) onText?.(String.fromCodePoint(codepoint));
    },
    isInForeignContext: inForeign,
    onopentagname(start, end) {
      emitOpenTag(readTag(start, end));
    },
    onopentagend() {
      endOpenTag();
    },
    onclosetag(start, end) {
      const info = readTag(start, end);
      if (!info.isVoid) {
        if (info.open > 0) {
          while (top() !== info) popElement(true);
          popElement(false);
        } else if (info.name === 'p') {
          // `</p>` with no open <p> is an empty paragraph.
          emitOpenTag(info);
          closeCurrentTag(true);
        }
      } else if (info.name === 'br' && info.reportBare) {
        reportOpen('br', depth + 1);
        onCloseTag?.('br', false, depth + 1);
      }
    },
    onselfclosingtag() {
      // HTML ignores the `/` of `<div/>`; inside SVG and MathML it closes the element.
      if (inForeign()) closeCurrentTag(false);
      else endOpenTag();
    },
    onattribname(start, end) {
      attribute = collecting ? readAttributeName(start, end) : undefined;
      if (attribute !== undefined && !attribute.keep) attribute = undefined;
    },
    onattribdata(start, end) {
      if (attribute !== undefined) attribvalue += getSlice(start, end);
    },
    onattribentity(codepoint) {
      if (attribute !== undefined) attribvalue += String.fromCodePoint(codepoint);
    },
    onattribend() {
      if (attribute !== undefined) {
        if (slotValues !== undefined) {
          if (slotValues[attribute.slot] === undefined) {
            slotValues[attribute.slot] = attribvalue;
            slotsSet[kept++] = attribute.slot;
          }
        } else {
          if (attribs === NO_ATTRIBUTES) attribs = {};
          if (!Object.hasOwn(attribs, attribute.name)) {
            attribs[attribute.name] = attribvalue;
            kept++;
          }
        }
      }
      attribvalue = '';
      attribute = undefined;
    },
    oncdata(start, end, offset) {
      // CDATA is text inside SVG/MathML and a comment elsewhere.
      if (inForeign() && (wantText === undefined || wantText())) onText?.(getSlice(start, end - offset));
    },
    oncomment() {},
    ondeclaration() {},
    onprocessinginstruction() {},
    onend() {
      if (onEnd !== undefined) {
        depth = 0;
        onEnd();
      } else while (depth > 0) popElement(true);
    },
  };
  const tokenizer = new Tokenizer({ decodeEntities: true }, callbacks);

  return {
    write(chunk) {
      if (ended) return;
      buffers.push(chunk);
      tokenizer.write(chunk);
    },
    end() {
      if (ended) return;
      ended = true;
      tokenizer.end();
    },
  };
}
