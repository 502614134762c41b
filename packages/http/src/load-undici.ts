import { lazyRequire } from '@agentweb/core';

/**
 * The `undici` package (the guarded connector, the keep-alive agent, its fetch), required on first use: when the
 * first connection is made or a guarded fetch created, not when this package is imported. It is about 110 files
 * that a process importing AgentWeb only to build a client, or to print its CLI help, need not read.
 */
export const loadUndici = lazyRequire<typeof import('undici')>(import.meta.url, 'undici');
