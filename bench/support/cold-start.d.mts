// Types of cold-start.mjs (plain JavaScript so it also runs by hand with node).

/** Median of the numbers. */
export function median(values: readonly number[]): number;
/** Wall time, in ms, of one `node ...args` run in `cwd`, spawn to exit; throws when the run fails. */
export function timeRun(args: readonly string[], options?: { cwd?: string; input?: string }): number;
/** The package a loaded file belongs to. */
export function packageOf(file: string): string;
/** The files `node ...args` loads, counted per package, heaviest first. */
export function filesLoaded(
  args: readonly string[],
  options: { cwd: string },
): { total: number; perPackage: [string, number][] };
