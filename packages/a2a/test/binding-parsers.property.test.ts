import { create, toBinary } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StreamResponseSchema as V03StreamResponseSchema } from '../src/grpc/generated/a2a/v0_3/a2a_pb.js';
import {
  SendMessageRequestSchema,
  SendMessageResponseSchema,
  StreamResponseSchema,
  TaskSchema,
} from '../src/grpc/generated/a2a/v1/a2a_pb.js';
import { ErrorInfoSchema } from '../src/grpc/generated/google/rpc/error_details_pb.js';
import { StatusSchema } from '../src/grpc/generated/google/rpc/status_pb.js';
import { decodeResponse, encodeRequest, errorInfosInStatusDetails } from '../src/grpc/proto-codec.js';
import { encodeSendRequestV1 } from '../src/grpc/proto-v1.js';
import { readSendResultV1, readStreamEventV1, readTaskV1, utcDateTime } from '../src/grpc/wire-reader-v1.js';
import {
  isA2ARpcError,
  isInvalidAgentResponseError,
  messageFromV1,
  messageToV1,
  restErrorFromBody,
  sendResultFromV1,
  streamEventFromV1,
  streamEventFromV03Proto,
  type Task,
  taskFromV1,
  taskToV1,
} from '../src/index.js';

const site = {
  operation: 'get' as const,
  method: 'GET /tasks/x',
  url: 'https://a.example/tasks/x',
  httpStatus: 400,
};

const REASONS: Array<[string, string]> = [
  ['TASK_NOT_FOUND', 'TaskNotFoundError'],
  ['TASK_NOT_CANCELABLE', 'TaskNotCancelableError'],
  ['PUSH_NOTIFICATION_NOT_SUPPORTED', 'PushNotificationNotSupportedError'],
  ['UNSUPPORTED_OPERATION', 'UnsupportedOperationError'],
  ['CONTENT_TYPE_NOT_SUPPORTED', 'ContentTypeNotSupportedError'],
  ['INVALID_AGENT_RESPONSE', 'InvalidAgentResponseError'],
  ['EXTENDED_AGENT_CARD_NOT_CONFIGURED', 'ExtendedCardNotConfiguredError'],
  ['EXTENSION_SUPPORT_REQUIRED', 'ExtensionSupportRequiredError'],
  ['VERSION_NOT_SUPPORTED', 'VersionNotSupportedError'],
  ['INVALID_PARAMS', 'A2AInvalidParamsError'],
];

describe('REST error bodies (property)', () => {
  it('never throws on any text, and gives an A2A error or nothing', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.json(),
          fc.jsonValue().map((v) => JSON.stringify({ error: v })),
        ),
        (text) => {
          const error = restErrorFromBody(text, site);
          expect(error === undefined || isA2ARpcError(error)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('types every 1.0 google.rpc.Status by its ErrorInfo reason, whatever else the body holds', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...REASONS),
        fc.string(),
        fc.array(fc.jsonValue(), { maxLength: 3 }),
        fc.constantFrom('NOT_FOUND', 'FAILED_PRECONDITION', 'INVALID_ARGUMENT', 'UNKNOWN', 'x'),
        ([reason, name], message, noise, status) => {
          const body = {
            error: {
              code: 400,
              status,
              message,
              details: [
                ...noise,
                { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: 'a2a-protocol.org' },
              ],
            },
          };
          const error = restErrorFromBody(JSON.stringify(body), site);
          expect(error?.name).toBe(name);
          expect(error?.binding).toBe('HTTP+JSON');
          expect(error?.errorInfo.some((i) => i.reason === reason)).toBe(true);
        },
      ),
    );
  });

  it('reads 0.3 error objects only in the JSON-RPC code range', () => {
    fc.assert(
      fc.property(fc.integer({ min: -40000, max: 1000 }), fc.string(), (code, message) => {
        const error = restErrorFromBody(JSON.stringify({ code, message }), site);
        if (code >= -32768 && code <= -32000) expect(error?.rpcCode).toBe(code);
        else expect(error).toBeUndefined();
      }),
    );
  });

  it('costs time linear in the body: a 1 MB body with 50k details parses in one pass', () => {
    const details = Array.from({ length: 50_000 }, (_, i) => ({ '@type': 'x', reason: `R${i}` }));
    details.push({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'TASK_NOT_FOUND' });
    const error = restErrorFromBody(
      JSON.stringify({ error: { status: 'NOT_FOUND', message: 'm', details } }),
      site,
    );
    expect(error?.name).toBe('TaskNotFoundError');
  });
});

