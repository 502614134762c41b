export * from './a2a/index.js';
export {
  type AgentEndpoint,
  AgentEndpointSchema,
  type AgentProfile,
  AgentProfileSchema,
  type AgentSkill,
  AgentSkillSchema,
  type AuthRequirements,
  AuthRequirementsSchema,
  type AuthScheme,
  AuthSchemeSchema,
  type CapSupport,
  CapSupportSchema,
  type CardFormat,
  CardFormatSchema,
  type Pricing,
  PricingSchema,
} from './agent-profile.js';
export { detectCardFormat } from './detect-card-format.js';
export { CardValidationError, isCardValidationError } from './errors.js';
export type { CardFormatModule, FormatCheck, FormatCheckOptions } from './format-check.js';
export * from './ietf/index.js';
export {
  type AgentCardJsonSchemaName,
  agentCardJsonSchemas,
  toAgentCardJsonSchemas,
} from './json-schemas.js';
export type { JsonObject } from './json-value.js';
export * from './nooterra/index.js';
export {
  type CardByFormat,
  type ParseAgentCardOptions,
  type ParsedAgentCard,
  parseAgentCard,
  type SafeParseAgentCardResult,
  safeParseAgentCard,
} from './parse-agent-card.js';
export { type CardInputLimits, DEFAULT_CARD_INPUT_LIMITS } from './read-card-input.js';
export {
  decodeUlidTime,
  InvalidUlidError,
  isInvalidUlidError,
  isUlid,
  ULID_ALPHABET,
  ULID_MAX_TIME,
  type UlidOptions,
  ulid,
} from './ulid.js';
export { formatPath, type IssuePath, type ValidationIssue } from './validation-issue.js';
