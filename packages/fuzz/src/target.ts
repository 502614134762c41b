import type fc from 'fast-check';

/** One public function that takes outside input, as the fuzzer drives it. */
export interface FuzzTarget<T = unknown> {
  /** `package.function` (e.g. `discovery.extractProductIds`): how reports and `--target` name it. */
  name: string;
  /** Generated inputs: mutations of valid examples, random text or JSON, hostile shapes. */
  input: fc.Arbitrary<T>;
  /** Calls the function on one input; a returned promise is awaited. */
  run(input: T): unknown;
  /** Size of an input in bytes, for time per MB. */
  size(input: T): number;
  /**
   * True when the function is documented never to throw: then even a typed error is a defect (e.g.
   * `extractProductIds`, `robotsAllows`).
   */
  neverThrows?: boolean;
  /** Real inputs of the same kind (outside data), whose time per MB is the baseline of the slowdown check. */
  realInputs?: () => readonly T[];
  /**
   * Large hostile inputs built to the sizes real inputs have; their time per MB is checked against the baseline
   * (`pnpm fuzz` and `pnpm bench`).
   */
  hostile?: fc.Arbitrary<T>;
  /** Inputs smaller than this many bytes are not timed per MB (default: the run's `minTimedBytes`, 64 Ki). */
  timedBytes?: number;
  /** Runs in `pnpm test` (default 100); 0 where another test file already holds the property (named in `coveredBy`). */
  testRuns?: number;
  /** The test file whose fast-check property already covers this function in `pnpm test`. */
  coveredBy?: string;
}

/** Byte length of a string input. */
export function textSize(input: string): number {
  return Buffer.byteLength(input, 'utf8');
}

/** Byte length of a JSON input (what a server would send). */
export function jsonSize(input: unknown): number {
  try {
    return Buffer.byteLength(JSON.stringify(input) ?? '', 'utf8');
  } catch {
    return 0;
  }
}

/** Declares a target with its input type checked, stored with the others as `FuzzTarget<unknown>`. */
export function defineTarget<T>(target: FuzzTarget<T>): FuzzTarget {
  return target as unknown as FuzzTarget;
}
