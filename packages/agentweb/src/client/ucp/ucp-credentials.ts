import type { UcpAuth } from '@agentweb/ucp';
import { stripPort } from '../endpoint-hosts.js';
import type { UcpCredentials } from './ucp-client-options.js';

/**
 * The credentials of the UCP business at `businessUrl`: the function's answer, or the map's entry under the
 * domain (`host[:port]`), the bare host name or the origin. Every key names the origin the profile is read from,
 * which is where the credentials go (its endpoints may be elsewhere: they are the origin's own declaration).
 */
export function lookupUcpCredentials(
  source: UcpCredentials | undefined,
  businessUrl: string,
): UcpAuth | undefined {
  if (source === undefined) return undefined;
  const url = new URL(businessUrl);
  const domain = url.host;
  if (typeof source === 'function') return source({ domain, businessUrl: url.origin });
  for (const name of [domain, stripPort(domain), url.origin]) {
    if (Object.hasOwn(source, name)) return source[name];
  }
  return undefined;
}
