import { Tokenizer, type TokenizerCallbacks } from 'htmlparser2';

/** What {@link createHtmlEventParser} reports, in document order. */
export interface HtmlEventHandlers {
  /**
   * An element opened; `attribs` holds the attributes the filter kept (first occurrence wins). It is
   * {@link NO_ATTRIBUTES} when there are none. `depth` counts the open elements, this one included.
   */
  onopentag?(name: string, attribs: Record<string, string>, depth: number): void;
  /**
   * An element closed; `implied` when no end tag closed it (void element, implied close, end of input). `depth`
   * is the element's: the same number its `onopentag` got, so a handler can follow only the elements it
   * cares about instead of keeping a stack entry per tag.
   */
  onclosetag?(name: string, implied: boolean, depth: number): void;
  /** Text (entities decoded), including the raw text of `<script>` and `<style>`. */
  ontext?(text: string): void;
}

/** Options of {@link createHtmlEventParser}. */
export interface HtmlEventParserOptions {
  /** Which attributes (lower-case names) to collect; others are skipped without being sliced. Default: all. */
  keepAttribute?: (name: string) => boolean;
  /** Asked before each piece of text: false skips it without copying it. Default: all text is reported. */
  wantText?: () => boolean;
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

/** Everything the stack rules need about one tag name, found with one lookup; `open` is per parser. */
interface TagInfo {
  /** Position in the parser's list of tag names: what the element stack holds. */
  id: number;
  name: string;
  /** How many elements of this name are open. */
  open: number;
  isVoid: boolean;
  /** Open elements this tag closes when it opens, when any. */
  impliesClose: Set<string> | undefined;
  /** The foreign context this element opens (`Unchanged` for most). */
  opens: Foreign;
}

function describeTag(name: string, id: number): TagInfo {
  return {
    id,
    name,
    open: 0,
    isVoid: VOID_ELEMENTS.has(name),
    impliesClose: OPEN_IMPLIES_CLOSE.get(name),
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

/**
 * A streaming HTML parser over htmlparser2's tokenizer that reports the same open, close and text events as
 * htmlparser2's `Parser` (HTML mode, lower-case names, entities decoded) in time linear in the input: deep
 * nesting, unclosed elements and stray end tags cost O(1) each.
 */
export function createHtmlEventParser(
  handlers: HtmlEventHandlers,
  options: HtmlEventParserOptions = {},
): HtmlEventParser {
  const keep = options.keepAttribute;
  const wantText = options.wantText;
  const tags = new Map<string, TagInfo>();
  // The open elements as tag ids in a typed array (no object references to trace, doubling when full), and
  // the tag infos by id.
  let stack = new Int32Array(256);
  let depth = 0;
  const infos: TagInfo[] = [];
  const top = (): TagInfo | undefined => (depth > 0 ? infos[stack[depth - 1]!] : undefined);
  const foreign: Foreign[] = [Foreign.None];
  // Written chunks not yet fully consumed; tokenizer indices are absolute across chunks.
  const buffers: string[] = [];
  let bufferOffset = 0;
  let current: TagInfo | null = null;
  let attribs: Record<string, string> | null = null;
  let attribname = '';
  let attribvalue = '';
  let keepingAttribute = false;
  let ended = false;

  const tagInfo = (name: string): TagInfo => {
    let info = tags.get(name);
    if (info === undefined) {
      info = describeTag(name, infos.length);
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
          if (entry.raw.length === length && buffer.startsWith(entry.raw, from)) return entry.info;
        }
        const info = tagInfo(readTagName(start, end));
        if (recent.length >= 4) recent.pop();
        recent.unshift({ raw: buffer.slice(from, from + length), info });
        return info;
      }
    }
    return tagInfo(readTagName(start, end));
  };

  const popElement = (implied: boolean): void => {
    const info = infos[stack[--depth]!]!;
    info.open--;
    if (info.opens !== Foreign.Unchanged) foreign.pop();
    handlers.onclosetag?.(info.name, implied, depth + 1);
  };

  const emitOpenTag = (info: TagInfo): void => {
    // The HTML spec ignores a <form> inside an open one: no element, no attributes.
    if (info.name === 'form' && info.open > 0) {
      current = null;
      return;
    }
    current = info;
    const impliesClose = info.impliesClose;
    if (impliesClose) {
      while (depth > 0 && impliesClose.has(infos[stack[depth - 1]!]!.name)) popElement(true);
    }
    if (!info.isVoid) {
      if (depth === stack.length) {
        const grown = new Int32Array(stack.length * 2);
        grown.set(stack);
        stack = grown;
      }
      stack[depth++] = info.id;
      info.open++;
      if (info.opens !== Foreign.Unchanged) foreign.push(info.opens);
    }
    // Most tags carry no attribute worth keeping: they share one empty object, and a tag gets its own on the
    // first kept attribute.
    attribs = NO_ATTRIBUTES;
  };

  const endOpenTag = (): void => {
    const info = current;
    if (info === null) return;
    // A void element was never pushed: it sits one level below the open ones.
    const at = info.isVoid ? depth + 1 : depth;
    if (attribs) {
      handlers.onopentag?.(info.name, attribs, at);
      attribs = null;
    }
    if (info.isVoid) handlers.onclosetag?.(info.name, true, at);
    current = null;
  };

  const closeCurrentTag = (isOpenImplied: boolean): void => {
    const info = current;
    endOpenTag();
    if (info !== null && top() === info) popElement(!isOpenImplied);
  };

  const callbacks: TokenizerCallbacks = {
    ontext(start, end) {
      if (wantText === undefined || wantText()) handlers.ontext?.(getSlice(start, end));
    },
    ontextentity(codepoint) {
      if (wantText === undefined || wantText()) handlers.ontext?.(String.fromCodePoint(codepoint));
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
      } else if (info.name === 'br') {
        handlers.onopentag?.('br', NO_ATTRIBUTES, depth + 1);
        handlers.onclosetag?.('br', false, depth + 1);
      }
    },
    onselfclosingtag() {
      // HTML ignores the `/` of `<div/>`; inside SVG and MathML it closes the element.
      if (inForeign()) closeCurrentTag(false);
      else endOpenTag();
    },
    onattribname(start, end) {
      attribname = getSlice(start, end).toLowerCase();
      keepingAttribute = attribs !== null && (keep === undefined || keep(attribname));
    },
    onattribdata(start, end) {
      if (keepingAttribute) attribvalue += getSlice(start, end);
    },
    onattribentity(codepoint) {
      if (keepingAttribute) attribvalue += String.fromCodePoint(codepoint);
    },
    onattribend() {
      if (keepingAttribute && attribs) {
        if (attribs === NO_ATTRIBUTES) attribs = {};
        if (!Object.hasOwn(attribs, attribname)) attribs[attribname] = attribvalue;
      }
      attribvalue = '';
      keepingAttribute = false;
    },
    oncdata(start, end, offset) {
      // CDATA is text inside SVG/MathML and a comment elsewhere.
      if (inForeign() && (wantText === undefined || wantText()))
        handlers.ontext?.(getSlice(start, end - offset));
    },
    oncomment() {},
    ondeclaration() {},
    onprocessinginstruction() {},
    onend() {
      while (depth > 0) popElement(true);
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
