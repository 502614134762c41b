import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import * as cheerio from 'cheerio';
import { Parser } from 'htmlparser2';
import { benchGroup } from '../../../bench/support/bench-group.js';
import { extractProductIds } from '../src/page/index.js';

// The shared product pages (real pages, about 2021). Every 4th page keeps one iteration short enough for
// the slow cheerio/parse5 entry while still covering JSON-LD, microdata and markup-free pages.
const dir = new URL('../../../fixtures/oracles/product-pages/html/', import.meta.url);
const pages = readdirSync(dir)
  .filter((f) => f.endsWith('.html.gz'))
  .sort()
  .filter((_f, i) => i % 4 === 0)
  .map((f) => gunzipSync(readFileSync(new URL(f, dir))).toString('utf8'));
const options = { time: 2000, warmupIterations: 1, iterations: 3 };

let sink = 0;

benchGroup(
  'product pages: every 4th real page, read in full per iteration',
  [
    {
      name: 'baseline: htmlparser2 SAX tokenize-only pass',
      fn: () => {
        for (const html of pages) {
          const parser = new Parser({}, { decodeEntities: true });
          parser.write(html);
          parser.end();
        }
      },
    },
    {
      name: 'extractProductIds (one htmlparser2 pass + JSON-LD + microdata)',
      fn: () => {
        for (const html of pages) sink += extractProductIds(html).candidates.length;
      },
    },
    {
      name: 'cheerio.load (default parse5 parser), DOM only',
      fn: () => {
        for (const html of pages) sink += cheerio.load(html)('script').length;
      },
      timing: { time: 1000, iterations: 2 },
    },
  ],
  options,
);

export { sink };
