import type { FuzzTarget } from './target.js';
import { agisTargets } from './targets/agis.js';
import { discoveryTargets } from './targets/discovery.js';
import { dnsTargets } from './targets/dns.js';
import { mcpTargets } from './targets/mcp.js';
import { protocolTargets } from './targets/protocols.js';
import { ucpTargets } from './targets/ucp.js';

/** Every public function of outside input the fuzzer drives, by name. */
export function fuzzTargets(): FuzzTarget[] {
  return [
    ...discoveryTargets,
    ...dnsTargets,
    ...agisTargets,
    ...protocolTargets,
    ...ucpTargets,
    ...mcpTargets,
  ];
}
