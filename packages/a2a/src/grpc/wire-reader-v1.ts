import { BinaryReader } from '@bufbuild/protobuf/wire';
import type { JsonObject, Message, SendMessageResult, StreamEvent, Task } from '../model.js';
import { isFinalState } from '../model.js';
import { shapeError } from '../shape.js';
import { stateFromV1 } from '../wire-v1.js';

/*
 * A decoder of the 1.0 proto's hot messages (SendMessageResponse, StreamResponse, Task and what they hold)
 * straight from protobuf binary to the neutral model, for the gRPC binding. The generic protobuf-es decoder
 * (reflective, then ProtoJSON) costs several times the official SDK's generated one, enough to make a gRPC call
 * slower than the official client's; this one reads the wire format as generated code does. It gives what the
 * ProtoJSON readers give for the same bytes (a property test holds them equal), with two differences: a state
 * or role number the proto does not define is kept (as its decimal string) where ProtoJSON refuses it, and a
 * singular message field sent twice is replaced rather than merged. Field numbers are the spec's a2a.proto
 * (v1.0.1); unknown fields are skipped. Nesting (Struct inside Value inside ...) is limited to 100 levels.
 */

const WIRE_VARINT = 0;
const WIRE_64 = 1;
const WIRE_LEN = 2;
const MAX_DEPTH = 100;

type Reader = BinaryReader;

function end(r: Reader): number {
  const length = r.uint32();
  const stop = r.pos + length;
  if (stop > r.len) throw new RangeError('premature EOF');
  return stop;
}

function expect(wire: number, wanted: number, field: number): void {
  if (wire !== wanted) throw new Error(`field ${field}: wire type ${wire}, expected ${wanted}`);
}

function structAt(r: Reader, depth: number): JsonObject {
  if (depth > MAX_DEPTH) throw new Error('nesting too deep');
  const stop = end(r);
  const out: JsonObject = {};
  while (r.pos < stop) {
    const [field, wire] = r.tag();
    if (field !== 1) {
      r.skip(wire, field);
      continue;
    }
    expect(wire, WIRE_LEN, field);
    const entryEnd = end(r);
    let key = '';
    let value: unknown = null;
    while (r.pos < entryEnd) {
      const [f, w] = r.tag();
      if (f === 1 && w === WIRE_LEN) key = r.string();
      else if (f === 2 && w === WIRE_LEN) value = valueAt(r, depth + 1);
      else r.skip(w, f);
    }
    // A key named __proto__ must become an own property (as JSON.parse makes it), not the object's prototype.
    if (key === '__proto__')
      Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
    else out[key] = value;
  }
  return out;
}

function listAt(r: Reader, depth: number): unknown[] {
  if (depth > MAX_DEPTH) throw new Error('nesting too deep');
  const stop = end(r);
  const out: unknown[] = [];
  while (r.pos < stop) {
    const [field, wire] = r.tag();
    if (field === 1 && wire === WIRE_LEN) out.push(valueAt(r, depth + 1));
    else r.skip(wire, field);
  }
  return out;
}

/** A google.protobuf.Value as JSON; a Value with no kind set reads as null, as ProtoJSON writes none. */
function valueAt(r: Reader, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new Error('nesting too deep');
  const stop = end(r);
  let value: unknown = null;
  while (r.pos < stop) {
    const [field, wire] = r.tag();
    if (field === 1 && wire === WIRE_VARINT) {
      r.int32();
      value = null;
    } else if (field === 2 && wire === WIRE_64) {
      const n = r.double();
      if (!Number.isFinite(n)) throw new Error('a Value holds NaN or Infinity, which JSON cannot');
      value = n;
    } else if (field === 3 && wire === WIRE_LEN) value = r.string();
    else if (field === 4 && wire === WIRE_VARINT) value = r.bool();
    else if (field === 5 && wire === WIRE_LEN) value = structAt(r, depth + 1);
    else if (field === 6 && wire === WIRE_LEN) value = listAt(r, depth + 1);
    else r.skip(wire, field);
  }
  return value;
}

