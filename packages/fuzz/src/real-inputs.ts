// Real inputs (outside data sets) whose time per MB is the baseline hostile inputs are held to. Every read
// of data outside this package is here, so moving the data sets means editing only `SHARED`.
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/** The outside data sets (product pages, AGIS services and intents, agent cards), beside the clone. */
const SHARED = new URL('../../../../shared/', import.meta.url);

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
    files(new URL('oracles/product-pages/html/', SHARED), '.html.gz').map((f) =>
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
    files(new URL('benchmarks/agis/services/', SHARED), '.agis.yaml').map((f) => readFileSync(f, 'utf8')),
  );
}

/** The instructions of the intent benchmark. */
export function realInstructions(): string[] {
  return once('intents', () =>
    readFileSync(new URL('benchmarks/agis/intents.jsonl', SHARED), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => (JSON.parse(line) as { instruction: string }).instruction),
  );
}

/** Real agent cards (the IETF draft's example, A2A examples). */
export function realAgentCards(): unknown[] {
  return once('cards', () =>
    files(new URL('oracles/agentcard/cards/', SHARED), '.json').map((f) =>
      JSON.parse(readFileSync(f, 'utf8')),
    ),
  );
}
