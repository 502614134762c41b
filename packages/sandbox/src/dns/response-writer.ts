import type { WireRecord } from './zone-table.js';

/** Everything a response carries. */
export interface ResponseParts {
  /** The query's ID. */
  id: number;
  /** The query's flags word: its opcode, RD and CD bits are copied. */
  queryFlags: number;
  /** Response code, 0-4095 (above 15 needs `edns`: the high bits go into the OPT record). */
  rcode: number;
  /** Sets AA: the server is authoritative for the name. */
  authoritative: boolean;
  /** The question as received, echoed; omitted for FORMERR and NOTIMP. */
  question?: Uint8Array;
  /** Answer records, all owned by the question name (written as a pointer to it). */
  answers: readonly WireRecord[];
  /** The SOA for the authority section, owned by the zone apex. */
  authority?: { record: WireRecord; ownerOffset: number };
  /** Adds an OPT record advertising this UDP payload size (when the query had one, RFC 6891 §7). */
  ednsUdpPayloadSize?: number;
}

const HEADER_BYTES = 12;
const OPT_BYTES = 11;
const QUESTION_POINTER = 0xc000 | HEADER_BYTES;
const CLASS_IN = 1;
const FLAG = { QR: 0x8000, AA: 0x0400, TC: 0x0200, RD: 0x0100, CD: 0x0010 } as const;
const OPCODE_MASK = 0x7800;

function recordBytes(record: WireRecord): number {
  return 2 + 10 + record.rdata.length;
}

function writeRecord(out: Buffer, at: number, owner: number, record: WireRecord): number {
  out.writeUInt16BE(owner, at);
  out.writeUInt16BE(record.type, at + 2);
  out.writeUInt16BE(CLASS_IN, at + 4);
  out.writeUInt32BE(record.ttl, at + 6);
  out.writeUInt16BE(record.rdata.length, at + 10);
  record.rdata.copy(out, at + 12);
  return at + 12 + record.rdata.length;
}

/**
 * Writes a response of at most `limit` bytes. When the whole answer does not fit, it is sent with the TC bit
 * set and empty answer and authority sections (RFC 2181 §9: a client that sees TC asks again over TCP), so the
 * response is never larger than the limit the transport allows.
 */
export function writeResponse(parts: ResponseParts, limit: number): { bytes: Buffer; truncated: boolean } {
  const question = parts.question ?? new Uint8Array(0);
  const opt = parts.ednsUdpPayloadSize !== undefined;
  const fixed = HEADER_BYTES + question.length + (opt ? OPT_BYTES : 0);
  const records =
    parts.answers.reduce((sum, record) => sum + recordBytes(record), 0) +
    (parts.authority === undefined ? 0 : recordBytes(parts.authority.record));
  const truncated = fixed + records > limit;
  const answers = truncated ? [] : parts.answers;
  const authority = truncated ? undefined : parts.authority;
  const out = Buffer.alloc(truncated ? fixed : fixed + records);
  out.writeUInt16BE(parts.id, 0);
  let flags = FLAG.QR | (parts.queryFlags & (OPCODE_MASK | FLAG.RD | FLAG.CD)) | (parts.rcode & 0xf);
  if (parts.authoritative) flags |= FLAG.AA;
  if (truncated) flags |= FLAG.TC;
  out.writeUInt16BE(flags, 2);
  out.writeUInt16BE(question.length > 0 ? 1 : 0, 4);
  out.writeUInt16BE(answers.length, 6);
  out.writeUInt16BE(authority === undefined ? 0 : 1, 8);
  out.writeUInt16BE(opt ? 1 : 0, 10);
  out.set(question, HEADER_BYTES);
  let at = HEADER_BYTES + question.length;
  for (const record of answers) at = writeRecord(out, at, QUESTION_POINTER, record);
  if (authority !== undefined) at = writeRecord(out, at, 0xc000 | authority.ownerOffset, authority.record);
  if (opt) {
    // Root owner, type OPT, the payload size in the class field, extended RCODE and version in the TTL field.
    out.writeUInt8(0, at);
    out.writeUInt16BE(41, at + 1);
    out.writeUInt16BE(parts.ednsUdpPayloadSize ?? 512, at + 3);
    out.writeUInt8(parts.rcode >> 4, at + 5);
  }
  return { bytes: out, truncated };
}
