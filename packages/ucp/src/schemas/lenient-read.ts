import type { z } from 'zod';
import { UcpDocumentError, type UcpDocumentKind, type UcpIssue } from '../ucp-errors.js';
import type { UcpLenientResult, UcpWarning } from '../ucp-warnings.js';

/** Dotted path of a zod issue (`line_items[0].item.id`). */
export function issuePath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out;
}

/** The zod issues of a failed parse, as {@link UcpIssue}s. */
export function issuesOf(error: z.ZodError): UcpIssue[] {
  return error.issues.map((issue) => ({ path: issuePath(issue.path), message: issue.message }));
}

function isMissing(issue: z.core.$ZodIssue): boolean {
  return issue.code === 'invalid_type' && / received undefined$/.test(issue.message);
}

/** Where a document came from, and how to read it. */
export interface ReadContext {
  /** What it is. */
  kind: UcpDocumentKind;
  /** Its URL or operation, for messages. */
  source: string;
  /** Refuse instead of warning. */
  strict: boolean;
}

/**
 * Reads `data` leniently: what the spec requires (`full`) is checked and every difference becomes a warning naming
 * the field; what this client cannot work without (`core`) must hold, or the read fails with `UcpDocumentError`.
 * With `strict`, any warning fails the read too. Each schema is a single zod pass, so the read is linear.
 */
export function readLenient<T>(
  full: z.ZodType,
  core: z.ZodType<T>,
  data: unknown,
  context: ReadContext,
  extraWarnings: (value: T) => UcpWarning[] = () => [],
): UcpLenientResult<T> {
  const coreResult = core.safeParse(data);
  if (!coreResult.success) {
    throw new UcpDocumentError({
      kind: context.kind,
      source: context.source,
      issues: issuesOf(coreResult.error),
    });
  }
  const warnings: UcpWarning[] = [];
  const fullResult = full.safeParse(data);
  if (!fullResult.success) {
    for (const issue of fullResult.error.issues) {
      warnings.push({
        code: isMissing(issue) ? 'field-missing' : 'field-invalid',
        path: issuePath(issue.path),
        message: issue.message,
      });
    }
  }
  warnings.push(...extraWarnings(coreResult.data));
  if (context.strict && warnings.length > 0) {
    throw new UcpDocumentError({ kind: context.kind, source: context.source, issues: [], warnings });
  }
  return { value: coreResult.data, warnings };
}
