import { AgentWebError, createErrorGuard } from '@agentweb/core';
import type { SchemaViolation } from '../json-schema/validate-value.js';

/** The input of an AGIS call does not match the endpoint's input JSON Schema; nothing was sent. */
export class AgisInputError extends AgentWebError {
  /** Every violation found. */
  readonly violations: SchemaViolation[];

  constructor(endpoint: string, violations: SchemaViolation[]) {
    super({
      code: 'AGIS_INPUT_INVALID',
      message: `Input for ${endpoint} is invalid: ${violations
        .slice(0, 5)
        .map((v) => v.message)
        .join('; ')}`,
    });
    this.name = 'AgisInputError';
    this.violations = violations;
  }
}

/** Options of {@link AgisEndpointError}. */
export interface AgisEndpointErrorOptions {
  /** `METHOD /path` of the endpoint called. */
  endpoint: string;
  /** The error name the service returned (or `grammar_violation` for 454, `http_<status>` when unnamed). */
  errorName: string;
  /** True when the name is one of the endpoint's declared `errors`. */
  declared: boolean;
  /** HTTP status of the response. */
  status: number;
  /** The declared description of the error, when declared. */
  description?: string;
  /** The parsed response body, when it was JSON. */
  body?: unknown;
}

/** An AGIS endpoint answered with an error; `errorName` is the endpoint's declared error when it matches. */
export class AgisEndpointError extends AgentWebError {
  /** `METHOD /path`. */
  readonly endpoint: string;
  /** The error name. */
  readonly errorName: string;
  /** True when `errorName` is declared by the endpoint. */
  readonly declared: boolean;
  /** HTTP status. */
  readonly status: number;
  /** The declared description, when declared. */
  readonly description: string | undefined;
  /** The parsed response body. */
  readonly body: unknown;

  constructor(options: AgisEndpointErrorOptions) {
    super({
      code: options.status === 454 ? 'AGIS_GRAMMAR_VIOLATION' : 'AGIS_ENDPOINT_ERROR',
      message: `${options.endpoint} failed with ${options.errorName} (HTTP ${options.status})${
        options.description ? `: ${options.description}` : ''
      }`,
    });
    this.name = 'AgisEndpointError';
    this.endpoint = options.endpoint;
    this.errorName = options.errorName;
    this.declared = options.declared;
    this.status = options.status;
    this.description = options.description;
    this.body = options.body;
  }
}

/** True when `error` is an {@link AgisInputError}. */
export const isAgisInputError = createErrorGuard<AgisInputError>('AgisInputError');
/** True when `error` is an {@link AgisEndpointError}. */
export const isAgisEndpointError = createErrorGuard<AgisEndpointError>('AgisEndpointError');
