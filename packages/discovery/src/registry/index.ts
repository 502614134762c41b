export {
  type AttestationLevel,
  buildDiscoverQuery,
  buildStreamQuery,
  type DiscoverVisibility,
  REGISTRY_DISCOVER_FILTER_NAMES,
  REGISTRY_STREAM_FILTER_NAMES,
  type RegistryDiscoverFilters,
  type RegistryScope,
  type RegistryStreamFilters,
  type ReputationVersion,
  type ReputationWindow,
  type ScoreStrategy,
} from './discover-filters.js';
export {
  createNooterraRegistryClient,
  type NooterraRegistryClient,
  type NooterraRegistryClientOptions,
  type RegistryDiscoverOptions,
  type RegistryDiscoverResponse,
} from './nooterra-registry-client.js';
export {
  parseDiscoveryResult,
  type RegistryDiscoverResult,
  type SkippedDiscoveryHit,
} from './parse-discovery-result.js';
export {
  isRegistryError,
  isRegistryFilterError,
  isRegistryStreamError,
  RegistryError,
  RegistryFilterError,
  type RegistryFilterReason,
  RegistryStreamError,
} from './registry-errors.js';
export type {
  InvalidStreamEvent,
  RegistryStreamEvent,
  RegistryStreamOptions,
  StreamReconnectEvent,
  StreamReconnectOptions,
} from './registry-stream.js';
export { isSseEventTooLargeError, SseEventTooLargeError } from './sse-errors.js';
export { parseSse, type SseEvent, SseParser, type SseParserOptions } from './sse-parser.js';
