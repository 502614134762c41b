import type { AgentProfile } from '@agentweb/agentcard';

/**
 * True when every endpoint of the profile is on `host` (`host[:port]`, compared lower-cased). A profile's id and
 * endpoints are whatever its card says, so a name or id only vouches for the merchant when the calls (and the
 * credentials and contextIds they carry) go to the host that name designates.
 */
export function endpointsOnHost(profile: AgentProfile, host: string): boolean {
  const wanted = host.toLowerCase();
  return (
    profile.endpoints.length > 0 && profile.endpoints.every((endpoint) => urlHost(endpoint.url) === wanted)
  );
}

/** `host[:port]` of an http(s) URL, lower-cased; undefined for anything else. */
export function urlHost(text: string): string | undefined {
  if (!/^https?:\/\//i.test(text)) return undefined;
  try {
    return new URL(text).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/** A `host[:port]` without its port. */
export function stripPort(host: string): string {
  return host.replace(/:\d+$/, '');
}
