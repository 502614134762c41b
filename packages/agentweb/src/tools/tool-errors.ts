import { AgentWebError, createErrorGuard } from '@agentweb/core';

/** `createAgentWebTools` (or an adapter) was given options it cannot use. */
export class AgentWebToolsOptionsError extends AgentWebError {
  /** The option that was wrong. */
  readonly option: string;

  constructor(option: string, message: string) {
    super({ code: 'AGENTWEB_TOOLS_OPTIONS_INVALID', message: `${option}: ${message}` });
    this.name = 'AgentWebToolsOptionsError';
    this.option = option;
  }
}

/** True when `error` is an {@link AgentWebToolsOptionsError}. */
export const isAgentWebToolsOptionsError =
  createErrorGuard<AgentWebToolsOptionsError>('AgentWebToolsOptionsError');
