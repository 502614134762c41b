import { createHash } from 'node:crypto';
import { canonicalizeJson } from '@agentweb/a2a';
import type { ApprovalStore } from '@agentweb/core';
import { isAgisService } from '../client/agis-service-identity.js';
import type { IntentMatch, LoadedAgisService } from '../client/types.js';

/** A loaded AGIS service as a match remembers it: which one, and which version of its document. */
export interface ServiceStamp {
  /** The document's `service`. */
  service: string;
  /** Its `vocabulary.namespace`, or null. */
  namespace: string | null;
  /** A digest of the document and base URL the match was computed from. */
  fingerprint: string;
}

/** A kept match and the services that were loaded when it was made. */
export interface StoredMatch {
  /** The match as `intent()` returned it. */
  match: IntentMatch;
  /**
   * The services at match time: a candidate is only as current as the document it was computed from, on whichever
   * instance it is invoked.
   */
  services: readonly ServiceStamp[];
}

/** Largest match record kept, in characters of JSON (a match is a few KB; an instruction is bounded). */
export const MAX_MATCH_RECORD_CHARS = 64 * 1024;
/** Longest match id looked up: ids a store mints are short, and a model's invented one never reaches the store. */
const MAX_MATCH_ID_CHARS = 64;

const fingerprints = new WeakMap<LoadedAgisService, string>();

/**
 * A digest of what a service's endpoints and confirmation rules come from: its document and base URL. Two instances
 * that loaded the same document from the same place agree on it; a document loaded again with other contents
 * does not.
 */
export function serviceFingerprint(service: LoadedAgisService): string {
  let known = fingerprints.get(service);
  if (known === undefined) {
    let text: string;
    try {
      text = canonicalizeJson(service.document ?? null);
    } catch {
      text = JSON.stringify(service.document ?? null);
    }
    known = createHash('sha256')
      .update(JSON.stringify([service.baseUrl ?? null]))
      .update(text)
      .digest('base64url');
    fingerprints.set(service, known);
  }
  return known;
}

function stampOf(service: LoadedAgisService): ServiceStamp {
  return {
    service: service.service,
    // The client is an interface a host may implement or wrap; a loose service object only loses staleness checks.
    namespace: service.document?.vocabulary?.namespace ?? null,
    fingerprint: serviceFingerprint(service),
  };
}

function parseRecord(text: string): StoredMatch | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const record = value as Partial<StoredMatch> | null;
  if (
    typeof record !== 'object' ||
    record === null ||
    typeof record.match?.instruction !== 'string' ||
    !Array.isArray(record.match.candidates) ||
    !Array.isArray(record.services)
  )
    return undefined;
  // JSON leaves out a candidate's `namespace: undefined`; put it back so the candidate has its usual shape.
  const candidates = record.match.candidates.map((candidate) => ({
    ...candidate,
    namespace: candidate.namespace ?? undefined,
  }));
  return { match: { ...record.match, candidates }, services: record.services };
}

/**
 * Recent intent matches by id and the approvals of their actions, for one user (`scope`) on an
 * {@link ApprovalStore}, so `invoke_intent` can act on exactly the match the model (and the user) saw, on whichever
 * instance shares the store.
 */
export class IntentMatchStore {
  readonly #approvals: ApprovalStore;
  readonly #scope: string;

  constructor(approvals: ApprovalStore, scope: string) {
    this.#approvals = approvals;
    this.#scope = scope;
  }

  /**
   * Keeps a match with the services it was computed from; returns its id and the kept entry, or `undefined` when
   * the match is over {@link MAX_MATCH_RECORD_CHARS}.
   */
  async put(
    match: IntentMatch,
    services: readonly LoadedAgisService[],
  ): Promise<{ id: string; stored: StoredMatch } | undefined> {
    const stored: StoredMatch = { match, services: services.map(stampOf) };
    const record = JSON.stringify(stored);
    if (record.length > MAX_MATCH_RECORD_CHARS) return undefined;
    return { id: await this.#approvals.putMatch(this.#scope, record), stored };
  }

  /** The match with this id, if still kept. */
  async get(id: string): Promise<StoredMatch | undefined> {
    if (id.length > MAX_MATCH_ID_CHARS) return undefined;
    const record = await this.#approvals.getMatch(this.#scope, id);
    return record === undefined ? undefined : parseRecord(record);
  }

  /** Records the action a `CONFIRMATION_REQUIRED` answer showed for a candidate of a match. */
  propose(matchId: string, index: number, action: string): Promise<void> {
    return this.#approvals.propose(this.#scope, subjectOf(matchId, index), action);
  }

  /** Uses up the approval of exactly this action for the candidate, once. */
  consume(matchId: string, index: number, action: string): Promise<boolean> {
    return this.#approvals.consume(this.#scope, subjectOf(matchId, index), action);
  }
}

function subjectOf(matchId: string, index: number): string {
  return `intent:${matchId}:${index}`;
}

/**
 * The candidate's service was replaced (loaded again with another document) or unloaded since the match was made,
 * here or on the instance that made it.
 */
export function isStaleService(
  stored: StoredMatch,
  current: readonly LoadedAgisService[],
  candidate: { service: string; namespace: string | undefined } | undefined,
): boolean {
  if (candidate === undefined) return false;
  const origin = stored.services.find(
    (stamp) => stamp.service === candidate.service && (stamp.namespace ?? undefined) === candidate.namespace,
  );
  if (origin === undefined) return false;
  const now = current.find((service) => isAgisService(service, candidate.service, candidate.namespace));
  return now === undefined || serviceFingerprint(now) !== origin.fingerprint;
}
