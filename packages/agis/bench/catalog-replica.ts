import type { MatcherEndpoint, MatcherService } from '../src/index.js';

const PREFIXES = [
  'north',
  'amber',
  'cobalt',
  'delta',
  'ember',
  'fable',
  'garnet',
  'harbor',
  'indigo',
  'juniper',
  'kestrel',
  'lumen',
  'maple',
  'nimbus',
];

function renamePath(path: string, prefix: string): string {
  return path
    .split('/')
    .map((seg) => (seg.length === 0 || seg.startsWith('{') ? seg : `${prefix}-${seg}`))
    .join('/');
}

function renameEndpoint(e: MatcherEndpoint, prefix: string): MatcherEndpoint {
  const nouns = e.path.split('/').filter((s) => s.length > 0 && !s.startsWith('{'));
  let intent = e.semantic.intent;
  for (const n of nouns)
    intent = intent.replaceAll(n.replace(/-/g, ' '), `${prefix} ${n.replace(/-/g, ' ')}`);
  return { ...e, path: renamePath(e.path, prefix), semantic: { ...e.semantic, intent } };
}

/** The DEV services replicated with renamed nouns until the catalog holds `size` endpoints. */
export function replicateCatalog(services: readonly MatcherService[], size: number): MatcherService[] {
  const out: MatcherService[] = [];
  let count = 0;
  for (let copy = 0; count < size; copy++) {
    const prefix = `${PREFIXES[copy % PREFIXES.length]}${copy >= PREFIXES.length ? copy : ''}`;
    for (const s of services) {
      if (count >= size) break;
      const endpoints = s.endpoints
        .slice(0, size - count)
        .map((e) => (copy === 0 ? e : renameEndpoint(e, prefix)));
      count += endpoints.length;
      out.push({
        ...s,
        service: copy === 0 ? s.service : `${s.service} ${prefix}`,
        vocabulary: { ...s.vocabulary, namespace: `${s.vocabulary?.namespace ?? 'svc'}-${copy}` },
        endpoints,
      });
    }
  }
  return out;
}
