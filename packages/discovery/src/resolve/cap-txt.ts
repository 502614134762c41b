import { capRecordProblem, selectCapRecord } from '../dns/cap-txt.js';
import type { CapTxtResult, TxtResolver } from '../dns/dns-types.js';

/**
 * A DNS resolver for the resolver's `dns` option: any {@link TxtResolver}. When it also offers
 * `resolveCapTxt` (the built-in one applies CAP's record rules itself), that is used as is.
 */
export type CapDnsResolver = TxtResolver & {
  resolveCapTxt?(domain: string, options?: { signal?: AbortSignal }): Promise<CapTxtResult>;
};

/** Options of {@link lookupCapTxt}. */
export interface LookupCapTxtOptions {
  /** Aborts the lookup. */
  signal?: AbortSignal;
  /** Accept `http:` URLs in records too (for tests and intranets; CAP says https). */
  allowHttp?: boolean;
}

/**
 * Queries `_cap.{domain}` and picks the card URL with CAP's record rules (`selectCapRecord`): the first record
 * that is exactly an absolute https URL. With `allowHttp`, an otherwise valid `http:` record is accepted too.
 */
export async function lookupCapTxt(
  dns: CapDnsResolver,
  domain: string,
  options: LookupCapTxtOptions = {},
): Promise<CapTxtResult> {
  if (typeof dns.resolveCapTxt === 'function' && !options.allowHttp) {
    return dns.resolveCapTxt(domain, { signal: options.signal });
  }
  const answer = await dns.resolveTxt(`_cap.${domain}`, { signal: options.signal });
  if (!options.allowHttp) return { ...answer, ...selectCapRecord(answer.records) };
  const result: CapTxtResult = { ...answer, rejected: [] };
  for (const record of answer.records) {
    const problem =
      result.url === undefined
        ? problemAllowingHttp(record)
        : 'not used: an earlier record already gave the card URL';
    if (problem === undefined) result.url = new URL(record).href;
    else result.rejected.push({ record, reason: problem });
  }
  return result;
}

function problemAllowingHttp(record: string): string | undefined {
  const problem = capRecordProblem(record);
  if (problem === undefined || !/^http:/i.test(record)) return problem;
  return capRecordProblem(`https:${record.slice('http:'.length)}`);
}
