import { checkOptions } from '@agentweb/core';
import { SOURCE_OPTION_RULES } from '../option-rules.js';
import { normalizeAgisAliases } from './aliases.js';
import { AgisParseError } from './errors.js';
import { type AgisParseLimits, checkValueShape, resolveLimits } from './limits.js';
import { type AgisDocument, AgisDocumentSchema } from './model.js';
import { type AgisFormat, type AgisSourceOptions, formatAgisPath, parseAgisSource } from './source.js';

/** Options of {@link parseAgisDocument}. */
export type ParseAgisDocumentOptions = AgisSourceOptions;

/** A document read by {@link parseAgisDocumentDetailed}. */
export interface ParsedAgisDocument {
  /** The document with canonical field names. */
  document: AgisDocument;
  /** The serialisation it was written in. */
  format: AgisFormat;
  /** Non-fatal notes, e.g. AGTP-API aliases that were renamed. */
  warnings: string[];
}

/** Checks a plain value (e.g. already-parsed JSON) against the AGIS 1.0 model, renaming aliases. */
export function toAgisDocument(
  value: unknown,
  locate?: (path: ReadonlyArray<string | number>) => { line: number; column: number } | undefined,
  limits?: AgisParseLimits,
): { document: AgisDocument; warnings: string[] } {
  // Parsed text was checked already; a value handed over directly gets the same limits here.
  if (locate === undefined) checkValueShape(value, resolveLimits(limits), formatAgisPath);
  const { value: normalized, notes } = normalizeAgisAliases(value);
  const result = AgisDocumentSchema.safeParse(normalized);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    throw new AgisParseError({
      reason: 'schema',
      message: `Not an AGIS 1.0 document: ${formatAgisPath(path) || '(root)'}: ${issue.message}`,
      path: formatAgisPath(path),
      ...(locate?.(path) ?? {}),
      cause: result.error,
    });
  }
  return { document: result.data, warnings: notes };
}

/** Like {@link parseAgisDocument}, also returning the detected format and alias notes. */
export function parseAgisDocumentDetailed(
  text: string,
  options: ParseAgisDocumentOptions = {},
): ParsedAgisDocument {
  checkOptions('parseAgisDocumentDetailed', options, SOURCE_OPTION_RULES);
  const source = parseAgisSource(text, options);
  const { document, warnings } = toAgisDocument(source.value, (p) => source.locate(p));
  return { document, format: source.format, warnings };
}

/**
 * Parses an AGIS document from YAML, JSON or the draft's brace notation and checks it against the AGIS
 * 1.0 model (the required structure only; run `validateAgisDocument` for the eight conformance passes).
 * Throws {@link AgisParseError} with line and column on malformed, oversized or non-AGIS input.
 */
export function parseAgisDocument(text: string, options: ParseAgisDocumentOptions = {}): AgisDocument {
  checkOptions('parseAgisDocument', options, SOURCE_OPTION_RULES);
  return parseAgisDocumentDetailed(text, options).document;
}
