export * from './a2a-card-schema.js';
export { a2aCardToProfile } from './a2a-card-to-profile.js';
export { A2A_STRICT_ONLY_RULES, a2aCardFormat, checkA2ACard } from './check-a2a-card.js';
export { isCapExtensionUri } from './check-cap-extension.js';
export {
  type A2AInterfaceInput,
  type A2AOAuthFlowsInput,
  type A2AScopes,
  type A2ASecurityRequirementInput,
  type A2ASecuritySchemeInput,
  type A2ASkillInput,
  type CreateA2ACardOptions,
  type CreateCapSkillOptions,
  type CreatedA2ACard,
  createA2ACard,
  createCapSkill,
} from './create-a2a-card.js';
export { detectA2AVersion } from './detect-a2a-version.js';
export { type NormalizedSdkOneofs, normalizeSdkOneofs, SDK_ONEOF_FORM_RULE } from './normalize-sdk-oneof.js';
