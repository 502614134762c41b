import { describe, expect, it } from 'vitest';
import { discoverLinks, discoverLinksFromStream, parseLinkHeader } from '../src/links/index.js';

const base = 'https://shop.example/products/shoe?color=red';

describe('discoverLinks: CAP behaviour (elements default to <link>)', () => {
  it('ignores <a rel="cap-agent-card"> by default and finds it with elements [link, a]', () => {
    const html = '<html><head></head><body><a rel="cap-agent-card" href="/card.json">card</a></body></html>';
    expect(discoverLinks({ html, baseUrl: base })).toEqual([]);
    expect(discoverLinks({ html, baseUrl: base, elements: ['link', 'a'] })).toEqual([
      'https://shop.example/card.json',
    ]);
  });

  it('puts Link header values first, then <link> elements in document order, without duplicates', () => {
    const html = `<head>
      <link rel="cap-agent-card" href="/from-html.json">
      <link rel="CAP-AGENT-CARD" href="https://cards.example/x.json#frag">
      <link rel="cap-agent-card" href="/from-header.json">
    </head>`;
    const urls = discoverLinks({
      html,
      baseUrl: base,
      headers: {
        Link: ['</from-header.json>; rel="preload cap-agent-card"', '</style.css>; rel=stylesheet'],
      },
    });
    expect(urls).toEqual([
      'https://shop.example/from-header.json',
      'https://shop.example/from-html.json',
      'https://cards.example/x.json',
    ]);
  });

  it('matches rel tokens exactly and skips comments, script text, escaped markup and missing hrefs', () => {
    const html = `<head>
      <!-- <link rel="cap-agent-card" href="/commented.json"> -->
      <script>document.write('<link rel="cap-agent-card" href="/scripted.json">')</script>
      <link rel="cap-agent-card-v2" href="/prefix.json">
      <link rel="not-cap-agent-card" href="/suffix.json">
      <link rel="cap-agent-card">
      <title>&lt;link rel="cap-agent-card" href="/escaped.json"&gt;</title>
      <link rel="alternate
        cap-agent-card" href="">
    </head>`;
    // The empty href is the page itself.
    expect(discoverLinks({ html, baseUrl: base })).toEqual([base]);
  });

  it('resolves against the base URL given (the final URL after redirects) and drops non-http(s) links', () => {
    const html =
      '<link rel="cap-agent-card" href="javascript:alert(1)"><link rel="cap-agent-card" href="../card.json">';
    expect(discoverLinks({ html, baseUrl: 'https://shop.example/a/b/page' })).toEqual([
      'https://shop.example/a/card.json',
    ]);
  });

  it('reads headers given as a Headers object, pairs, or a record', () => {
    const value = '<https://a.example/c.json>; rel=cap-agent-card';
    const h = new Headers();
    h.append('link', value);
    expect(discoverLinks({ baseUrl: base, headers: h })).toEqual(['https://a.example/c.json']);
    expect(discoverLinks({ baseUrl: base, headers: [['LINK', value]] })).toEqual([
      'https://a.example/c.json',
    ]);
    expect(discoverLinks({ baseUrl: base, headers: { link: value } })).toEqual(['https://a.example/c.json']);
  });
});

describe('parseLinkHeader', () => {
  it('splits several links, honours quoted commas and the first rel only, and survives garbage', () => {
    expect(
      parseLinkHeader(
        '<https://x.example/a,b>; title="a, b"; rel="next cap-agent-card"; rel=other, </c>; rel=prev',
      ),
    ).toEqual([
      { target: 'https://x.example/a,b', rels: ['next', 'cap-agent-card'] },
      { target: '/c', rels: ['prev'] },
    ]);
    expect(parseLinkHeader('garbage, <ok>; rel=x, <unterminated')).toEqual([{ target: 'ok', rels: ['x'] }]);
    expect(parseLinkHeader('')).toEqual([]);
  });
});

describe('discoverLinksFromStream', () => {
  function streamOf(parts: string[]): {
    stream: ReadableStream<Uint8Array>;
    pulled: () => number;
    cancelled: () => boolean;
  } {
    let index = 0;
    let cancelled = false;
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const part = parts[index++];
        if (part === undefined) controller.close();
        else controller.enqueue(encoder.encode(part));
      },
      cancel() {
        cancelled = true;
      },
    });
    return { stream, pulled: () => index, cancelled: () => cancelled };
  }

  const page = [
    '<html><head><link rel="cap-agent-',
    'card" href="/head.json"></he',
    'ad><body>',
    '<link rel="cap-agent-card" href="/body.json">',
    '<p>lots of body</p>'.repeat(100),
  ];

  it('stops at </head> by default and cancels the rest of the body', async () => {
    const source = streamOf(page);
    const result = await discoverLinksFromStream({ body: source.stream, baseUrl: base });
    expect(result.urls).toEqual(['https://shop.example/head.json']);
    expect(result.stoppedAt).toBe('head-end');
    expect(source.pulled()).toBeLessThan(page.length);
    expect(source.cancelled()).toBe(true);
  });

  it('with scanBody reads on and finds links in <body> too', async () => {
    const result = await discoverLinksFromStream({
      body: streamOf(page).stream,
      baseUrl: base,
      scanBody: true,
    });
    expect(result.urls).toEqual(['https://shop.example/head.json', 'https://shop.example/body.json']);
    expect(result.stoppedAt).toBe('end');
  });

  it('stops at the byte budget, keeping what it found', async () => {
    const parts = [
      '<html><head><link rel="cap-agent-card" href="/a.json">',
      '<meta name="x">'.repeat(1000),
      '</head>',
    ];
    const result = await discoverLinksFromStream({ body: parts, baseUrl: base, maxBytes: 100 });
    expect(result).toMatchObject({ urls: ['https://shop.example/a.json'], stoppedAt: 'max-bytes' });
  });

  it('decodes multi-byte characters split across chunks', async () => {
    const bytes = new TextEncoder().encode('<head><link rel="cap-agent-card" href="/caf\u00e9.json"></head>');
    const split = bytes.indexOf(0xc3) + 1;
    const result = await discoverLinksFromStream({
      body: [bytes.subarray(0, split), bytes.subarray(split)],
      baseUrl: base,
    });
    expect(result.urls).toEqual(['https://shop.example/caf%C3%A9.json']);
  });

  it('rejects with the abort reason when aborted', async () => {
    const controller = new AbortController();
    const never = new ReadableStream<Uint8Array>({ pull: () => new Promise(() => {}) });
    const pending = discoverLinksFromStream({ body: never, baseUrl: base, signal: controller.signal });
    const reason = new Error('stop');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});
