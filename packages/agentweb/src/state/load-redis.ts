import { loadPeer } from '@agentweb/core';

/**
 * `@agentweb/redis`, an optional peer dependency (with ioredis and BullMQ behind it), imported by what needs it:
 * without it, `MissingPeerDependencyError` says to install it and names `feature`.
 */
export function loadRedis(feature: string): Promise<typeof import('@agentweb/redis')> {
  return loadPeer({ packageName: '@agentweb/redis', feature, load: () => import('@agentweb/redis') });
}
