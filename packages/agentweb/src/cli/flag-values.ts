import { CliUsageError } from './cli-errors.js';
import type { FlagValues } from './command.js';

/** A string flag's value, or undefined. */
export function stringFlag(values: FlagValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

/** A repeatable string flag's values (empty when absent). */
export function stringList(values: FlagValues, name: string): string[] {
  const value = values[name];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
}

/** A boolean flag. */
export function booleanFlag(values: FlagValues, name: string): boolean {
  return values[name] === true;
}

/** A whole-number flag within bounds, or `fallback` when absent; anything else is a usage error. */
export function integerFlag(
  values: FlagValues,
  name: string,
  bounds: { min: number; max: number; command: string },
  fallback?: number,
): number | undefined {
  const raw = stringFlag(values, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < bounds.min || n > bounds.max)
    throw new CliUsageError(
      `--${name} "${raw}": expected a whole number from ${bounds.min} to ${bounds.max}`,
      bounds.command,
    );
  return n;
}

/** Exactly one positional argument per entry of `names`, which the usage message shows as `<name>`. */
export function requirePositionals(
  positionals: readonly string[],
  names: readonly string[],
  command: string,
): string[] {
  if (positionals.length < names.length)
    throw new CliUsageError(
      `missing ${names
        .slice(positionals.length)
        .map((n) => `<${n}>`)
        .join(' ')}`,
      command,
    );
  if (positionals.length > names.length)
    throw new CliUsageError(`unexpected argument "${positionals[names.length]}"`, command);
  return [...positionals];
}
