import { AgentWebError, createErrorGuard } from '@agentweb/core';

/** A call refused without being sent because the merchant's circuit is open (or its probe is in flight). */
export class CircuitOpenError extends AgentWebError {
  /** How long until the circuit half-opens and a probe may go out; 0 while another call is probing. */
  readonly retryAfterMs: number;

  constructor(options: { retryAfterMs: number; name?: string }) {
    const who = options.name ? ` to ${options.name}` : '';
    super({
      code: 'CAP_CIRCUIT_OPEN',
      message:
        options.retryAfterMs > 0
          ? `Circuit open: calls${who} are paused for ${Math.ceil(options.retryAfterMs)} ms after repeated failures`
          : `Circuit half-open: a probe call${who} is in flight; try again when it completes`,
    });
    this.name = 'CircuitOpenError';
    this.retryAfterMs = options.retryAfterMs;
  }
}

export const isCircuitOpenError = createErrorGuard<CircuitOpenError>('CircuitOpenError');
