import { AgentWebError, createErrorGuard } from './agentweb-error.js';

/** Options of {@link MissingPeerDependencyError}. */
export interface MissingPeerDependencyErrorOptions {
  /** The npm package to install, e.g. `@agentweb/redis`. */
  packageName: string;
  /** What needs it, in words: `the redis option of new AgentWeb`, `gRPC agents`. */
  feature: string;
  /** The import error. */
  cause?: unknown;
}

/**
 * A feature needs an optional peer dependency that is not installed (Redis state, gRPC agents, the MCP server,
 * the LangChain or AI SDK adapters). `code` is always `MISSING_PEER_DEPENDENCY`; the message names the
 * `npm install` command.
 */
export class MissingPeerDependencyError extends AgentWebError {
  /** The npm package to install. */
  readonly packageName: string;
  /** What needs it. */
  readonly feature: string;

  constructor(options: MissingPeerDependencyErrorOptions) {
    super({
      code: 'MISSING_PEER_DEPENDENCY',
      message: `${options.feature} needs the optional package ${options.packageName}, which is not installed: run \`npm install ${options.packageName}\``,
      cause: options.cause,
    });
    this.name = 'MissingPeerDependencyError';
    this.packageName = options.packageName;
    this.feature = options.feature;
  }
}

/** True when `error` is a {@link MissingPeerDependencyError} from any copy of the package. */
export const isMissingPeerDependencyError = createErrorGuard<MissingPeerDependencyError>(
  'MissingPeerDependencyError',
);
