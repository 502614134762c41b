// The base error every AgentWeb package throws, so facade users can check any error by `code` with one import.
export { AgentWebError, type AgentWebErrorOptions, createErrorGuard, isAgentWebError } from '@agentweb/core';
export * from './client/index.js';
export * from './tools/index.js';
