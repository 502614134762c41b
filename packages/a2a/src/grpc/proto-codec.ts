import { type DescMessage, fromBinary, fromJson, type JsonValue, toBinary, toJson } from '@bufbuild/protobuf';
import { EmptySchema } from '@bufbuild/protobuf/wkt';
import type { A2ADialect, A2AOperation } from '../dialect.js';
import type { ErrorInfo } from '../errors.js';
import * as v03 from './generated/a2a/v0_3/a2a_pb.js';
import * as v1 from './generated/a2a/v1/a2a_pb.js';
import { ErrorInfoSchema } from './generated/google/rpc/error_details_pb.js';
import { StatusSchema } from './generated/google/rpc/status_pb.js';

/*
 * The gRPC binding encodes requests from, and decodes answers to, ProtoJSON (the canonical JSON mapping of the
 * proto, which the HTTP+JSON binding carries), so one set of validating readers serves both bindings. The
 * code generated from the spec's .proto files (protobuf-es) does the mapping; it passes the protobuf
 * conformance suite, well-known types (Struct, Value, Timestamp) included.
 */

/** One gRPC method: its path and its request and response messages. */
export interface GrpcMethod {
  /** `/package.Service/Method`. */
  path: string;
  /** Request message. */
  request: DescMessage;
  /** Response message. */
  response: DescMessage;
}

const method = (service: string, name: string, request: DescMessage, response: DescMessage): GrpcMethod => ({
  path: `/${service}/${name}`,
  request,
  response,
});

const V1 = 'lf.a2a.v1.A2AService';
const V03 = 'a2a.v1.A2AService';

/** The gRPC method of each operation, per dialect (1.0 `lf.a2a.v1`, 0.3 `a2a.v1`). */
export const GRPC_METHODS: Record<A2ADialect, Record<A2AOperation, GrpcMethod>> = {
  '1.0': {
    send: method(V1, 'SendMessage', v1.SendMessageRequestSchema, v1.SendMessageResponseSchema),
    stream: method(V1, 'SendStreamingMessage', v1.SendMessageRequestSchema, v1.StreamResponseSchema),
    get: method(V1, 'GetTask', v1.GetTaskRequestSchema, v1.TaskSchema),
    cancel: method(V1, 'CancelTask', v1.CancelTaskRequestSchema, v1.TaskSchema),
    resubscribe: method(V1, 'SubscribeToTask', v1.SubscribeToTaskRequestSchema, v1.StreamResponseSchema),
    pushSet: method(
      V1,
      'CreateTaskPushNotificationConfig',
      v1.TaskPushNotificationConfigSchema,
      v1.TaskPushNotificationConfigSchema,
    ),
    pushGet: method(
      V1,
      'GetTaskPushNotificationConfig',
      v1.GetTaskPushNotificationConfigRequestSchema,
      v1.TaskPushNotificationConfigSchema,
    ),
    pushList: method(
      V1,
      'ListTaskPushNotificationConfigs',
      v1.ListTaskPushNotificationConfigsRequestSchema,
      v1.ListTaskPushNotificationConfigsResponseSchema,
    ),
    pushDelete: method(
      V1,
      'DeleteTaskPushNotificationConfig',
      v1.DeleteTaskPushNotificationConfigRequestSchema,
      EmptySchema,
    ),
    extendedCard: method(
      V1,
      'GetExtendedAgentCard',
      v1.GetExtendedAgentCardRequestSchema,
      v1.AgentCardSchema,
    ),
  },
  '0.3': {
    send: method(V03, 'SendMessage', v03.SendMessageRequestSchema, v03.SendMessageResponseSchema),
    stream: method(V03, 'SendStreamingMessage', v03.SendMessageRequestSchema, v03.StreamResponseSchema),
    get: method(V03, 'GetTask', v03.GetTaskRequestSchema, v03.TaskSchema),
    cancel: method(V03, 'CancelTask', v03.CancelTaskRequestSchema, v03.TaskSchema),
    resubscribe: method(V03, 'TaskSubscription', v03.TaskSubscriptionRequestSchema, v03.StreamResponseSchema),
    pushSet: method(
      V03,
      'CreateTaskPushNotificationConfig',
      v03.CreateTaskPushNotificationConfigRequestSchema,
      v03.TaskPushNotificationConfigSchema,
    ),
    pushGet: method(
      V03,
      'GetTaskPushNotificationConfig',
      v03.GetTaskPushNotificationConfigRequestSchema,
      v03.TaskPushNotificationConfigSchema,
    ),
    pushList: method(
      V03,
      'ListTaskPushNotificationConfig',
      v03.ListTaskPushNotificationConfigRequestSchema,
      v03.ListTaskPushNotificationConfigResponseSchema,
    ),
    pushDelete: method(
      V03,
      'DeleteTaskPushNotificationConfig',
      v03.DeleteTaskPushNotificationConfigRequestSchema,
      EmptySchema,
    ),
    extendedCard: method(V03, 'GetAgentCard', v03.GetAgentCardRequestSchema, v03.AgentCardSchema),
  },
};

/**
 * Encodes a request given in ProtoJSON. Fields the proto does not have are dropped (they come from newer
 * peers' objects kept in the neutral model). Throws `TypeError` for a value the proto cannot carry.
 */
export function encodeRequest(schema: DescMessage, json: unknown): Buffer {
  try {
    const message = fromJson(schema, json as JsonValue, { ignoreUnknownFields: true });
    return Buffer.from(toBinary(schema, message));
  } catch (cause) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    throw new TypeError(`cannot encode ${schema.typeName} for gRPC: ${detail}`, { cause });
  }
}

/**
 * Decodes an answer to ProtoJSON. Throws (any error: a truncated or malformed message, nesting too deep for
 * the stack) on bytes that are not a valid `schema`; the caller turns that into a typed error.
 */
export function decodeResponse(schema: DescMessage, bytes: Uint8Array): unknown {
  return toJson(schema, fromBinary(schema, bytes));
}

const ERROR_INFO_TYPE = 'type.googleapis.com/google.rpc.ErrorInfo';

/**
 * The `google.rpc.ErrorInfo` entries of a `grpc-status-details-bin` trailer (a serialized `google.rpc.Status`),
 * as plain objects. A trailer that does not decode gives none: the status code still tells the error.
 */
export function errorInfosInStatusDetails(bytes: Uint8Array): ErrorInfo[] {
  try {
    const status = fromBinary(StatusSchema, bytes);
    const out: ErrorInfo[] = [];
    for (const detail of status.details) {
      if (detail.typeUrl !== ERROR_INFO_TYPE) continue;
      const info = fromBinary(ErrorInfoSchema, detail.value);
      out.push({
        '@type': ERROR_INFO_TYPE,
        reason: info.reason,
        domain: info.domain,
        metadata: { ...info.metadata },
      });
    }
    return out;
  } catch {
    return [];
  }
}
