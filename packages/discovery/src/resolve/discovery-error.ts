import { AgentWebError, createErrorGuard } from '@agentweb/core';
import type { TraceEntry } from './trace.js';

/** No mechanism produced an acceptable card. `trace` says what each step saw. */
export class DiscoveryError extends AgentWebError {
  /** The domain or URL that was resolved. */
  readonly target: string;
  /** Every step of the run, in order. */
  readonly trace: readonly TraceEntry[];
  /** True when this failure was served from the resolver's cache. */
  readonly fromCache: boolean;

  constructor(options: {
    target: string;
    trace: readonly TraceEntry[];
    fromCache?: boolean;
    cause?: unknown;
  }) {
    const steps = options.trace
      .map(
        (step) =>
          `${step.mechanism} ${step.target}: ${step.outcome}${step.reason ? ` (${step.reason})` : ''}`,
      )
      .join('; ');
    super({
      code: 'DISCOVERY_FAILED',
      message: `No agent card found for ${options.target}${steps ? `: ${steps}` : ''}`,
      cause: options.cause,
    });
    this.name = 'DiscoveryError';
    this.target = options.target;
    this.trace = options.trace;
    this.fromCache = options.fromCache ?? false;
  }
}

/** True when `error` is a {@link DiscoveryError} from any copy of AgentWeb. */
export const isDiscoveryError = createErrorGuard<DiscoveryError>('DiscoveryError');