/** Neutral tasks the 1.0 proto can carry losslessly (ProtoJSON drops empty strings and empty lists). */
const neutralTask: fc.Arbitrary<Task> = fc.record({
  kind: fc.constant('task' as const),
  id: fc.string({ minLength: 1 }),
  contextId: fc.string({ minLength: 1 }),
  status: fc.record({
    state: fc.constantFrom(
      'submitted',
      'working',
      'completed',
      'failed',
      'canceled',
      'input-required',
      'rejected',
    ),
  }),
  artifacts: fc.array(
    fc.record({
      artifactId: fc.string({ minLength: 1 }),
      parts: fc.array(
        fc.oneof(
          fc.record({ kind: fc.constant('text' as const), text: fc.string({ minLength: 1 }) }),
          fc.record({
            kind: fc.constant('data' as const),
            data: fc.dictionary(
              fc.string({ minLength: 1 }),
              fc.oneof(fc.string(), fc.boolean(), fc.integer()),
            ),
          }),
        ),
        { minLength: 1, maxLength: 3 },
      ),
    }),
    { minLength: 1, maxLength: 3 },
  ),
});

describe('gRPC messages (property)', () => {
  it('a neutral task survives neutral → ProtoJSON → protobuf binary → ProtoJSON → neutral', () => {
    fc.assert(
      fc.property(neutralTask, (task) => {
        const bytes = encodeRequest(TaskSchema, taskToV1(task));
        expect(taskFromV1(decodeResponse(TaskSchema, bytes))).toEqual(task);
      }),
      { numRuns: 200 },
    );
  });

  it('the direct 1.0 path reads and writes what the ProtoJSON path does', () => {
    const richTask = neutralTask.chain((task) =>
      fc
        .record({
          metadata: fc.option(fc.dictionary(fc.string({ minLength: 1 }), fc.string()), { nil: undefined }),
          // The whole Timestamp range, 0001-01-01 to 9999-12-31, in ms.
          timestamp: fc.option(fc.integer({ min: -62_135_596_800_000, max: 253_402_300_799_999 }), {
            nil: undefined,
          }),
        })
        .map(({ metadata, timestamp }) => ({
          ...task,
          ...(metadata ? { metadata } : {}),
          status: {
            ...task.status,
            ...(timestamp !== undefined ? { timestamp: new Date(timestamp).toISOString() } : {}),
          },
        })),
    );
    fc.assert(
      fc.property(richTask, (task) => {
        const bytes = encodeRequest(TaskSchema, taskToV1(task));
        expect(readTaskV1(bytes)).toEqual(taskFromV1(decodeResponse(TaskSchema, bytes)));
        const event = encodeRequest(StreamResponseSchema, { task: taskToV1(task) });
        expect(readStreamEventV1(event)).toEqual(
          streamEventFromV1(decodeResponse(StreamResponseSchema, event)),
        );
        const sent = encodeRequest(SendMessageResponseSchema, { task: taskToV1(task) });
        expect(readSendResultV1(sent)).toEqual(
          sendResultFromV1(decodeResponse(SendMessageResponseSchema, sent)),
        );
        const update = encodeRequest(StreamResponseSchema, {
          statusUpdate: {
            taskId: task.id,
            contextId: task.contextId,
            status: taskToV1(task)['status'],
            ...(task.metadata ? { metadata: task.metadata } : {}),
          },
        });
        expect(readStreamEventV1(update)).toEqual(
          streamEventFromV1(decodeResponse(StreamResponseSchema, update)),
        );
        const [artifact] = (taskToV1(task)['artifacts'] as unknown[] | undefined) ?? [];
        if (artifact) {
          const chunk = encodeRequest(StreamResponseSchema, {
            artifactUpdate: { taskId: task.id, artifact, lastChunk: true },
          });
          expect(readStreamEventV1(chunk)).toEqual(
            streamEventFromV1(decodeResponse(StreamResponseSchema, chunk)),
          );
        }
        const message = {
          kind: 'message' as const,
          role: 'user',
          messageId: task.id,
          parts: task.artifacts?.[0]?.parts ?? [],
        };
        const direct = encodeSendRequestV1({ message, tenant: 't' });
        const viaJson = encodeRequest(SendMessageRequestSchema, {
          tenant: 't',
          message: messageToV1(message),
        });
        const read = (b: Uint8Array) =>
          messageFromV1((decodeResponse(SendMessageRequestSchema, b) as { message: unknown }).message);
        expect(read(direct)).toEqual(read(viaJson));
      }),
      { numRuns: 200 },
    );
  });

  it('timestamps are written as Date#toISOString writes them, over the whole Timestamp range', () => {
    const MIN = -62_135_596_800; // 0001-01-01T00:00:00Z
    const MAX = 253_402_300_799; // 9999-12-31T23:59:59Z
    const check = (seconds: number) => {
      expect(utcDateTime(seconds)).toBe(new Date(seconds * 1000).toISOString().slice(0, 19));
    };
    for (const edge of [MIN, MAX, -1, 0, 1, 951_782_400, 951_868_800, 4_107_542_400, -2_208_988_800])
      check(edge);
    fc.assert(fc.property(fc.integer({ min: MIN, max: MAX }), check), { numRuns: 2000 });
  });

  it('arbitrary bytes either decode to a valid stream event or fail with a typed error, never anything else', () => {
    const read = (
      schema: typeof StreamResponseSchema | typeof V03StreamResponseSchema,
      bytes: Uint8Array,
    ) => {
      let json: unknown;
      try {
        json = decodeResponse(schema, bytes);
      } catch {
        return 'undecodable';
      }
      try {
        schema === StreamResponseSchema ? streamEventFromV1(json) : streamEventFromV03Proto(json);
        return 'event';
      } catch (error) {
        expect(isInvalidAgentResponseError(error)).toBe(true);
        return 'refused';
      }
    };
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 256 }), (bytes) => {
        expect(['undecodable', 'event', 'refused']).toContain(read(StreamResponseSchema, bytes));
        expect(['undecodable', 'event', 'refused']).toContain(read(V03StreamResponseSchema, bytes));
      }),
      { numRuns: 1000 },
    );
  });

  it('a hostile message nested 50k levels deep fails to decode instead of crashing', () => {
    expect(() =>
      decodeResponse(StreamResponseSchema, wrapAsTaskMetadataValue(nestedLists(50_000))),
    ).toThrow();
  });

  it('reads ErrorInfo out of any grpc-status-details-bin, and nothing out of garbage', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.uint8Array({ maxLength: 64 }), (reason, domain, garbage) => {
        const info = toBinary(ErrorInfoSchema, create(ErrorInfoSchema, { reason, domain }));
        const status = toBinary(
          StatusSchema,
          create(StatusSchema, {
            code: 5,
            details: [{ typeUrl: 'type.googleapis.com/google.rpc.ErrorInfo', value: info }],
          }),
        );
        expect(errorInfosInStatusDetails(status)).toMatchObject([{ reason, domain }]);
        expect(Array.isArray(errorInfosInStatusDetails(garbage))).toBe(true);
      }),
    );
  });
});

