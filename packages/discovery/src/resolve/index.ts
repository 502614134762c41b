export {
  checkResolverOptions,
  DEFAULT_DISCOVERY_TIMEOUT_MS,
  DEFAULT_MECHANISMS,
} from '../options/resolver-option-rules.js';
export { type CapDnsResolver, type LookupCapTxtOptions, lookupCapTxt } from './cap-txt.js';
export { createResolver } from './create-resolver.js';
export { DiscoveryError, isDiscoveryError } from './discovery-error.js';
export { resolveMany } from './resolve-many.js';
export type {
  DiscoveryProvenance,
  ResolveManyOptions,
  ResolveManyOutcome,
  ResolveOptions,
  ResolveResult,
  Resolver,
  ResolverCacheOptions,
  ResolverMechanism,
  ResolverOptions,
} from './resolver-options.js';
export { isDnsTraceEntry, type TraceEntry, type TraceMechanism, type TraceOutcome } from './trace.js';
