import { isJsonObject } from '../json-object.js';

// A structural check of JSON Schema objects against the Draft 2020-12 vocabulary (pass 8), without a
// runtime dependency on a full meta-schema validator. It catches what authors get wrong: unknown type
// names, non-schema subschemas and malformed keyword values.

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_KEYWORDS = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'additionalItems',
];
const SCHEMA_ARRAY_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const NON_NEGATIVE_INT = [
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'minContains',
  'maxContains',
];
const NUMBERS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'];
const STRINGS = [
  'format',
  'pattern',
  'title',
  'description',
  '$id',
  '$ref',
  '$schema',
  '$anchor',
  '$comment',
];

/** A short description of a bad value: never the whole of a large or deeply nested one. */
function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object' && value !== null) return 'an object';
  if (typeof value === 'string')
    return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}...` : value);
  return String(value);
}

/** Problems found in `schema` (empty when it is a valid JSON Schema as far as this check goes). */
export function jsonSchemaProblems(schema: unknown, at = '', depth = 0, out: string[] = []): string[] {
  if (out.length >= 20) return out;
  if (typeof schema === 'boolean') return out;
  if (!isJsonObject(schema)) {
    out.push(`${at || '(root)'}: a schema must be an object or a boolean`);
    return out;
  }
  if (depth > 32) {
    out.push(`${at}: nested deeper than 32 levels`);
    return out;
  }
  const type = schema['type'];
  if (type !== undefined) {
    const list = Array.isArray(type) ? type : [type];
    if (list.length === 0) out.push(`${at}/type: must not be an empty array`);
    for (const t of list) {
      if (out.length >= 20) break;
      if (typeof t !== 'string' || !TYPES.has(t)) {
        out.push(`${at}/type: ${describe(t)} is not a JSON Schema type (${[...TYPES].join(', ')})`);
      }
    }
  }
  for (const k of SCHEMA_MAP_KEYWORDS) {
    const v = schema[k];
    if (v === undefined) continue;
    if (!isJsonObject(v)) out.push(`${at}/${k}: must be an object of schemas`);
    else
      for (const [name, sub] of Object.entries(v))
        jsonSchemaProblems(sub, `${at}/${k}/${name}`, depth + 1, out);
  }
  for (const k of SCHEMA_KEYWORDS) {
    if (schema[k] !== undefined) jsonSchemaProblems(schema[k], `${at}/${k}`, depth + 1, out);
  }
  for (const k of SCHEMA_ARRAY_KEYWORDS) {
    const v = schema[k];
    if (v === undefined) continue;
    if (!Array.isArray(v) || v.length === 0) out.push(`${at}/${k}: must be a non-empty array of schemas`);
    else {
      v.forEach((sub, i) => {
        jsonSchemaProblems(sub, `${at}/${k}/${i}`, depth + 1, out);
      });
    }
  }
  const required = schema['required'];
  if (required !== undefined) {
    if (!Array.isArray(required) || !required.every((r) => typeof r === 'string')) {
      out.push(`${at}/required: must be an array of property names`);
    } else if (new Set(required).size !== required.length) out.push(`${at}/required: names must be unique`);
  }
  if (schema['enum'] !== undefined && !Array.isArray(schema['enum']))
    out.push(`${at}/enum: must be an array`);
  for (const k of NON_NEGATIVE_INT) {
    const v = schema[k];
    if (v !== undefined && !(Number.isInteger(v) && (v as number) >= 0))
      out.push(`${at}/${k}: must be a non-negative integer`);
  }
  for (const k of NUMBERS) {
    if (schema[k] !== undefined && typeof schema[k] !== 'number') out.push(`${at}/${k}: must be a number`);
  }
  if (
    schema['multipleOf'] !== undefined &&
    !(typeof schema['multipleOf'] === 'number' && schema['multipleOf'] > 0)
  ) {
    out.push(`${at}/multipleOf: must be a number greater than 0`);
  }
  for (const k of STRINGS) {
    if (schema[k] !== undefined && typeof schema[k] !== 'string') out.push(`${at}/${k}: must be a string`);
  }
  if (typeof schema['pattern'] === 'string') {
    try {
      new RegExp(schema['pattern'], 'u');
    } catch {
      out.push(`${at}/pattern: not a valid regular expression`);
    }
  }
  return out;
}
