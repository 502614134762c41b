export * from './cart-manage.js';
export * from './common.js';
export * from './error-payload.js';
export {
  CapInputError,
  CapResponseError,
  type CapValidationIssue,
  isCapInputError,
  isCapResponseError,
} from './errors.js';
export { normalizeAvailability, normalizeOffer, normalizeProduct } from './normalize-offers.js';
export * from './order-status.js';
export { parseProductSearchInputLenient } from './parse-input.js';
export {
  parseCartManageOutput,
  parseOrderStatusOutput,
  parseProductGetOutput,
  parseProductSearchOutput,
  parseUserPreferencesSetOutput,
  type SearchRequestEcho,
} from './parse-output.js';
export * from './preferences.js';
export * from './product-get.js';
export * from './product-search.js';
export { CAP_SKILLS, type CapSkillId, MAX_SEARCH_LIMIT } from './skill-ids.js';
export {
  type PartLike,
  type PartsOwner,
  readSkillInvocations,
  type SkillInvocation,
  skillDataPart,
} from './skill-invocation.js';
export * from './user-preferences.js';
export { CAP_INPUT_SCHEMAS, type CapSkillInputs, validateSkillInput } from './validate-input.js';
export type { CapWarning, CapWarningCode, LenientResult } from './warnings.js';
