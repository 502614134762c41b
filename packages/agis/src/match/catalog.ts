import { contentStems, stem } from '../text.js';
import { endpointIdEvidence, type IdEvidence } from './id-signals.js';
import type { MatcherEndpoint, MatcherService, VerbLexicon } from './types.js';

/** Routing fields of an endpoint, strongest first (verb first, then path noun, then intent). */
export const FIELD_WEIGHTS = {
  verb: 1.0,
  synonym: 0.75,
  noun: 0.9,
  intent: 0.55,
  hints: 0.4,
  service: 0.45,
} as const;
export type FieldName = keyof typeof FIELD_WEIGHTS;

/** One indexed endpoint. */
export interface IndexedEndpoint {
  readonly serviceIndex: number;
  readonly service: MatcherService;
  readonly endpoint: MatcherEndpoint;
  readonly verb: string;
  /** Stems per field. */
  readonly fields: Readonly<Record<FieldName, ReadonlySet<string>>>;
  /** Text used for intent confirmation by the embedder. */
  readonly intentText: string;
  /** Parameter hints, input property names, descriptions and enum values. */
  readonly hintText: string;
  /** Identifier patterns and hint shapes. */
  readonly ids: IdEvidence;
}

/** Postings of one stem as parallel arrays (one entry per endpoint holding it), so a scan allocates nothing. */
export interface PostingList {
  /** Endpoint indexes. */
  readonly endpoint: Int32Array;
  /** Best field weight of the stem in the endpoint. */
  readonly best: Float64Array;
  /** Number of fields holding the stem. */
  readonly fields: Uint8Array;
  /** Best field weight without the path-noun field. */
  readonly withoutNoun: Float64Array;
  /** Bit flags: {@link POSTING_VERB}, {@link POSTING_SYNONYM}, {@link POSTING_NOUN}. */
  readonly flags: Uint8Array;
}

/** The stem is the endpoint's method verb. */
export const POSTING_VERB = 1;
/** The stem is a lexicon synonym of the method verb. */
export const POSTING_SYNONYM = 2;
/** The stem is a path noun. */
export const POSTING_NOUN = 4;

/** Inverted index over the catalog. */
export interface CatalogIndex {
  readonly endpoints: readonly IndexedEndpoint[];
  /** stem -> postings. */
  readonly postings: ReadonlyMap<string, PostingList>;
  /** Inverse document frequency per stem over endpoints. */
  readonly idf: ReadonlyMap<string, number>;
  /** Largest idf (assigned to unseen words). */
  readonly maxIdf: number;
  /** Endpoints that declare identifier evidence. */
  readonly withIds: readonly number[];
  /** Stems of all method verbs (preferred spelling corrections). */
  readonly verbWords: ReadonlySet<string>;
  /** Vocabulary bucketed by length, for spelling correction (no synonyms, no hint examples). */
  readonly vocabByLength: ReadonlyMap<number, readonly string[]>;
  /** Per service: the indexes of its endpoints. */
  readonly serviceEndpoints: ReadonlyArray<readonly number[]>;
  /** Per service: every stem any of its endpoints or its description uses (synonyms excluded). */
  readonly serviceTerms: ReadonlyArray<ReadonlySet<string>>;
}

function pathNouns(path: string): string[] {
  return path
    .split('/')
    .filter((s) => s.length > 0 && !s.startsWith('{'))
    .flatMap((s) => s.split('-'));
}

function hintText(endpoint: MatcherEndpoint): string {
  const parts: string[] = [];
  const hints = endpoint.semantic.parameter_hints ?? {};
  for (const [key, values] of Object.entries(hints)) {
    parts.push(key.replace(/_/g, ' '));
    for (const v of values) parts.push(v);
  }
  for (const [name, schema] of Object.entries(endpoint.input?.properties ?? {})) {
    parts.push(name.replace(/_/g, ' '));
    if (schema.description) parts.push(schema.description);
    for (const e of schema.enum ?? []) if (typeof e === 'string') parts.push(e.replace(/_/g, ' '));
  }
  return parts.join(' . ');
}

