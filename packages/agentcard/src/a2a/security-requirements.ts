import { asArray, asRecord, type JsonObject } from '../json-value.js';

/** 0.3 requirements map scheme names to scopes; 1.0 ones wrap that map in `schemes`. */
export type RequirementForm = '0.3' | '1.0';

/** The scheme names each requirement of a `security`/`securityRequirements` list asks for, by list index. */
export function requirementNames(v: unknown, form: RequirementForm): { names: string[]; index: number }[] {
  return asArray(v).map((raw, index) => ({
    index,
    names: Object.keys((form === '0.3' ? asRecord(raw) : asRecord(asRecord(raw)?.['schemes'])) ?? {}),
  }));
}

function requirementsFrom(v: unknown, form: RequirementForm): string[][] | undefined {
  if (!Array.isArray(v)) return undefined;
  return requirementNames(v, form).map((r) => r.names);
}

/** Skill or card requirements as lists of scheme names; the 1.0 field wins when both are present and it is non-empty. */
export function requirementsOf(
  holder: JsonObject,
  v03Field: string,
  v10Field: string,
): string[][] | undefined {
  const v10 = requirementsFrom(holder[v10Field], '1.0');
  const v03 = requirementsFrom(holder[v03Field], '0.3');
  if (v10 !== undefined && (v10.length > 0 || v03 === undefined)) return v10;
  return v03;
}
