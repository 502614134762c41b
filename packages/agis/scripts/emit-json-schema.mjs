// Writes schemas/agis-1.0.schema.json from the built package (run `pnpm --filter @agentweb/agis build`
// first). test/json-schema.test.ts fails when the committed file differs from the generator output; it
// can also rewrite the file: AGIS_WRITE_SCHEMA=1 pnpm vitest run packages/agis/test/json-schema.test.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { toAgisJsonSchema } from '../dist/document/json-schema.js';

const dir = new URL('../schemas/', import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL('agis-1.0.schema.json', dir), `${JSON.stringify(toAgisJsonSchema(), null, 2)}\n`);