/** Builds the inverted index; synonyms of each method verb come from the lexicon. */
export function buildCatalog(services: readonly MatcherService[], lexicon: VerbLexicon): CatalogIndex {
  const endpoints: IndexedEndpoint[] = [];
  services.forEach((service, serviceIndex) => {
    const serviceText = [
      service.service,
      service.description ?? '',
      service.vocabulary?.namespace?.replace(/-/g, ' ') ?? '',
      service.vocabulary?.domain?.replace(/-/g, ' ') ?? '',
    ].join(' ');
    const serviceStems = new Set(contentStems(serviceText));
    for (const endpoint of service.endpoints) {
      const verb = endpoint.method.toLowerCase();
      const synonyms = new Set<string>();
      for (const s of lexicon.verbSynonyms(verb)) {
        if (!s.includes(' ') && s !== verb) synonyms.add(stem(s));
      }
      const sem = endpoint.semantic;
      const intentText = [sem.intent, sem.outcome ?? ''].join(' ');
      endpoints.push({
        serviceIndex,
        service,
        endpoint,
        verb,
        fields: {
          verb: new Set([stem(verb), verb]),
          synonym: synonyms,
          noun: new Set(pathNouns(endpoint.path).map(stem)),
          intent: new Set(contentStems(intentText)),
          hints: new Set(contentStems(hintText(endpoint))),
          service: serviceStems,
        },
        ids: endpointIdEvidence(endpoint),
        intentText,
        hintText: hintText(endpoint),
      });
    }
  });

  const postingsBuild = new Map<string, Array<[number, number, number, number]>>();
  const spellVocab = new Set<string>();
  endpoints.forEach((ep, i) => {
    const best = new Map<string, [number, number, number]>();
    for (const [field, stems] of Object.entries(ep.fields) as [FieldName, ReadonlySet<string>][]) {
      const w = FIELD_WEIGHTS[field];
      const wNoNoun = field === 'noun' ? 0 : w;
      for (const s of stems) {
        if (field !== 'synonym' && field !== 'hints') spellVocab.add(s);
        const prev = best.get(s);
        if (!prev) best.set(s, [w, 1, wNoNoun]);
        else best.set(s, [Math.max(prev[0], w), prev[1] + 1, Math.max(prev[2], wNoNoun)]);
      }
    }
    for (const [s, [w, n, wn]] of best) {
      let list = postingsBuild.get(s);
      if (!list) {
        list = [];
        postingsBuild.set(s, list);
      }
      list.push([i, w, n, wn]);
    }
  });
  const n = Math.max(1, endpoints.length);
  const idf = new Map<string, number>();
  let maxIdf = Math.log(1 + n);
  const postings = new Map<string, PostingList>();
  for (const [s, list] of postingsBuild) {
    const v = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
    idf.set(s, v);
    if (v > maxIdf) maxIdf = v;
    const packed: PostingList = {
      endpoint: Int32Array.from(list, (x) => x[0]),
      best: Float64Array.from(list, (x) => x[1]),
      fields: Uint8Array.from(list, (x) => x[2]),
      withoutNoun: Float64Array.from(list, (x) => x[3]),
      flags: Uint8Array.from(list, ([i]) => {
        const f = (endpoints[i] as IndexedEndpoint).fields;
        return (
          (f.verb.has(s) ? POSTING_VERB : 0) |
          (f.synonym.has(s) ? POSTING_SYNONYM : 0) |
          (f.noun.has(s) ? POSTING_NOUN : 0)
        );
      }),
    };
    postings.set(s, packed);
  }
  const vocabByLength = new Map<number, string[]>();
  const verbWords = new Set(endpoints.map((e) => stem(e.verb)));
  for (const s of spellVocab) {
    if (/\d/.test(s) || s.length < 3) continue;
    let b = vocabByLength.get(s.length);
    if (!b) {
      b = [];
      vocabByLength.set(s.length, b);
    }
    b.push(s);
  }
  const withIds = endpoints.flatMap((e, i) =>
    e.ids.patterns.length > 0 || e.ids.shapes.size > 0 ? [i] : [],
  );
  const serviceTerms = services.map(() => new Set<string>());
  for (const ep of endpoints) {
    const bag = serviceTerms[ep.serviceIndex] as Set<string>;
    for (const [field, stems] of Object.entries(ep.fields))
      if (field !== 'synonym') for (const t of stems) bag.add(t);
  }
  const serviceEndpoints = services.map(() => [] as number[]);
  endpoints.forEach((ep, i) => {
    serviceEndpoints[ep.serviceIndex]?.push(i);
  });
  return {
    endpoints,
    postings,
    serviceEndpoints,
    idf,
    maxIdf,
    vocabByLength,
    withIds,
    verbWords,
    serviceTerms,
  };
}
