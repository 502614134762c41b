// Writes the JSON Schema of every model to schemas/ from the built package (run after tsc).
import { mkdirSync, writeFileSync } from 'node:fs';
import { toAgentCardJsonSchemas } from '../dist/json-schemas.js';

const dir = new URL('../schemas/', import.meta.url);
mkdirSync(dir, { recursive: true });
for (const [name, schema] of Object.entries(toAgentCardJsonSchemas())) {
  writeFileSync(new URL(`${name}.schema.json`, dir), `${JSON.stringify(schema, null, 2)}\n`);
}
