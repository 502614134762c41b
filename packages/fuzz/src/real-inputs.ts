// Real inputs (outside data sets) whose time per MB is the baseline hostile inputs are held to. Every read
// of data outside this package is here: the repository's `fixtures/` folder (sources and licences in its README).
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/** The outside data sets (product pages, AGIS services and intents, agent cards); same depth from src/ and dist/. */
const FIXTURES = new URL('../../../fixtures/', import.meta.url);

const cache = new Map<string, unknown>();
function once<T>(key: string, load: () => T): T {
  if (!cache.has(key)) cache.set(key, load());
  return cache.get(key) as T;
}

function files(dir: URL, suffix: string): URL[] {
  const out: URL[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) out.push(...files(new URL(`${entry.name}/`, dir), suffix));
    else if (entry.name.endsWith(suffix)) out.push(new URL(entry.name, dir));
  }
  return out.sort((a, b) => a.href.localeCompare(b.href));
}

/** The product pages of the product-extraction benchmark (real shop pages, 0.1-2 MB each). */
export function realProductPages(): string[] {
  return once('pages', () =>
    files(new URL('oracles/product-pages/html/', FIXTURES), '.html.gz').map((f) =>
      gunzipSync(readFileSync(f)).toString('utf8'),
    ),
  );
}

/** The JSON-LD blocks of those pages. */
export function realJsonLdBlocks(): string[] {
  return once('jsonld', () =>
    realProductPages().flatMap((page) =>
      [...page.matchAll(/<script[^>]*application\/ld\+json[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!),
    ),
  );
}

/** The AGIS services of the intent benchmark, as YAML text. */
export function realAgisServices(): string[] {
  return once('agis', () =>
    files(new URL('agis-dev/services/', FIXTURES), '.agis.yaml').map((f) => readFileSync(f, 'utf8')),
  );
}

/** The instructions of the intent benchmark. */
export function realInstructions(): string[] {
  return once('intents', () =>
    readFileSync(new URL('agis-dev/intents.jsonl', FIXTURES), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => (JSON.parse(line) as { instruction: string }).instruction),
  );
}

/** Real agent cards (the IETF draft's example, A2A examples). */
export function realAgentCards(): unknown[] {
  return once('cards', () =>
    files(new URL('oracles/agentcard/cards/', FIXTURES), '.json').map((f) =>
      JSON.parse(readFileSync(f, 'utf8')),
    ),
  );
}
