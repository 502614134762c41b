import type { LookupAddress } from 'node:dns';
import type { AddressPolicy } from './address-guard.js';
import type { Deadline } from './deadline.js';
import { checkUrl } from './destination-guard.js';
import { BlockedAddressError, NetworkError } from './errors.js';
import { isIpLiteral, parseAddress, unbracket } from './ip-address.js';
import { type LookupFunction, lookupAll } from './lookup.js';

/** Options of `HttpClient.resolveDestination`. */
export interface ResolveDestinationOptions {
  /** Aborts the lookup; the call then rejects with `signal.reason` unchanged. */
  signal?: AbortSignal;
  /** Deadline of the lookup in ms (default: the client's `timeoutMs`). */
  timeoutMs?: number;
}

/** A destination checked against the client's policy, for transports that open their own connections. */
export interface ResolvedDestination {
  /** The URL as vetted (absolute, http(s), no credentials, no fragment). */
  url: URL;
  /** The host name or IP literal, without brackets. */
  host: string;
  /** The port: the URL's, else 443 for https and 80 for http. */
  port: number;
  /** True for `https:`. */
  secure: boolean;
  /** Every address the host resolved to, each allowed by the policy, in resolver order. */
  addresses: LookupAddress[];
}

/**
 * Vets `input` like a request would (http(s), https unless `allowHttp`), resolves its host once through
 * `lookup`, and checks every address against the policy. Connecting to one of the returned addresses (never
 * to the name again) keeps the guarantee the default HTTP transport gives: no private address, no rebinding.
 */
export async function resolveDestination(
  input: string | URL,
  settings: { allowHttp: boolean; policy: AddressPolicy; lookup: LookupFunction },
  deadline: Deadline,
): Promise<ResolvedDestination> {
  const url = checkUrl(input, settings.allowHttp);
  const host = unbracket(url.hostname);
  const secure = url.protocol === 'https:';
  const port = url.port !== '' ? Number(url.port) : secure ? 443 : 80;
  let addresses: LookupAddress[];
  if (isIpLiteral(url.hostname)) {
    addresses = [{ address: host, family: parseAddress(host)?.family ?? 4 }];
  } else {
    try {
      addresses = await raceDeadline(lookupAll(settings.lookup, host), deadline);
    } catch (error) {
      throw deadline.explain(url.href) ?? new NetworkError({ url: url.href, cause: error });
    }
    if (addresses.length === 0) {
      throw new NetworkError({ url: url.href, cause: new Error(`${host} resolved to no address`) });
    }
  }
  if (!settings.policy.allowsAll) {
    for (const { address } of addresses) {
      const verdict = settings.policy.check(host, address);
      if (verdict) throw new BlockedAddressError({ url: url.href, ...verdict });
    }
  }
  return { url, host, port, secure, addresses };
}

function raceDeadline<T>(promise: Promise<T>, deadline: Deadline): Promise<T> {
  if (deadline.signal.aborted) return Promise.reject(deadline.signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(deadline.signal.reason);
    deadline.signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        deadline.signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        deadline.signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
