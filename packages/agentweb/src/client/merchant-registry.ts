import { endpointOrigins, endpointsOnHost, stripPort, urlHost } from './endpoint-hosts.js';
import { MerchantConflictError } from './errors.js';
import type { AgentWebMerchant } from './types.js';

/**
 * The merchants a client knows, bounded: past `max` entries the least recently used one is dropped. Looked up by
 * id, domain (`host[:port]`), bare host name, card URL, or any URL on the merchant's host.
 *
 * A merchant replaced or dropped keeps its client open: a caller may still hold it (the `AgentWebMerchant` an
 * earlier `addMerchant` returned, a search in flight). Its HTTP transport is the shared one, and a gRPC channel
 * drops its idle connection on its own; `closeClients()` closes the clients of the merchants still listed.
 *
 * Ids are what each card claims, so an id never takes a name from the merchant it designates: an id that is a host
 * name or URL matches only when the merchant's endpoints are on that host, and a merchant claiming the id of a
 * known one with other endpoints is refused rather than replacing it.
 */
export class MerchantRegistry {
  readonly #max: number;
  readonly #byId = new Map<string, AgentWebMerchant>();

  constructor(max: number) {
    this.#max = max;
  }

  /** Every merchant, least recently used first. */
  list(): AgentWebMerchant[] {
    return [...this.#byId.values()];
  }

  /** Domains of the known merchants (for error messages). */
  domains(): string[] {
    return this.list().map((m) => m.domain);
  }

  /**
   * Adds or replaces a merchant (same id, same endpoint origins) and marks it most recently used.
   *
   * @throws MerchantConflictError when a known merchant has this id and other endpoints.
   */
  add(merchant: AgentWebMerchant): void {
    const known = this.#byId.get(merchant.id);
    if (known !== undefined && known !== merchant && !sameEndpoints(known, merchant)) {
      throw new MerchantConflictError(merchant.id, known.domain, merchant.domain);
    }
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
    this.#byId.delete(merchant.id);
    this.#byId.set(merchant.id, merchant);
    while (this.#byId.size > this.#max) {
      const oldest = this.#byId.keys().next().value;
      if (oldest === undefined) break;
      this.#byId.delete(oldest);
    }
  }

  #match(name: string): AgentWebMerchant | undefined {
    const host = hostOf(name);
    const exact = this.#byId.get(name);
    if (exact !== undefined && (host === undefined || endpointsOnHost(exact.profile, host))) return exact;
    const lower = name.toLowerCase();
    const all = this.list();
    const byCard = all.find((m) => m.cardUrl !== undefined && m.cardUrl.toLowerCase() === lower);
    if (byCard !== undefined) return byCard;
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

function sameEndpoints(a: AgentWebMerchant, b: AgentWebMerchant): boolean {
  return endpointOrigins(a.profile).join(' ') === endpointOrigins(b.profile).join(' ');
}
