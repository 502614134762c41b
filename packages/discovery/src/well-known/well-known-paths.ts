/** The well-known documents this package knows how to fetch. */
export type WellKnownKind = 'agent-card' | 'agent-json' | 'agentcard' | 'agis' | 'cap-categories';

/** Where each document lives and what to ask for. */
export interface WellKnownDocument {
  /** Which document. */
  kind: WellKnownKind;
  /** Path from the origin root. */
  path: string;
  /** `Accept` header sent for it. */
  accept: string;
}

/** Every known well-known document, keyed by kind. */
export const WELL_KNOWN_DOCUMENTS: Readonly<Record<WellKnownKind, WellKnownDocument>> = {
  // A2A 0.3 and later.
  'agent-card': { kind: 'agent-card', path: '/.well-known/agent-card.json', accept: 'application/json' },
  // A2A 0.2 and the path CAP names; still served by older agents.
  'agent-json': { kind: 'agent-json', path: '/.well-known/agent.json', accept: 'application/json' },
  // IETF AgentCard draft; its own media type first, plain JSON accepted too.
  agentcard: {
    kind: 'agentcard',
    path: '/.well-known/agentcard',
    accept: 'application/agentcard+json, application/json;q=0.9',
  },
  agis: { kind: 'agis', path: '/.well-known/agis.json', accept: 'application/json' },
  'cap-categories': {
    kind: 'cap-categories',
    path: '/.well-known/cap/categories.txt',
    accept: 'text/plain, text/markdown;q=0.9',
  },
};

/** The card documents, in the order the resolver tries them. */
export const CARD_DOCUMENT_KINDS: readonly WellKnownKind[] = ['agent-card', 'agent-json', 'agentcard'];

/** The absolute URL of a well-known document on `origin` (any URL on the site; only its origin is used). */
export function wellKnownUrl(origin: string | URL, kind: WellKnownKind): string {
  return new URL(WELL_KNOWN_DOCUMENTS[kind].path, new URL(origin).origin).href;
}

/** A candidate card location for one origin. */
export interface CardCandidate extends WellKnownDocument {
  /** Absolute URL to fetch. */
  url: string;
}

/** Card candidates for `origin`, in order; `kinds` picks which (default: all three card documents). */
export function cardCandidates(
  origin: string | URL,
  kinds: readonly WellKnownKind[] = CARD_DOCUMENT_KINDS,
): CardCandidate[] {
  return kinds
    .filter((kind) => CARD_DOCUMENT_KINDS.includes(kind))
    .map((kind) => ({ ...WELL_KNOWN_DOCUMENTS[kind], url: wellKnownUrl(origin, kind) }));
}
