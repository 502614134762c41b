/** The MCP revisions this server speaks, newest first. */
export const SUPPORTED_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

/** The revision answered to a client that asks for one this server does not know. */
export const LATEST_PROTOCOL_VERSION = SUPPORTED_PROTOCOL_VERSIONS[0];

/** The client's revision when this server supports it, else the latest (the client then decides whether to go on). */
export function negotiateProtocolVersion(requested: unknown): string {
  return typeof requested === 'string' &&
    (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(requested)
    ? requested
    : LATEST_PROTOCOL_VERSION;
}

/**
 * JSON-RPC batches are part of revision 2025-03-26 only (added there, removed in 2025-06-18); `initialize` itself
 * is never batched, so before it has settled a revision a batch is refused too.
 */
export function acceptsBatches(version: string | undefined): boolean {
  return version === '2025-03-26';
}