/** ProtoJSON's RFC 3339 form of a google.protobuf.Timestamp: 0, 3, 6 or 9 fractional digits. */
function timestampAt(r: Reader): string {
  const stop = end(r);
  let seconds = 0;
  let nanos = 0;
  while (r.pos < stop) {
    const [field, wire] = r.tag();
    if (field === 1 && wire === WIRE_VARINT) seconds = Number(r.int64());
    else if (field === 2 && wire === WIRE_VARINT) nanos = r.int32();
    else r.skip(wire, field);
  }
  if (!(seconds >= MIN_SECONDS && seconds <= MAX_SECONDS) || nanos < 0 || nanos > 999_999_999) {
    throw new Error('a Timestamp out of range');
  }
  let zone = 'Z';
  if (nanos > 0) {
    const digits = String(nanos + 1_000_000_000).slice(1);
    zone = digits.endsWith('000000')
      ? `.${digits.slice(0, 3)}Z`
      : digits.endsWith('000')
        ? `.${digits.slice(0, 6)}Z`
        : `.${digits}Z`;
  }
  return utcDateTime(seconds) + zone;
}

/** 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z, the Timestamp range, in seconds since the epoch. */
const MIN_SECONDS = -62_135_596_800;
const MAX_SECONDS = 253_402_300_799;

const two = (n: number): string => (n < 10 ? `0${n}` : String(n));

/**
 * `YYYY-MM-DDTHH:MM:SS` (UTC) of whole `seconds` since the epoch in the Timestamp range, with integer arithmetic
 * (the days-to-civil-date conversion of the proleptic Gregorian calendar): `Date#toISOString` costs about a
 * microsecond, a noticeable part of reading a small answer. A property test holds the two equal.
 */
