/** Test helpers for code built on @agentweb/http. Import from `@agentweb/http/test`. */
export { createLoopbackOnlyConnector } from './loopback-only-connector.js';
