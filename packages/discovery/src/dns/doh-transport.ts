import { performance } from 'node:perf_hooks';
import { isAgentWebError } from '@agentweb/core';
import type { BytesResult, HttpClient } from '@agentweb/http';
import { isTimeoutError } from '@agentweb/http';
import { DnsExchangeError } from './dns-errors.js';
import { encodeTxtQuery, interpretResponse } from './dns-message.js';
import type { DnsTransport, ExchangeContext, TransportResult } from './transport.js';

/** Options of {@link createDohTransport}. */
export interface DohTransportOptions {
  /** The DoH endpoint, e.g. `https://dns.example/dns-query`. */
  url: URL;
  /** GET (`?dns=` base64url, cacheable) or POST (`application/dns-message` body). */
  method: 'GET' | 'POST';
  /** The HTTP client, created on first use when the caller gave none. */
  http: () => HttpClient;
  /** Largest response body accepted, in bytes. */
  maxResponseBytes: number;
  /** Most records accepted in one response. */
  maxRecords: number;
}

const MEDIA_TYPE = 'application/dns-message';

/** RFC 4648 §5 base64url without `=` padding, as RFC 8484 §4.1 requires for the `dns` parameter. */
export function toBase64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

/** The `Age` header in seconds, or 0 when absent or malformed. */
function ageSeconds(response: BytesResult): number {
  const value = response.headers.get('age');
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value.trim()) : 0;
}

/**
 * RFC 8484 DNS-over-HTTPS in wire format, through `@agentweb/http` (so its address guard, size cap and
 * deadline apply). The query ID is 0 so GET responses can be shared by HTTP caches (§4.1). The status and
 * the media type are checked before the body is decoded; answer TTLs are reduced by the `Age` header
 * (§5.1), so a response an HTTP cache kept for a while is not cached here for its full TTL again.
 */
export function createDohTransport(options: DohTransportOptions): DnsTransport {
  return {
    name: 'doh',
    async exchange(name: string, { signal, deadline }: ExchangeContext): Promise<TransportResult> {
      const query = encodeTxtQuery(name, { id: 0, ednsUdpPayloadSize: 0 });
      const url = new URL(options.url);
      const common = {
        signal,
        timeoutMs: Math.max(1, Math.ceil(deadline - performance.now())),
        maxBodyBytes: options.maxResponseBytes,
        retry: false as const,
        // The resolver caches by DNS TTL itself; an HTTP cache keyed on max-age could outlive the TTL.
        cache: false,
        throwHttpErrors: false,
        accept: MEDIA_TYPE,
      };
      let response: BytesResult;
      try {
        if (options.method === 'GET') {
          url.searchParams.set('dns', toBase64Url(query));
          response = await options.http().request(url, { ...common, method: 'GET' });
        } else {
          response = await options.http().request(url, {
            ...common,
            method: 'POST',
            body: query,
            headers: { 'content-type': MEDIA_TYPE },
          });
        }
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (isTimeoutError(error))
          throw new DnsExchangeError('timeout', `DoH request to ${url.origin} timed out`, error);
        const detail = isAgentWebError(error) || error instanceof Error ? error.message : String(error);
        throw new DnsExchangeError('error', `DoH request to ${url.origin} failed: ${detail}`, error);
      }
      if (response.status < 200 || response.status > 299) {
        return {
          outcome: 'error',
          records: [],
          error: `DoH server answered HTTP ${response.status}`,
          transport: 'doh',
        };
      }
      const contentType = response.headers.get('content-type') ?? '';
      const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
      if (mediaType !== MEDIA_TYPE) {
        return {
          outcome: 'error',
          records: [],
          error: `DoH server answered with content type "${contentType || '(none)'}", not ${MEDIA_TYPE}`,
          transport: 'doh',
        };
      }
      const interpreted = interpretResponse(response.body, { id: 0, name, maxRecords: options.maxRecords });
      if (interpreted.truncated) {
        return {
          outcome: 'error',
          records: [],
          error: 'the DoH answer was truncated (TC bit set)',
          transport: 'doh',
        };
      }
      const { truncated: _truncated, ...result } = interpreted;
      if (result.ttl !== undefined) result.ttl = Math.max(0, result.ttl - ageSeconds(response));
      return { ...result, transport: 'doh' };
    },
  };
}
