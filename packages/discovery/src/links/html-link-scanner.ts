import { checkOptions, is, required } from '@agentweb/core';
import { createHtmlEventParser } from '../common/html-events.js';
import { splitTokens } from './link-header.js';
import { resolveHref } from './resolve-href.js';

/** Options of {@link createHtmlLinkScanner}. */
export interface HtmlLinkScannerOptions {
  /** The relation to look for, e.g. `cap-agent-card`; matched as an exact token, case-insensitively. */
  rel: string;
  /** Element names that may carry the link (default `['link']`). */
  elements?: readonly string[];
  /** The page's final URL (after redirects); relative hrefs resolve against it. */
  baseUrl: string | URL;
  /** Keep scanning after `</head>` (default false). */
  scanBody?: boolean;
}

/** A push-style scanner: feed it HTML text in pieces, read `urls`, stop writing once `done` is true. */
export interface HtmlLinkScanner {
  /** Feeds the next piece of the document. Ignored once `done`. */
  write(chunk: string): void;
  /** Signals the end of the document, flushing any pending tag. */
  end(): void;
  /** Matching links found so far, absolute, in document order. */
  readonly urls: readonly string[];
  /** True once the head has ended (and `scanBody` is off) or `end()` was called. */
  readonly done: boolean;
}

/**
 * Builds a streaming scanner over htmlparser2's tokenizer, which keeps comments, `<script>`/`<style>` bodies
 * and escaped text (`&lt;link&gt;`) out of the tag stream, so false links there are never seen. Linear in the
 * page however deeply it nests.
 */
export function createHtmlLinkScanner(options: HtmlLinkScannerOptions): HtmlLinkScanner {
  checkOptions(
    'createHtmlLinkScanner',
    options,
    {
      rel: required(is.nonEmptyString),
      elements: is.arrayOf(is.nonEmptyString),
      baseUrl: required(is.urlLike),
      scanBody: is.boolean,
    },
    { optionsRequired: true },
  );
  const rel = options.rel.toLowerCase();
  const elements = new Set((options.elements ?? ['link']).map((name) => name.toLowerCase()));
  const scanBody = options.scanBody ?? false;
  const urls: string[] = [];
  let done = false;

  const parser = createHtmlEventParser(
    {
      onopentag(name, attributes) {
        if (done) return;
        // A <body> start means the head is over even on pages that omit </head>.
        if (name === 'body' && !scanBody) {
          done = true;
          return;
        }
        if (!elements.has(name)) return;
        const relValue = attributes['rel'];
        const href = attributes['href'];
        // A link without href is skipped, not read as "the page itself" (webmention.rocks test 20).
        if (relValue === undefined || href === undefined) return;
        if (!splitTokens(relValue).includes(rel)) return;
        const url = resolveHref(href, options.baseUrl);
        if (url !== undefined) urls.push(url);
      },
      onclosetag(name) {
        if (name === 'head' && !scanBody) done = true;
      },
    },
    { keepAttribute: (name) => name === 'rel' || name === 'href', wantText: () => false },
  );

  return {
    write(chunk) {
      if (!done) parser.write(chunk);
    },
    end() {
      if (!done) parser.end();
      done = true;
    },
    get urls() {
      return urls;
    },
    get done() {
      return done;
    },
  };
}
