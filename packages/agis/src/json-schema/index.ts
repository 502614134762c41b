export { jsonSchemaProblems } from './schema-problems.js';
export { type SchemaViolation, validateJsonValue } from './validate-value.js';
