/** The A2A protocol bindings this client implements, by the names cards use. */
export type A2ABinding = 'JSONRPC' | 'HTTP+JSON' | 'GRPC';

/** Every binding this client implements, in its default order of preference among equals. */
export const A2A_BINDINGS: readonly A2ABinding[] = Object.freeze(['JSONRPC', 'HTTP+JSON', 'GRPC']);

/**
 * The binding a card's `preferredTransport`, `transport` or `protocolBinding` names, compared without case
 * (the official SDK accepts `jsonrpc` and `http+json` too); undefined for a binding this client does not know.
 */
export function bindingOf(name: string): A2ABinding | undefined {
  const upper = name.trim().toUpperCase();
  return (A2A_BINDINGS as readonly string[]).includes(upper) ? (upper as A2ABinding) : undefined;
}