function varint(n: number): number[] {
  const out: number[] = [];
  let v = n;
  while (v > 0x7f) {
    out.push((v & 0x7f) | 0x80);
    v >>>= 7;
  }
  out.push(v);
  return out;
}

/**
 * A google.protobuf.Value holding a ListValue holding a Value ... `depth` times (a few bytes a level), built
 * outside in from precomputed lengths so it costs linear time.
 */
function nestedLists(depth: number): Uint8Array {
  const valueLength = [0];
  for (let i = 1; i <= depth; i++) {
    const inner = valueLength[i - 1] ?? 0;
    const list = 1 + varint(inner).length + inner;
    valueLength.push(1 + varint(list).length + list);
  }
  const out: number[] = [];
  for (let i = depth; i >= 1; i--) {
    const inner = valueLength[i - 1] ?? 0;
    const list = 1 + varint(inner).length + inner;
    out.push(0x32, ...varint(list), 0x0a, ...varint(inner)); // Value.list_value = 6; ListValue.values = 1
  }
  return new Uint8Array(out);
}

/** StreamResponse{task: Task{metadata: Struct{fields: {"k": <value>}}}} around an encoded Value. */
function wrapAsTaskMetadataValue(value: Uint8Array): Uint8Array {
  const entry = new Uint8Array([0x0a, 1, 0x6b, 0x12, ...varint(value.length), ...value]); // key "k", value
  const struct = new Uint8Array([0x0a, ...varint(entry.length), ...entry]); // Struct.fields = 1
  const task = new Uint8Array([0x0a, 1, 0x74, 0x32, ...varint(struct.length), ...struct]); // id "t", metadata = 6
  return new Uint8Array([0x0a, ...varint(task.length), ...task]); // StreamResponse.task = 1
}
