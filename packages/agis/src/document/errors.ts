import { AgentWebError, createErrorGuard } from '@agentweb/core';

/** Why an AGIS document could not be read. */
export type AgisParseErrorReason = 'syntax' | 'limit' | 'schema' | 'format';

/** The safety limit a document broke (the option of {@link AgisParseLimits} that sets it). */
export type AgisLimitName = 'maxBytes' | 'maxDepth' | 'maxKeys' | 'maxLineLength' | 'maxAliasCount';

/** Options of {@link AgisParseError}. */
export interface AgisParseErrorOptions {
  /** What went wrong: malformed text, a safety limit, a model mismatch or an undetectable format. */
  reason: AgisParseErrorReason;
  /** Human-readable description naming what was wrong. */
  message: string;
  /** 1-based line of the offending text, when known. */
  line?: number;
  /** 1-based column of the offending text, when known. */
  column?: number;
  /** JSON-pointer-like path of the offending field, e.g. `endpoints[1].semantic.actor`. */
  path?: string;
  /** For `reason: 'limit'`: which limit. */
  limit?: AgisLimitName;
  /** The underlying error. */
  cause?: unknown;
}

/** An AGIS document that is malformed, too large or too deep, or does not match the AGIS 1.0 model. */
export class AgisParseError extends AgentWebError {
  /** What went wrong. */
  readonly reason: AgisParseErrorReason;
  /** 1-based line, when known. */
  readonly line: number | undefined;
  /** 1-based column, when known. */
  readonly column: number | undefined;
  /** Path of the offending field, when known. */
  readonly path: string | undefined;
  /** For `reason: 'limit'`: the limit broken (`maxDepth`, `maxKeys`, `maxLineLength`, ...). */
  readonly limit: AgisLimitName | undefined;

  constructor(options: AgisParseErrorOptions) {
    const where = options.line !== undefined ? ` (line ${options.line}, column ${options.column ?? 1})` : '';
    super({
      code: `AGIS_PARSE_${options.reason.toUpperCase()}`,
      message: `${options.message}${where}`,
      cause: options.cause,
    });
    this.name = 'AgisParseError';
    this.reason = options.reason;
    this.line = options.line;
    this.column = options.column;
    this.path = options.path;
    this.limit = options.limit;
  }
}

/** True when `error` is an {@link AgisParseError} from any copy of the package. */
export const isAgisParseError = createErrorGuard<AgisParseError>('AgisParseError');
