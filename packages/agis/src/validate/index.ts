export { instructionLike, intentContradiction, intentVerb } from './consistency.js';
export {
  checkMethodClass,
  checkMethodSyntax,
  type MethodFinding,
  NON_ACTION_STOPLIST,
  PROHIBITED_HTTP_METHODS,
  STATE_VERBS,
} from './method-rules.js';
export { checkPath } from './path-rules.js';
export { AGIS_PASSES, type AgisPass, type AgisValidationIssue, type AgisValidationResult } from './types.js';
export { type ValidateAgisOptions, validateAgisDocument } from './validate.js';
