import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { createHtmlEventParser } from './html-events.js';

type HtmlEvent = ['open', string, Record<string, string>] | ['close', string] | ['text', string];

/** Events of htmlparser2's own Parser, adjacent text merged (both split text at entities and chunk ends). */
function referenceEvents(chunks: readonly string[]): HtmlEvent[] {
  const events: HtmlEvent[] = [];
  const parser = new Parser(
    {
      onopentag: (name, attribs) => events.push(['open', name, { ...attribs }]),
      onclosetag: (name) => events.push(['close', name]),
      ontext: (text) => events.push(['text', text]),
    },
    { decodeEntities: true },
  );
  for (const chunk of chunks) parser.write(chunk);
  parser.end();
  return mergeText(events);
}

function linearEvents(chunks: readonly string[]): HtmlEvent[] {
  const events: HtmlEvent[] = [];
  const parser = createHtmlEventParser({
    onopentag: (name, attribs) => events.push(['open', name, { ...attribs }]),
    onclosetag: (name) => events.push(['close', name]),
    ontext: (text) => events.push(['text', text]),
  });
  for (const chunk of chunks) parser.write(chunk);
  parser.end();
  return mergeText(events);
}

function mergeText(events: HtmlEvent[]): HtmlEvent[] {
  const out: HtmlEvent[] = [];
  for (const event of events) {
    const last = out[out.length - 1];
    if (event[0] === 'text' && last?.[0] === 'text') last[1] += event[1];
    else out.push(event);
  }
  return out;
}

/** Markup fragments that exercise every stack rule: implied closes, void tags, forms, SVG/MathML, raw text. */
const fragment = fc.constantFrom(
  '<div>',
  '</div>',
  '<p>',
  '</p>',
  '<li>',
  '<ul>',
  '</ul>',
  '<table><tr><td>',
  '<td>',
  '<th>',
  '</tr>',
  '<tbody>',
  '<option>',
  '<optgroup>',
  '<select>',
  '<input name=q>',
  '<form id=f>',
  '<form id=g>',
  '</form>',
  '<br>',
  '</br>',
  '<img src=x.png>',
  '<a href="/a">',
  '</a>',
  '<h1>',
  '<h2>',
  '<dd>',
  '<dt>',
  '<rt>',
  '<svg>',
  '</svg>',
  '<path d="M0"/>',
  '<clipPath>',
  '</clippath>',
  '<foreignObject>',
  '</foreignObject>',
  '<math>',
  '<mi>',
  '</math>',
  '<title>',
  '</title>',
  '<script>',
  '</script>',
  '<style>a{}</style>',
  '<textarea>',
  '</textarea>',
  '<image>',
  '<![CDATA[x]]>',
  '<!-- c -->',
  '<!doctype html>',
  '<?php x ?>',
  '<span itemprop="name">',
  '<div itemscope itemtype="https://schema.org/Product" ITEMPROP=offers itemprop=dup>',
  '<meta content="a&amp;b" itemprop=sku>',
  '<b/>',
  '</x>',
  'text',
  ' &amp; ',
  '&lt;div&gt;',
  '&#x1F600;',
  '<',
  '>',
  '"',
  '\n',
);