export function utcDateTime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const secondOfDay = seconds - days * 86_400;
  // Days from 0000-03-01, so that leap days fall at the end of a year; eras of 400 years repeat exactly.
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hour = Math.floor(secondOfDay / 3600);
  const minute = Math.floor((secondOfDay - hour * 3600) / 60);
  const second = secondOfDay - hour * 3600 - minute * 60;
  return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}:${two(second)}`;
}

function partAt(r: Reader, path: string): JsonObject {
  const stop = end(r);
  let content: 'text' | 'raw' | 'url' | 'data' | undefined;
  let value: unknown;
  let metadata: JsonObject | undefined;
  let filename = '';
  let mediaType = '';
  while (r.pos < stop) {
    const [field, wire] = r.tag();
    if (field === 1 && wire === WIRE_LEN) [content, value] = ['text', r.string()];
    else if (field === 2 && wire === WIRE_LEN)
      [content, value] = ['raw', Buffer.from(r.bytes()).toString('base64')];
    else if (field === 3 && wire === WIRE_LEN) [content, value] = ['url', r.string()];
    else if (field === 4 && wire === WIRE_LEN) [content, value] = ['data', valueAt(r, 1)];
    else if (field === 5 && wire === WIRE_LEN) metadata = structAt(r, 1);
    else if (field === 6 && wire === WIRE_LEN) filename = r.string();
    else if (field === 7 && wire === WIRE_LEN) mediaType = r.string();
    else r.skip(wire, field);
  }
  let out: JsonObject;
  if (content === 'text' || content === 'data') {
    out = content === 'text' ? { kind: 'text', text: value } : { kind: 'data', data: value };
    if (mediaType !== '') out['mediaType'] = mediaType;
    if (filename !== '') out['filename'] = filename;
  } else if (content === 'raw' || content === 'url') {
    const file: JsonObject = content === 'raw' ? { bytes: value } : { uri: value };
    if (filename !== '') file['name'] = filename;
    if (mediaType !== '') file['mimeType'] = mediaType;
    out = { kind: 'file', file };
  } else {
    throw shapeError(path, "a part with 'text', 'raw', 'url' or 'data'", {});
  }
  if (metadata !== undefined) out['metadata'] = metadata;
  return out;
}

const ROLE_NAMES = ['', 'user', 'agent'];

function messageAt(r: Reader, path: string): Message {
  const stop = end(r);
  const out: JsonObject = { kind: 'message' };
  const parts: JsonObject[] = [];
  const extensions: string[] = [];
  const references: string[] = [];
  let role = 0;
  while (r.pos < stop) {
    const [field, wire] = r.tag();
    if (field === 1 && wire === WIRE_LEN) out['messageId'] = r.string();
    else if (field === 2 && wire === WIRE_LEN) out['contextId'] = r.string();
    else if (field === 3 && wire === WIRE_LEN) out['taskId'] = r.string();
    else if (field === 4 && wire === WIRE_VARINT) role = r.int32();
    else if (field === 5 && wire === WIRE_LEN) parts.push(partAt(r, `${path}.parts[${parts.length}]`));
    else if (field === 6 && wire === WIRE_LEN) out['metadata'] = structAt(r, 1);
    else if (field === 7 && wire === WIRE_LEN) extensions.push(r.string());
    else if (field === 8 && wire === WIRE_LEN) references.push(r.string());
    else r.skip(wire, field);
  }
  if (!out['messageId']) throw shapeError(`${path}.messageId`, 'a string', undefined);
  if (role === 0) throw shapeError(`${path}.role`, 'a Role name', undefined);
  out['role'] = ROLE_NAMES[role] ?? String(role);
  out['parts'] = parts;
  if (out['contextId'] === '') delete out['contextId'];
  if (out['taskId'] === '') delete out['taskId'];
  if (extensions.length > 0) out['extensions'] = extensions;
  if (references.length > 0) out['referenceTaskIds'] = references;
  return out as unknown as Message;
}

function statusAt(r: Reader, path: string): JsonObject {
  const stop = end(r);
  let state = 0;
  let message: Message | undefined;
  let timestamp: string | undefined;
  while (r.pos < stop) {
    const [field, wire] = r.tag();
    if (field === 1 && wire === WIRE_VARINT) state = r.int32();
    else if (field === 2 && wire === WIRE_LEN) message = messageAt(r, `${path}.message`);
    else if (field === 3 && wire === WIRE_LEN) timestamp = timestampAt(r);
    else r.skip(wire, field);
  }
  const out: JsonObject = { state: stateFromV1(state === 0 ? undefined : state, `${path}.state`) };
  if (message !== undefined) out['message'] = message;
  if (timestamp !== undefined) out['timestamp'] = timestamp;
  return out;
}

function artifactAt(r: Reader, path: string): JsonObject {
  const stop = end(r);
  const out: JsonObject = {};
  const parts: JsonObject[] = [];
  const extensions: string[] = [];
  while (r.pos < stop) {
    const [field, wire] = r.tag();
    if (field === 1 && wire === WIRE_LEN) out['artifactId'] = r.string();
    else if (field === 2 && wire === WIRE_LEN) out['name'] = r.string();
    else if (field === 3 && wire === WIRE_LEN) out['description'] = r.string();
    else if (field === 4 && wire === WIRE_LEN) parts.push(partAt(r, `${path}.parts[${parts.length}]`));
    else if (field === 5 && wire === WIRE_LEN) out['metadata'] = structAt(r, 1);
    else if (field === 6 && wire === WIRE_LEN) extensions.push(r.string());
    else r.skip(wire, field);
  }
  if (!out['artifactId']) throw shapeError(`${path}.artifactId`, 'a string', undefined);
  out['parts'] = parts;
  if (out['name'] === '') delete out['name'];
  if (out['description'] === '') delete out['description'];
  if (extensions.length > 0) out['extensions'] = extensions;
  return out;
}

function taskAt(r: Reader, path: string): Task {
  const stop = end(r);
  const out: JsonObject = { kind: 'task', contextId: '' };
  let status: JsonObject | undefined;
  const artifacts: JsonObject[] = [];
  const history: Message[] = [];
  while (r.pos < stop) {
    const [field, wire] = r.tag();
    if (field === 1 && wire === WIRE_LEN) out['id'] = r.string();
    else if (field === 2 && wire === WIRE_LEN) out['contextId'] = r.string();
    else if (field === 3 && wire === WIRE_LEN) status = statusAt(r, `${path}.status`);
    else if (field === 4 && wire === WIRE_LEN)
      artifacts.push(artifactAt(r, `${path}.artifacts[${artifacts.length}]`));
    else if (field === 5 && wire === WIRE_LEN)
      history.push(messageAt(r, `${path}.history[${history.length}]`));
    else if (field === 6 && wire === WIRE_LEN) out['metadata'] = structAt(r, 1);
    else r.skip(wire, field);
  }
  if (!out['id']) throw shapeError(`${path}.id`, 'a string', undefined);
  if (status === undefined) throw shapeError(`${path}.status`, 'an object', undefined);
  out['status'] = status;
  if (artifacts.length > 0) out['artifacts'] = artifacts;
  if (history.length > 0) out['history'] = history;
  return out as unknown as Task;
}

function statusUpdateAt(r: Reader, path: string): StreamEvent {
  const stop = end(r);
  const out: JsonObject = { kind: 'status-update' };
  let status: JsonObject | undefined;
  while (r.pos < stop) {
    const [field, wire] = r.tag();
    if (field === 1 && wire === WIRE_LEN) out['taskId'] = r.string();
    else if (field === 2 && wire === WIRE_LEN) out['contextId'] = r.string();
    else if (field === 3 && wire === WIRE_LEN) status = statusAt(r, `${path}.status`);
    else if (field === 4 && wire === WIRE_LEN) out['metadata'] = structAt(r, 1);
    else r.skip(wire, field);
  }
  if (!out['taskId']) throw shapeError(`${path}.taskId`, 'a string', undefined);
  if (status === undefined) throw shapeError(`${path}.status`, 'an object', undefined);
  out['status'] = status;
  out['final'] = isFinalState(String(status['state']));
  if (out['contextId'] === '') delete out['contextId'];
  return out as unknown as StreamEvent;
}

function artifactUpdateAt(r: Reader, path: string): StreamEvent {
  const stop = end(r);
  const out: JsonObject = { kind: 'artifact-update' };
  let artifact: JsonObject | undefined;
  while (r.pos < stop) {
    const [field, wire] = r.tag();
    if (field === 1 && wire === WIRE_LEN) out['taskId'] = r.string();
    else if (field === 2 && wire === WIRE_LEN) out['contextId'] = r.string();
    else if (field === 3 && wire === WIRE_LEN) artifact = artifactAt(r, `${path}.artifact`);
    else if (field === 4 && wire === WIRE_VARINT) out['append'] = r.bool();
    else if (field === 5 && wire === WIRE_VARINT) out['lastChunk'] = r.bool();
    else if (field === 6 && wire === WIRE_LEN) out['metadata'] = structAt(r, 1);
    else r.skip(wire, field);
  }
  if (!out['taskId']) throw shapeError(`${path}.taskId`, 'a string', undefined);
  if (artifact === undefined) throw shapeError(`${path}.artifact`, 'an object', undefined);
  out['artifact'] = artifact;
  if (out['contextId'] === '') delete out['contextId'];
  if (out['append'] !== true) delete out['append'];
  if (out['lastChunk'] !== true) delete out['lastChunk'];
  return out as unknown as StreamEvent;
}

/** Reads a whole message of `bytes` whose fields `read` handles (`field`, `wire`) or that is skipped. */
function whole<T>(
  bytes: Uint8Array,
  read: (r: Reader, field: number, wire: number) => T | undefined,
): T | undefined {
  const r = new BinaryReader(bytes);
  let result: T | undefined;
  while (r.pos < r.len) {
    const [field, wire] = r.tag();
    const value = read(r, field, wire);
    if (value === undefined) r.skip(wire, field);
    else result = value;
  }
  return result;
}

/** Decodes a 1.0 `Task` to the neutral task. Throws on bytes that are not one; typed errors for shape. */
export function readTaskV1(bytes: Uint8Array): Task {
  // A Task is read as the payload of a wrapper: re-use taskAt by framing the bytes as a length-delimited field.
  const r = new BinaryReader(framed(bytes));
  return taskAt(r, 'result');
}

/** Decodes a 1.0 `SendMessageResponse` to the neutral result. */
export function readSendResultV1(bytes: Uint8Array): SendMessageResult {
  const result = whole<SendMessageResult>(bytes, (r, field, wire) => {
    if (field === 1 && wire === WIRE_LEN) return { task: taskAt(r, 'result.task') };
    if (field === 2 && wire === WIRE_LEN) return { message: messageAt(r, 'result.message') };
    return undefined;
  });
  if (result === undefined) throw shapeError('result', "an object with 'task' or 'message'", {});
  return result;
}

/** Decodes a 1.0 `StreamResponse` to a neutral stream event (`final` derived from the state). */
export function readStreamEventV1(bytes: Uint8Array): StreamEvent {
  const event = whole<StreamEvent>(bytes, (r, field, wire) => {
    if (wire !== WIRE_LEN) return undefined;
    if (field === 1) return taskAt(r, 'result.task');
    if (field === 2) return messageAt(r, 'result.message');
    if (field === 3) return statusUpdateAt(r, 'result.statusUpdate');
    if (field === 4) return artifactUpdateAt(r, 'result.artifactUpdate');
    return undefined;
  });
  if (event === undefined) {
    throw shapeError('result', "one of 'task', 'message', 'statusUpdate', 'artifactUpdate'", {});
  }
  return event;
}

/** `bytes` as the body of one length-delimited field, so a top-level message reads like a nested one. */
function framed(bytes: Uint8Array): Uint8Array {
  const prefix: number[] = [];
  let n = bytes.length;
  while (n > 0x7f) {
    prefix.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  prefix.push(n);
  const out = new Uint8Array(prefix.length + bytes.length);
  out.set(prefix, 0);
  out.set(bytes, prefix.length);
  return out;
}
