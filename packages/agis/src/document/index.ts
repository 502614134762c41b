export { normalizeAgisAliases } from './aliases.js';
export {
  type AgisLimitName,
  AgisParseError,
  type AgisParseErrorOptions,
  type AgisParseErrorReason,
  isAgisParseError,
} from './errors.js';
export { toAgisJsonSchema } from './json-schema.js';
export { type AgisParseLimits, DEFAULT_AGIS_LIMITS } from './limits.js';
export {
  AGIS_ACTORS,
  AGIS_CAPABILITIES,
  AGIS_IMPACT_TIERS,
  type AgisDataManifest,
  AgisDataManifestSchema,
  type AgisDocument,
  AgisDocumentSchema,
  type AgisEndpoint,
  AgisEndpointSchema,
  type AgisErrorDeclaration,
  AgisErrorSchema,
  type AgisSemantic,
  AgisSemanticSchema,
  type AgisVocabulary,
  AgisVocabularySchema,
} from './model.js';
export {
  type ParseAgisDocumentOptions,
  type ParsedAgisDocument,
  parseAgisDocument,
  parseAgisDocumentDetailed,
  toAgisDocument,
} from './parse.js';
export {
  type AgisFormat,
  type AgisPath,
  type AgisSource,
  type AgisSourceOptions,
  detectFormat,
  formatAgisPath,
  parseAgisSource,
} from './source.js';
export {
  fieldListToSchema,
  inputBlockToSchema,
  parseTypedField,
  type TypedFieldSchema,
} from './typed-fields.js';
