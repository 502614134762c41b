import { nameKey } from './dns-names.js';

/** The EDNS(0) OPT record of a query (RFC 6891). */
export interface QueryEdns {
  /** The requestor's UDP payload size (values below 512 count as 512). */
  udpPayloadSize: number;
  /** EDNS version (only 0 exists). */
  version: number;
}

/** The one question of a query. */
export interface ParsedQuestion {
  /** Lookup key of the name (lower case, see `nameKey`). */
  key: string;
  /** Number of labels of the name. */
  labelCount: number;
  /** Offset in the message of each label's length byte, for compression pointers into the question. */
  labelOffsets: number[];
  /** QTYPE code. */
  type: number;
  /** QCLASS code. */
  qclass: number;
  /** The question exactly as received (name, type, class), echoed in the response with the client's case. */
  wire: Uint8Array;
}

/** Response codes the parser itself can decide on. */
export type ParseRcode = 'FORMERR' | 'NOTIMP' | 'BADVERS';

/** What a datagram or TCP message turned out to be. */
export type ParsedQuery =
  /** Not answerable: shorter than a header (no ID to answer to) or a response (answering could loop). */
  | { kind: 'ignore'; reason: string }
  /** A query the server answers with an error code and no question. */
  | { kind: 'reject'; id: number; flags: number; rcode: ParseRcode; reason: string; edns?: QueryEdns }
  /** A standard query with one question. */
  | { kind: 'query'; id: number; flags: number; question: ParsedQuestion; edns?: QueryEdns };

const HEADER_BYTES = 12;
const QR = 0x8000;
const TYPE_OPT = 41;

class Malformed extends Error {}

/** A cursor over the message that throws `Malformed` instead of reading past the end. */
class Reader {
  offset = HEADER_BYTES;
  constructor(private readonly bytes: Uint8Array) {}

  need(count: number, what: string): void {
    if (this.offset + count > this.bytes.length) throw new Malformed(`the message ends inside ${what}`);
  }

  u8(what: string): number {
    this.need(1, what);
    return this.bytes[this.offset++] as number;
  }

  u16(what: string): number {
    this.need(2, what);
    const value = ((this.bytes[this.offset] as number) << 8) | (this.bytes[this.offset + 1] as number);
    this.offset += 2;
    return value;
  }

  u32(what: string): number {
    return this.u16(what) * 0x10000 + this.u16(what);
  }

  skip(count: number, what: string): void {
    this.need(count, what);
    this.offset += count;
  }

  slice(start: number, end: number): Uint8Array {
    return this.bytes.subarray(start, end);
  }
}

/** Reads the question name: plain labels only (a pointer cannot point anywhere useful from offset 12). */
function readQuestionName(reader: Reader): { labels: Uint8Array[]; offsets: number[] } {
  const labels: Uint8Array[] = [];
  const offsets: number[] = [];
  let wireLength = 1;
  for (;;) {
    const at = reader.offset;
    const length = reader.u8('the question name');
    if (length === 0) return { labels, offsets };
    if (length > 63)
      throw new Malformed('the question name uses a compression pointer or an unknown label type');
    wireLength += 1 + length;
    if (wireLength > 255) throw new Malformed('the question name is longer than 255 bytes');
    reader.skip(length, 'the question name');
    labels.push(reader.slice(at + 1, at + 1 + length));
    offsets.push(at);
  }
}

/** Skips a record's owner name; returns true when it is the root name (a single zero byte). */
function skipName(reader: Reader): boolean {
  for (let first = true; ; first = false) {
    const length = reader.u8('a record name');
    if (length === 0) return first;
    if ((length & 0xc0) === 0xc0) {
      // A pointer ends the name; where it points does not matter for skipping.
      reader.skip(1, 'a compression pointer');
      return false;
    }
    if (length > 63) throw new Malformed('a record name uses an unknown label type');
    reader.skip(length, 'a record name');
  }
}

/**
 * Parses a DNS query as a server sees it, in one pass over the bytes (each step consumes at least one byte, so
 * the cost is linear in the size and never follows compression pointers). Checks the header (QR clear, opcode
 * QUERY, exactly one question), the question name (plain labels, at most 255 bytes), and the records after
 * it, of which it keeps only the EDNS(0) OPT record (at most one, owned by the root). Never throws.
 */
export function parseDnsQuery(bytes: Uint8Array): ParsedQuery {
  if (bytes.length < HEADER_BYTES)
    return { kind: 'ignore', reason: `${bytes.length} bytes are shorter than the 12-byte header` };
  const id = ((bytes[0] as number) << 8) | (bytes[1] as number);
  const flags = ((bytes[2] as number) << 8) | (bytes[3] as number);
  if (flags & QR) return { kind: 'ignore', reason: 'the message is a response (QR bit set)' };
  const reject = (rcode: ParseRcode, reason: string, edns?: QueryEdns): ParsedQuery =>
    edns === undefined
      ? { kind: 'reject', id, flags, rcode, reason }
      : { kind: 'reject', id, flags, rcode, reason, edns };
  const opcode = (flags >> 11) & 0xf;
  if (opcode !== 0) return reject('NOTIMP', `opcode ${opcode} is not QUERY`);
  const count = (at: number): number => ((bytes[at] as number) << 8) | (bytes[at + 1] as number);
  const questions = count(4);
  // RFC 9619: exactly one question; answering more would let a small query ask for a large answer.
  if (questions !== 1) return reject('FORMERR', `the query has ${questions} questions instead of 1`);
  const reader = new Reader(bytes);
  let edns: QueryEdns | undefined;
  try {
    const start = reader.offset;
    const { labels, offsets } = readQuestionName(reader);
    const type = reader.u16('the question type');
    const qclass = reader.u16('the question class');
    const question: ParsedQuestion = {
      key: nameKey(labels),
      labelCount: labels.length,
      labelOffsets: offsets,
      type,
      qclass,
      wire: reader.slice(start, reader.offset),
    };
    const records = count(6) + count(8) + count(10);
    const additionalFrom = count(6) + count(8);
    for (let index = 0; index < records; index += 1) {
      const root = skipName(reader);
      const rrType = reader.u16('a record type');
      const rrClass = reader.u16('a record class');
      const ttl = reader.u32('a record TTL');
      const rdLength = reader.u16('a record length');
      reader.skip(rdLength, 'a record');
      if (rrType !== TYPE_OPT) continue;
      // RFC 6891 §6.1.1: one OPT, owned by the root, in the additional section.
      if (index < additionalFrom) throw new Malformed('an OPT record outside the additional section');
      if (!root) throw new Malformed('an OPT record not owned by the root name');
      if (edns !== undefined) throw new Malformed('more than one OPT record');
      edns = { udpPayloadSize: rrClass, version: Math.floor(ttl / 0x10000) & 0xff };
    }
    if (edns !== undefined && edns.version !== 0)
      return reject('BADVERS', `EDNS version ${edns.version} is not supported`, { ...edns, version: 0 });
    return edns === undefined
      ? { kind: 'query', id, flags, question }
      : { kind: 'query', id, flags, question, edns };
  } catch (error) {
    if (error instanceof Malformed) return reject('FORMERR', error.message, edns);
    throw error;
  }
}
