import type { UcpWarning } from '../ucp-warnings.js';

/** The business outcome of a call: `success`, or the worst severity among its error messages. */
export type UcpOutcome =
  | 'success'
  | 'recoverable'
  | 'requires_buyer_input'
  | 'requires_buyer_review'
  | 'unrecoverable';

/** A message of the business (`error` with a severity, `warning`, `info`). */
export interface UcpMessage {
  /** `error`, `warning` or `info` (kept as received). */
  type: string;
  /** Machine code (`out_of_stock`, `missing`, ...). */
  code?: string | undefined;
  /** JSONPath of the field concerned (`$.buyer.email`). */
  path?: string | undefined;
  /** Text for the buyer or the agent. */
  content?: string | undefined;
  /** For errors: `recoverable`, `requires_buyer_input`, `requires_buyer_review`, `unrecoverable`. */
  severity?: string | undefined;
}

/** Fields of every result. */
interface UcpResultBase {
  /** The business outcome. */
  outcome: UcpOutcome;
  /** The business's messages. */
  messages: UcpMessage[];
  /** What the lenient read repaired or doubted. */
  warnings: UcpWarning[];
  /** The `Request-Id` sent. */
  requestId: string;
  /** The operation. */
  operation: string;
}

/**
 * A call's result: the resource (`ok: true`), or a business outcome without one (`ok: false`, e.g. nothing
 * could be put in a checkout), with `continueUrl` when the business offers its own page. Protocol errors reject.
 */
export type UcpResult<T> =
  | (UcpResultBase & { ok: true; value: T })
  | (UcpResultBase & { ok: false; value: undefined; continueUrl: string | undefined });

const RANK: Record<string, number> = {
  recoverable: 1,
  requires_buyer_input: 2,
  requires_buyer_review: 3,
  unrecoverable: 4,
};

/** The worst severity among the error messages (`success` when there is none). */
export function outcomeOf(messages: readonly UcpMessage[]): UcpOutcome {
  let worst: UcpOutcome = 'success';
  for (const m of messages) {
    if (m.type !== 'error') continue;
    const severity = (m.severity && m.severity in RANK ? m.severity : 'unrecoverable') as UcpOutcome;
    if (worst === 'success' || (RANK[severity] ?? 0) > (RANK[worst] ?? 0)) worst = severity;
  }
  return worst;
}
