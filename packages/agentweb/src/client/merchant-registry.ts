import { stripPort, urlHost } from './endpoint-hosts.js';
import type { AgentWebMerchant } from './types.js';

/**
 * The merchants a client knows, bounded: past `max` entries the least recently used one is dropped. Keyed by each
 * merchant's verified identity (`AgentWebMerchant.id`, `identity.key`: the card's origin, the endpoint called and
 * its binding), and looked up by that key, domain (`host[:port]`), bare host name, card URL, the id its card
 * claims, or any URL on the merchant's host.
 *
 * A card's claims never decide which entry it lands in: a card served from another origin gets a key of its own
 * (its origin is part of it), so it can neither replace nor shadow a merchant whose card came from elsewhere, and
 * adding the same merchant again (same key) replaces the one entry. A claimed id that is a host name or URL
 * answers only for a merchant whose card came from that host.
 *
 * A merchant replaced or dropped keeps its client open: a caller may still hold it (the `AgentWebMerchant` an
 * earlier `addMerchant` returned, a search in flight). Its HTTP transport is the shared one, and a gRPC channel
 * drops its idle connection on its own; `closeClients()` closes the clients of the merchants still listed.
 */
export class MerchantRegistry {
  readonly #max: number;
  readonly #byKey = new Map<string, AgentWebMerchant>();

  constructor(max: number) {
    this.#max = max;
  }

  /** Every merchant, least recently used first. */
  list(): AgentWebMerchant[] {
    return [...this.#byKey.values()];
  }

  /** Domains of the known merchants (for error messages). */
  domains(): string[] {
    return this.list().map((m) => m.domain);
  }

  /** Adds a merchant, or replaces the one with the same identity key, and marks it most recently used. */
  add(merchant: AgentWebMerchant): void {
    this.#touch(merchant);
  }

  /** Releases what every merchant's client holds open (gRPC channels); the merchants stay listed. */
  async closeClients(): Promise<void> {
    await Promise.all(this.list().map((merchant) => merchant.client.close().catch(() => undefined)));
  }

  /** The merchant a name refers to, marked most recently used; undefined when none or the name is ambiguous. */
  find(name: string): AgentWebMerchant | undefined {
    const found = this.#match(name.trim());
    if (found !== undefined) this.#touch(found);
    return found;
  }

  #touch(merchant: AgentWebMerchant): void {
    this.#byKey.delete(merchant.id);
    this.#byKey.set(merchant.id, merchant);
    while (this.#byKey.size > this.#max) {
      const oldest = this.#byKey.keys().next().value;
      if (oldest === undefined) break;
      this.#byKey.delete(oldest);
    }
  }

  #match(name: string): AgentWebMerchant | undefined {
    const exact = this.#byKey.get(name);
    if (exact !== undefined) return exact;
    const host = hostOf(name);
    const lower = name.toLowerCase();
    const all = this.list();
    const byCard = all.find((m) => m.cardUrl !== undefined && m.cardUrl.toLowerCase() === lower);
    if (byCard !== undefined) return byCard;
    // A claimed id is the card's word: a host name or URL only counts when the card came from that host.
    const claimed = all.filter(
      (m) => m.claimedId === name && (host === undefined || urlHost(m.identity.origin) === host),
    );
    if (claimed.length > 0) return claimed.length === 1 ? claimed[0] : undefined;
    if (host === undefined) return undefined;
    const byDomain = all.filter((m) => m.domain === host);
    if (byDomain.length === 1) return byDomain[0];
    if (byDomain.length > 1) return undefined;
    // A bare host name without the port is accepted when it names exactly one merchant.
    const hostname = stripPort(host);
    const byHostname = all.filter((m) => stripPort(m.domain) === hostname);
    return byHostname.length === 1 ? byHostname[0] : undefined;
  }
}

/** `host[:port]` of a bare domain or an http(s) URL, lower-cased; undefined when it is neither. */
function hostOf(name: string): string | undefined {
  if (/^https?:\/\//i.test(name)) return urlHost(name);
  if (!/^[a-z0-9.-]+(:\d{1,5})?$/i.test(name) || !/[a-z0-9]/i.test(name)) return undefined;
  return name.toLowerCase();
}
