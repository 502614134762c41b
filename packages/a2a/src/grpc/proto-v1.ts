import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import type { JsonObject, Message, MessageSendConfiguration, Part } from '../model.js';

/*
 * The request side of the 1.0 gRPC hot path: a neutral message is written straight to protobuf binary (field
 * numbers of the spec's a2a.proto v1.0.1), with no ProtoJSON step and no reflective encoder (the answers are read
 * by wire-reader-v1.ts). A property test holds the bytes equivalent to the ProtoJSON path's. Like the ProtoJSON
 * path, values JSON cannot carry (NaN, bigint, functions) are refused with TypeError; undefined object members
 * are left out and undefined array items become null, as JSON.stringify does.
 */

const LEN = WireType.LengthDelimited;
const VARINT = WireType.Varint;

function writeString(w: BinaryWriter, field: number, value: string | undefined): void {
  if (value !== undefined && value !== '') w.tag(field, LEN).string(value);
}

function writeValue(w: BinaryWriter, value: unknown, path: string, depth: number): void {
  if (depth > 100) throw new TypeError(`${path}: nested too deep for a google.protobuf.Value`);
  if (value === null || value === undefined) w.tag(1, VARINT).int32(0);
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`${path}: ${value} cannot be sent (not a JSON number)`);
    w.tag(2, WireType.Bit64).double(value);
  } else if (typeof value === 'string') w.tag(3, LEN).string(value);
  else if (typeof value === 'boolean') w.tag(4, VARINT).bool(value);
  else if (Array.isArray(value)) {
    w.tag(6, LEN).fork();
    for (const [i, item] of value.entries()) {
      w.tag(1, LEN).fork();
      writeValue(w, item, `${path}[${i}]`, depth + 1);
      w.join();
    }
    w.join();
  } else if (typeof value === 'object') {
    w.tag(5, LEN).fork();
    writeStructFields(w, value as JsonObject, path, depth + 1);
    w.join();
  } else throw new TypeError(`${path}: a ${typeof value} cannot be sent (not JSON)`);
}

function writeStructFields(w: BinaryWriter, object: JsonObject, path: string, depth: number): void {
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (value === undefined) continue;
    w.tag(1, LEN).fork();
    w.tag(1, LEN).string(key);
    w.tag(2, LEN).fork();
    writeValue(w, value, `${path}.${key}`, depth + 1);
    w.join();
    w.join();
  }
}

function writeStruct(w: BinaryWriter, field: number, object: JsonObject | undefined, path: string): void {
  if (object === undefined) return;
  if (typeof object !== 'object' || object === null || Array.isArray(object)) {
    throw new TypeError(`${path}: metadata must be a JSON object`);
  }
  w.tag(field, LEN).fork();
  writeStructFields(w, object, path, 1);
  w.join();
}

function writePart(w: BinaryWriter, part: Part, path: string): void {
  w.tag(5, LEN).fork();
  let filename: string | undefined;
  let mediaType: string | undefined;
  if (part.kind === 'text') {
    w.tag(1, LEN).string(part.text);
    ({ filename, mediaType } = part);
  } else if (part.kind === 'data') {
    w.tag(4, LEN).fork();
    writeValue(w, part.data, `${path}.data`, 1);
    w.join();
    ({ filename, mediaType } = part);
  } else if (part.kind === 'file') {
    if (part.file.bytes !== undefined) w.tag(2, LEN).bytes(Buffer.from(part.file.bytes, 'base64'));
    else w.tag(3, LEN).string(part.file.uri ?? '');
    filename = part.file.name;
    mediaType = part.file.mimeType;
  } else
    throw new TypeError(`${path}: unknown part kind ${JSON.stringify((part as { kind?: unknown }).kind)}`);
  writeStruct(w, 5, part.metadata, `${path}.metadata`);
  writeString(w, 6, filename);
  writeString(w, 7, mediaType);
  w.join();
}

function roleNumber(role: string): number {
  if (role === 'user') return 1;
  if (role === 'agent') return 2;
  throw new TypeError(`cannot send role ${JSON.stringify(role)} over gRPC`);
}

function writeConfiguration(w: BinaryWriter, c: MessageSendConfiguration): void {
  w.tag(3, LEN).fork();
  for (const mode of c.acceptedOutputModes ?? []) w.tag(1, LEN).string(mode);
  const push = c.pushNotificationConfig;
  if (push) {
    w.tag(2, LEN).fork();
    writeString(w, 2, push.id);
    writeString(w, 4, push.url);
    writeString(w, 5, push.token);
    if (push.authentication) {
      w.tag(6, LEN).fork();
      writeString(w, 1, push.authentication.schemes[0]);
      writeString(w, 2, push.authentication.credentials);
      w.join();
    }
    w.join();
  }
  if (c.historyLength !== undefined) w.tag(3, VARINT).int32(c.historyLength);
  if (c.blocking === false) w.tag(4, VARINT).bool(true);
  w.join();
}

/** Encodes a 1.0 `SendMessageRequest` from the neutral message. Throws `TypeError` for what the proto cannot carry. */
export function encodeSendRequestV1(options: {
  message: Message;
  configuration?: MessageSendConfiguration | undefined;
  metadata?: JsonObject | undefined;
  tenant?: string | undefined;
}): Buffer {
  const m = options.message;
  const w = new BinaryWriter();
  writeString(w, 1, options.tenant);
  w.tag(2, LEN).fork();
  writeString(w, 1, m.messageId);
  writeString(w, 2, m.contextId);
  writeString(w, 3, m.taskId);
  w.tag(4, VARINT).int32(roleNumber(m.role));
  for (const [i, part] of m.parts.entries()) writePart(w, part, `message.parts[${i}]`);
  writeStruct(w, 6, m.metadata, 'message.metadata');
  for (const e of m.extensions ?? []) w.tag(7, LEN).string(e);
  for (const id of m.referenceTaskIds ?? []) w.tag(8, LEN).string(id);
  w.join();
  if (options.configuration) writeConfiguration(w, options.configuration);
  writeStruct(w, 4, options.metadata, 'metadata');
  const bytes = w.finish();
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
