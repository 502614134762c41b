import type { CardCache } from '@agentweb/a2a';
import type { ValidationIssue } from '@agentweb/agentcard';
import { type AgentProfile, AgentProfileSchema } from '@agentweb/agentcard';
import { raceAbort } from '@agentweb/core';
import { DEFAULT_MAX_CARD_BYTES, fetchAgentCard, type Resolver } from '@agentweb/discovery';
import type { HttpClient } from '@agentweb/http';
import { isCardUrl } from './card-url.js';
import { AgentWebInputError } from './errors.js';

/** What finding a card needs from the client. */
export interface FindCardDeps {
  http: HttpClient;
  cardCache: CardCache;
  /** Resolves a domain or page URL (the client's `discover`, which reports progress events). */
  discover(
    target: string,
    options: { signal?: AbortSignal; requireCap: boolean },
  ): ReturnType<Resolver['resolve']>;
}

/** A found card, before a client is built for it. */
export interface FoundCard {
  profile: AgentProfile;
  /** The card JSON, when it was fetched. */
  card: unknown;
  cardUrl: string | undefined;
  /** What the card parser accepted but found wrong. */
  issues: readonly ValidationIssue[];
}

/**
 * Finds an agent's card: a profile is used as given, a card URL is fetched (through the shared card cache), and
 * anything else (a domain, an origin, a page URL) goes through the client's discovery, whose resolution order
 * (DNS records, link tags, well-known URIs) decides where the card is found.
 *
 * @throws AgentWebInputError for an unusable target; DiscoveryError or the @agentweb/http errors when nothing
 *   could be found.
 */
export async function findCard(
  deps: FindCardDeps,
  target: string | AgentProfile,
  options: { signal?: AbortSignal | undefined; requireCap: boolean; field: string },
): Promise<FoundCard> {
  if (typeof target !== 'string') {
    const parsed = AgentProfileSchema.safeParse(target);
    if (!parsed.success) {
      throw new AgentWebInputError(
        options.field,
        `not an AgentProfile: ${parsed.error.issues[0]?.message ?? ''}`,
      );
    }
    return { profile: parsed.data, card: undefined, cardUrl: undefined, issues: [] };
  }
  const text = target.trim();
  if (text === '') throw new AgentWebInputError(options.field, 'empty domain or card URL');
  if (isCardUrl(text)) return fetchCard(deps, text, options.signal);
  const result = await deps.discover(text, {
    requireCap: options.requireCap,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return {
    profile: result.profile,
    card: result.card,
    cardUrl: result.provenance.source,
    issues: result.warnings,
  };
}

async function fetchCard(
  deps: FindCardDeps,
  url: string,
  signal: AbortSignal | undefined,
): Promise<FoundCard> {
  // Through the shared card cache, so adding the same card twice (or per user) fetches it once. The fetch is
  // shared by concurrent callers, so it runs on none of their signals (the HTTP deadline bounds it); each caller
  // stops waiting at its own.
  const load = deps.cardCache.getOrLoad(url, async () => {
    const fetched = await fetchAgentCard(url, { http: deps.http, maxBytes: DEFAULT_MAX_CARD_BYTES });
    return {
      entry: { card: fetched.parsed.card, parsed: fetched.parsed, url: fetched.provenance.finalUrl },
      ttlMs: fetched.maxAgeSeconds === undefined ? undefined : fetched.maxAgeSeconds * 1000,
    };
  });
  const cached = await raceAbort(load, signal);
  return {
    profile: cached.parsed.profile,
    card: cached.card,
    cardUrl: cached.url,
    issues: cached.parsed.warnings,
  };
}

/** The host a found card speaks for: the card URL's, else the first endpoint's, else the profile id. */
export function domainOf(found: { profile: AgentProfile; cardUrl: string | undefined }): string {
  const url = found.cardUrl ?? found.profile.endpoints[0]?.url;
  if (url !== undefined) {
    try {
      return new URL(url).host.toLowerCase();
    } catch {
      // A profile endpoint that is not a URL falls through to the id.
    }
  }
  return found.profile.id;
}
