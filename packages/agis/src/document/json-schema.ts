import { z } from 'zod';
import { AgisDocumentSchema } from './model.js';

/** The normative JSON Schema (Draft 2020-12) of an AGIS 1.0 document, generated from the zod model. */
export function toAgisJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(AgisDocumentSchema, { target: 'draft-2020-12', io: 'input' }) as Record<
    string,
    unknown
  >;
  return {
    $schema: schema['$schema'],
    $id: 'https://agentweb.dev/schemas/agis-1.0.schema.json',
    title: 'AGIS 1.0 document',
    ...schema,
  };
}
