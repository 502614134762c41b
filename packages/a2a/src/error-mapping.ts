import type { A2AOperation } from './dialect.js';

/**
 * The JSON-RPC code of each `google.rpc.ErrorInfo` reason A2A 1.0 defines (spec §3.3.2: the error name in
 * UPPER_SNAKE_CASE without `Error`), plus the generic ones the official SDK sends. REST and gRPC errors become
 * the same typed errors as JSON-RPC ones through this table.
 */
const REASON_CODES: ReadonlyMap<string, number> = new Map([
  ['TASK_NOT_FOUND', -32001],
  ['TASK_NOT_CANCELABLE', -32002],
  ['PUSH_NOTIFICATION_NOT_SUPPORTED', -32003],
  ['UNSUPPORTED_OPERATION', -32004],
  ['CONTENT_TYPE_NOT_SUPPORTED', -32005],
  ['INVALID_AGENT_RESPONSE', -32006],
  ['EXTENDED_AGENT_CARD_NOT_CONFIGURED', -32007],
  ['AUTHENTICATED_EXTENDED_CARD_NOT_CONFIGURED', -32007],
  ['EXTENSION_SUPPORT_REQUIRED', -32008],
  ['VERSION_NOT_SUPPORTED', -32009],
  ['INVALID_PARAMS', -32602],
  ['INVALID_REQUEST', -32600],
  ['METHOD_NOT_FOUND', -32601],
  ['INTERNAL_ERROR', -32603],
  ['PARSE_ERROR', -32700],
]);

/** The JSON-RPC code for an ErrorInfo `reason`; undefined for a reason A2A does not define. */
export function rpcCodeForReason(reason: string): number | undefined {
  return REASON_CODES.get(reason);
}

/** gRPC status codes by number, as `google.rpc.Code` names them (REST bodies carry the name in `status`). */
export const GRPC_STATUS_NAMES: readonly string[] = [
  'OK',
  'CANCELLED',
  'UNKNOWN',
  'INVALID_ARGUMENT',
  'DEADLINE_EXCEEDED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'PERMISSION_DENIED',
  'RESOURCE_EXHAUSTED',
  'FAILED_PRECONDITION',
  'ABORTED',
  'OUT_OF_RANGE',
  'UNIMPLEMENTED',
  'INTERNAL',
  'UNAVAILABLE',
  'DATA_LOSS',
  'UNAUTHENTICATED',
];

const TASK_OPERATIONS: ReadonlySet<A2AOperation> = new Set([
  'get',
  'cancel',
  'resubscribe',
  'pushSet',
  'pushGet',
  'pushList',
  'pushDelete',
]);
const PUSH_OPERATIONS: ReadonlySet<A2AOperation> = new Set(['pushSet', 'pushGet', 'pushList', 'pushDelete']);

/**
 * The JSON-RPC code an A2A status without an ErrorInfo stands for, read with the operation that failed (spec
 * §5.4 maps several errors to one status, and 0.3 gRPC servers send no details at all): NOT_FOUND on a task
 * operation is TaskNotFound; FAILED_PRECONDITION is TaskNotCancelable on cancel, ExtendedCardNotConfigured on the
 * extended card and UnsupportedOperation elsewhere; UNIMPLEMENTED is PushNotificationNotSupported on push calls
 * (the 0.3 SDK's mapping) and UnsupportedOperation elsewhere. Undefined for statuses with no A2A meaning.
 */
export function rpcCodeForStatus(status: string, operation: A2AOperation): number | undefined {
  switch (status) {
    case 'NOT_FOUND':
      return TASK_OPERATIONS.has(operation) ? -32001 : undefined;
    case 'FAILED_PRECONDITION':
      if (operation === 'cancel') return -32002;
      if (operation === 'extendedCard') return -32007;
      return PUSH_OPERATIONS.has(operation) ? -32003 : -32004;
    case 'UNIMPLEMENTED':
      return PUSH_OPERATIONS.has(operation) ? -32003 : -32004;
    case 'INVALID_ARGUMENT':
      return -32602;
    case 'INTERNAL':
    case 'UNKNOWN':
    case 'DATA_LOSS':
      return -32603;
    default:
      return undefined;
  }
}
