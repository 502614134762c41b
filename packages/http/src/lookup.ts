import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns';

/**
 * A host-name resolver with the signature of `node:dns`'s `lookup`. It is called with `{ all: true }`; a
 * resolver that ignores that and answers with a single `(address, family)` pair works too.
 */
export type LookupFunction = (
  hostname: string,
  options: LookupAllOptions,
  callback: (
    error: NodeJS.ErrnoException | null,
    addresses: LookupAddress[] | string,
    family?: number,
  ) => void,
) => void;

/** The resolver used when none is injected. */
export const defaultLookup: LookupFunction = dnsLookup;

/** Resolves every address of `hostname` through `lookup`. */
export function lookupAll(lookup: LookupFunction, hostname: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    lookup(hostname, { all: true }, (error, addresses, family) => {
      if (error) reject(error);
      else resolve(normalizeLookupResult(addresses, family));
    });
  });
}

/** Turns either callback shape of `dns.lookup` into a list of addresses. */
export function normalizeLookupResult(addresses: LookupAddress[] | string, family?: number): LookupAddress[] {
  if (typeof addresses === 'string') return [{ address: addresses, family: family === 6 ? 6 : 4 }];
  return addresses;
}
