import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, sep } from 'node:path';
import type { Ajv2020 as Ajv2020Type, ValidateFunction } from 'ajv/dist/2020.js';

/** Which way a document travels. */
export type UcpDirection = 'request' | 'response';

/** One problem ajv found, with the JSON pointer of the field. */
export interface UcpSchemaProblem {
  /** JSON pointer (`/line_items/0/quantity`; empty for the root). */
  path: string;
  /** What is wrong. */
  message: string;
}

/** Validates UCP documents against the spec's JSON Schemas of one release. */
export interface UcpSchemaValidator {
  /** The release (`2026-04-08`). */
  readonly version: string;
  /**
   * Problems of `document` against the schema `ref`, a path in the release (`schemas/shopping/checkout.json`,
   * `schemas/shopping/catalog_search.json#/$defs/search_request`, `discovery/profile_schema.json#/$defs/...`),
   * resolved for `direction` and `op` (`create`, `update`, `complete`, `read`) as ucp-schema does. Empty: valid.
   */
  validate(ref: string, document: unknown, direction: UcpDirection, op: string): UcpSchemaProblem[];
}

type Json = Record<string, unknown>;

/** The annotation that applies to a field for this direction and op, if any. */
function annotationFor(value: unknown, op: string): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null) {
    const forOp = (value as Json)[op];
    return typeof forOp === 'string' ? forOp : undefined;
  }
  return undefined;
}

/**
 * Resolves `ucp_request` / `ucp_response` annotations into plain JSON Schema, per the ucp-schema README's rules:
 * `omit` removes the field (and from `required`), `required` adds it to `required`, `optional` removes it from
 * `required`; the annotations of the other direction are dropped.
 */
function resolve(node: unknown, direction: UcpDirection, op: string): unknown {
  if (Array.isArray(node)) return node.map((n) => resolve(n, direction, op));
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === 'ucp_request' || key === 'ucp_response') continue;
    out[key] = key === 'properties' || key === '$defs' ? value : resolve(value, direction, op);
  }
  const annotationKey = direction === 'request' ? 'ucp_request' : 'ucp_response';
  if (typeof out['properties'] === 'object' && out['properties'] !== null) {
    const properties: Json = {};
    let required = Array.isArray(out['required']) ? [...(out['required'] as string[])] : undefined;
    for (const [name, schema] of Object.entries(out['properties'] as Json)) {
      const rule = annotationFor((schema as Json | null)?.[annotationKey], op);
      if (rule === 'omit') {
        required = required?.filter((r) => r !== name);
        continue;
      }
      if (rule === 'required' && !required?.includes(name)) required = [...(required ?? []), name];
      if (rule === 'optional') required = required?.filter((r) => r !== name);
      properties[name] = resolve(schema, direction, op);
    }
    out['properties'] = properties;
    if (required !== undefined) out['required'] = required;
  }
  if (typeof out['$defs'] === 'object' && out['$defs'] !== null) {
    const defs: Json = {};
    for (const [name, schema] of Object.entries(out['$defs'] as Json))
      defs[name] = resolve(schema, direction, op);
    out['$defs'] = defs;
  }
  return out;
}

function jsonFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...jsonFiles(path));
    else if (name.endsWith('.json')) out.push(path);
  }
  return out;
}

/**
 * Loads a release's schemas from `dir` (the vendored `fixtures/ucp/<version>` folder: `schemas/`, `discovery/`,
 * `services/`) and validates documents with ajv (draft 2020-12, formats checked), one ajv per direction and op.
 */
export function createUcpSchemaValidator(options: { dir: string; version: string }): UcpSchemaValidator {
  // Each file gets the id of its path (`https://ucp.dev/schemas/shopping/checkout.json`): the schemas' own ids
  // say the same, except the discovery profile's, whose `../schemas/...` references only resolve from its path.
  const documents = jsonFiles(options.dir)
    .filter((path) => !path.endsWith('openapi.json') && !path.endsWith('openrpc.json'))
    .map((path) => ({
      ...(JSON.parse(readFileSync(path, 'utf8')) as Json),
      $id: `https://ucp.dev/${relative(options.dir, path).split(sep).join('/')}`,
    }));
  // ajv is loaded on first use: a sandbox without UCP merchants never pays for it.
  const require = createRequire(import.meta.url);
  const { Ajv2020 } = require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
  const addFormats = require('ajv-formats') as typeof import('ajv-formats').default;
  const instances = new Map<string, Ajv2020Type>();
  const compiled = new Map<string, ValidateFunction>();
  function ajvFor(direction: UcpDirection, op: string): Ajv2020Type {
    const key = `${direction}:${op}`;
    let ajv = instances.get(key);
    if (!ajv) {
      ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
      addFormats(ajv);
      for (const doc of documents) ajv.addSchema(resolve(doc, direction, op) as Json);
      instances.set(key, ajv);
    }
    return ajv;
  }
  return {
    version: options.version,
    validate(ref, document, direction, op) {
      const id = ref.startsWith('https://') ? ref : `https://ucp.dev/${ref}`;
      const key = `${direction}:${op}:${id}`;
      let fn = compiled.get(key);
      if (!fn) {
        const ajv = ajvFor(direction, op);
        fn = ajv.getSchema(id);
        if (!fn) throw new Error(`no UCP ${options.version} schema ${id}`);
        compiled.set(key, fn);
      }
      if (fn(document)) return [];
      return (fn.errors ?? []).map((e) => ({ path: e.instancePath, message: e.message ?? 'invalid' }));
    },
  };
}
