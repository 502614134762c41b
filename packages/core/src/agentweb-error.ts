import { ERROR_BRAND as BRAND, hasErrorBrand } from './brand.js';
import { type AgentWebErrorJson, errorJson } from './error-json.js';

/** Options shared by every AgentWeb error constructor. */
export interface AgentWebErrorOptions {
  /** Stable, machine-readable error code, e.g. `CARD_VALIDATION_FAILED`. */
  code: string;
  /** Human-readable description naming what was wrong. */
  message: string;
  /** The underlying error, when this one wraps another. */
  cause?: unknown;
}

/**
 * The base of every error AgentWeb throws. Check with {@link isAgentWebError} rather than
 * `instanceof`, which fails when two copies of the package are loaded (bundles, realms, workers).
 */
export class AgentWebError extends Error {
  /** Stable, machine-readable error code. */
  readonly code: string;
  /** Brand read by {@link isAgentWebError}; survives duplicate package copies. */
  readonly [BRAND] = true;

  constructor({ code, message, cause }: AgentWebErrorOptions) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'AgentWebError';
    this.code = code;
  }

  /**
   * The error as plain data, so `JSON.stringify` (logs, `--json` output, fan-out outcomes) says what broke:
   * `name`, `code`, `message`, the subclass's own plain-data fields (an HTTP `status` and `url`, a CAP
   * `capErrorCode`, validation `issues`, ...) and a `cause` summary (nested JSON for AgentWeb errors, `name` and
   * `message` for others). Request and response headers, bodies and credentials are never included.
   */
  toJSON(): AgentWebErrorJson {
    return errorJson(this);
  }

  /** True when `error` is an AgentWeb error, from this or any other copy of the package. */
  static isInstance(error: unknown): error is AgentWebError {
    return isAgentWebError(error);
  }
}

/** True when `error` is an {@link AgentWebError} from any copy of any AgentWeb package. */
export function isAgentWebError(error: unknown): error is AgentWebError {
  return hasErrorBrand(error) && typeof (error as { code?: unknown }).code === 'string';
}

/**
 * Builds a guard for one error subclass that also works across realms: it checks the AgentWeb brand
 * and the subclass's `name`, which every subclass sets to its class name.
 */
export function createErrorGuard<T extends AgentWebError>(name: string): (error: unknown) => error is T {
  return (error: unknown): error is T => isAgentWebError(error) && error.name === name;
}
