import type { z } from 'zod';
import type { CapValidationIssue } from './errors.js';

/** Flattens zod issues into path/message pairs, prefixing `base`. */
export function issuesOf(error: z.ZodError, base = ''): CapValidationIssue[] {
  return error.issues.map((issue) => ({
    path: joinPath(base, issue.path.map(String).join('.')),
    message: issue.message,
  }));
}

/** Joins two dotted paths. */
export function joinPath(base: string, rest: string): string {
  if (!base) return rest;
  if (!rest) return base;
  return `${base}.${rest}`;
}