describe('createHtmlEventParser', () => {
  it("reports exactly htmlparser2 Parser's events", () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 40 }), (parts) => {
        const html = parts.join('');
        expect(linearEvents([html])).toEqual(referenceEvents([html]));
      }),
      { numRuns: 400 },
    );
  });

  it('gives the same events whatever the chunking', () => {
    fc.assert(
      fc.property(
        fc.array(fragment, { maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (parts, cuts) => {
          const html = parts.join('');
          const points = [...new Set(cuts.map((c) => c % (html.length + 1)))].sort((a, b) => a - b);
          const chunks: string[] = [];
          let from = 0;
          for (const point of points) {
            chunks.push(html.slice(from, point));
            from = point;
          }
          chunks.push(html.slice(from));
          expect(linearEvents(chunks)).toEqual(referenceEvents(chunks));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps only the attributes asked for, first occurrence first', () => {
    const seen: Record<string, string>[] = [];
    const parser = createHtmlEventParser(
      { onopentag: (_name, attribs) => seen.push({ ...attribs }) },
      { keepAttribute: (name) => name === 'id' },
    );
    parser.write('<div ID=a id=b class=c data-x="&amp;">');
    parser.end();
    expect(seen).toEqual([{ id: 'a' }]);
  });

  it('reports the attributes asked for by position, as the name filter keeps them', () => {
    const names = ['itemprop', 'itemscope', 'id', 'href', 'content', 'd'];
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 40 }), (parts) => {
        const html = parts.join('');
        const byName: HtmlEvent[] = [];
        const byNameParser = createHtmlEventParser(
          {
            onopentag: (name, attribs) => byName.push(['open', name, { ...attribs }]),
            onclosetag: (name) => byName.push(['close', name]),
            ontext: (text) => byName.push(['text', text]),
          },
          { keepAttribute: (name) => names.includes(name) },
        );
        byNameParser.write(html);
        byNameParser.end();
        const byPosition: HtmlEvent[] = [];
        const byPositionParser = createHtmlEventParser(
          {
            onopentag: (name, values) => {
              const attribs: Record<string, string> = {};
              values.forEach((value, i) => {
                if (value !== undefined) attribs[names[i]!] = value;
              });
              byPosition.push(['open', name, attribs]);
            },
            onclosetag: (name) => byPosition.push(['close', name]),
            ontext: (text) => byPosition.push(['text', text]),
          },
          { attributes: names },
        );
        byPositionParser.write(html);
        byPositionParser.end();
        expect(mergeText(byPosition)).toEqual(mergeText(byName));
      }),
      { numRuns: 300 },
    );
  });

  it('skips the elements without a kept attribute, open and close, unless their name is asked for', () => {
    const bare = (name: string): boolean => name === 'script' || name === 'p';
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 40 }), (parts) => {
        const html = parts.join('');
        // Every element, each close paired with its open (and its depth) through a stack.
        const all: { event: HtmlEvent; depth: number }[] = [];
        const allParser = createHtmlEventParser(
          {
            onopentag: (name, attribs, depth) => all.push({ event: ['open', name, { ...attribs }], depth }),
            onclosetag: (name, _implied, depth) => all.push({ event: ['close', name], depth }),
          },
          { keepAttribute: (name) => name === 'itemprop' || name === 'id' },
        );
        allParser.write(html);
        allParser.end();
        const open: boolean[] = [];
        const expected = all.filter(({ event }) => {
          if (event[0] === 'open') {
            const reported = bare(event[1]) || Object.keys(event[2]).length > 0;
            open.push(reported);
            return reported;
          }
          return open.pop();
        });
        const some: { event: HtmlEvent; depth: number }[] = [];
        const someParser = createHtmlEventParser(
          {
            onopentag: (name, attribs, depth) => some.push({ event: ['open', name, { ...attribs }], depth }),
            onclosetag: (name, _implied, depth) => some.push({ event: ['close', name], depth }),
          },
          { keepAttribute: (name) => name === 'itemprop' || name === 'id', reportBareElement: bare },
        );
        someParser.write(html);
        someParser.end();
        expect(some).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('with an end handler, ends the input with one call instead of a close per open element', () => {
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 40 }), (parts) => {
        const html = parts.join('');
        const closing: string[] = [];
        const closingParser = createHtmlEventParser({
          onopentag: (name) => closing.push(`<${name}>`),
          onclosetag: (name) => closing.push(`</${name}>`),
        });
        closingParser.write(html);
        closingParser.end();
        const ending: string[] = [];
        const endingParser = createHtmlEventParser({
          onopentag: (name) => ending.push(`<${name}>`),
          onclosetag: (name) => ending.push(`</${name}>`),
          onend: () => ending.push('end'),
        });
        endingParser.write(html);
        endingParser.end();
        expect(ending.at(-1)).toBe('end');
        const before = ending.slice(0, -1);
        expect(closing.slice(0, before.length)).toEqual(before);
        // What the end closed: as many elements as were left open, and nothing else.
        const rest = closing.slice(before.length);
        const left =
          before.filter((e) => !e.startsWith('</')).length - before.filter((e) => e.startsWith('</')).length;
        expect(rest.every((e) => e.startsWith('</'))).toBe(true);
        expect(rest).toHaveLength(left);
      }),
      { numRuns: 300 },
    );
  });

  it('closes 100 000 unclosed elements, innermost first', () => {
    const closed: string[] = [];
    const parser = createHtmlEventParser({ onclosetag: (name) => closed.push(name) });
    parser.write(`${'<div>'.repeat(50_000)}${'<span>'.repeat(50_000)}`);
    parser.end();
    expect(closed).toHaveLength(100_000);
    expect(closed[0]).toBe('span');
    expect(closed[99_999]).toBe('div');
  });
});
