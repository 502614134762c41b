import type { z } from 'zod';

/** A tool's input schema as MCP, LangChain and the AI SDK see it, and the fields to fill with `null` before it runs. */
export interface RelaxedInput {
  /** The schema handed to the framework: nullable top-level fields may be left out. */
  schema: z.ZodObject;
  /** The top-level fields that were made optional. */
  nullable: readonly string[];
}

/**
 * The neutral tools use OpenAI strict-mode inputs: every field required, optional ones nullable. MCP, LangChain and
 * the AI SDK validate the model's arguments themselves before the tool runs, and models often leave out a field
 * they have no value for, so for them each nullable top-level field becomes optional and a missing one is passed
 * to the tool as `null`, which means the same thing there. Nested objects keep their strict shape. (The OpenAI
 * adapter keeps the strict schemas: strict mode requires every field.)
 */
export function relaxNullableFields(schema: z.ZodObject): RelaxedInput {
  const overrides: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    if (field.safeParse(null).success) overrides[key] = field.optional();
  }
  const nullable = Object.keys(overrides);
  if (nullable.length === 0) return { schema, nullable };
  try {
    return { schema: schema.extend(overrides), nullable };
  } catch {
    // zod refuses to extend an object that carries refinements; the strict schema still works, only less leniently.
    return { schema, nullable: [] };
  }
}

/** The arguments with every relaxed field the host left out set to `null`. */
export function fillNulls(
  args: Record<string, unknown>,
  nullable: readonly string[],
): Record<string, unknown> {
  const filled = { ...args };
  for (const key of nullable) if (filled[key] === undefined) filled[key] = null;
  return filled;
}
