import { isJsonObject } from '../json-object.js';

// AGTP-API renamed two semantic fields; documents written against it are read with canonical names.
const SEMANTIC_ALIASES: ReadonlyArray<[alias: string, canonical: string]> = [
  ['confidence', 'confidence_guidance'],
  ['impact', 'impact_tier'],
];

/**
 * Returns a copy of `value` with AGTP-API aliases (`confidence`, `impact`) renamed in every endpoint's
 * `semantic` block, plus a note per rename. The canonical field wins when both are present.
 */
export function normalizeAgisAliases(value: unknown): { value: unknown; notes: string[] } {
  const notes: string[] = [];
  if (!isJsonObject(value) || !Array.isArray(value['endpoints'])) return { value, notes };
  const endpoints = value['endpoints'].map((ep, i) => {
    if (!isJsonObject(ep) || !isJsonObject(ep['semantic'])) return ep;
    const semantic: Record<string, unknown> = { ...ep['semantic'] };
    for (const [alias, canonical] of SEMANTIC_ALIASES) {
      if (!(alias in semantic)) continue;
      if (semantic[canonical] === undefined) {
        semantic[canonical] =
          typeof semantic[alias] === 'string' ? coerceAlias(semantic[alias]) : semantic[alias];
        notes.push(`endpoints[${i}].semantic.${alias} read as ${canonical} (AGTP-API alias)`);
      } else {
        notes.push(`endpoints[${i}].semantic.${alias} ignored: ${canonical} is also present`);
      }
      delete semantic[alias];
    }
    return { ...ep, semantic };
  });
  return { value: { ...value, endpoints }, notes };
}

function coerceAlias(v: string): unknown {
  const lower = v.trim().toLowerCase();
  return /^-?\d+(\.\d+)?$/.test(lower) ? Number(lower) : lower;
}
