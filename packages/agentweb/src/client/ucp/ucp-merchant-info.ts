import type { UcpClient, UcpWarning } from '@agentweb/ucp';

/** What the client settled with a UCP merchant (`AgentWebMerchant.ucp`). */
export interface UcpMerchantInfo {
  /** The merchant's UCP client (the client's HTTP policy), for operations this facade does not wrap. */
  readonly client: UcpClient;
  /** The protocol version chosen (`2026-04-08`, `2026-01-11`). */
  readonly version: string;
  /** The transport in use. */
  readonly transport: 'rest' | 'mcp';
  /** Capabilities both sides support (`dev.ucp.shopping.catalog.search`, ...). */
  readonly capabilities: readonly string[];
  /** Ids of the payment handlers the merchant accepts (an instrument's `handler_id`). */
  readonly paymentHandlers: readonly string[];
  /** What the lenient read of its profile repaired or doubted. */
  readonly warnings: readonly UcpWarning[];
}
