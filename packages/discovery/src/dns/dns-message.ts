import { randomInt } from 'node:crypto';
import type { Answer, DecodedPacket, Question, SoaAnswer } from 'dns-packet';
import * as dnsPacket from 'dns-packet';
import { normalizeDnsName } from './dns-name.js';
import type { DnsOutcome } from './dns-types.js';
import { minTtl } from './ttl.js';
import { joinTxtStrings } from './txt-strings.js';

/** What one DNS response said about a TXT question, before caching. */
export interface ExchangeResult {
  /** How the question ended. */
  outcome: DnsOutcome;
  /** One string per TXT record, in answer order. */
  records: string[];
  /** Smallest answer TTL for `answer`; the RFC 2308 negative TTL for `nxdomain`/`nodata` when an SOA came. */
  ttl?: number;
  /** What went wrong, for the failing outcomes. */
  error?: string;
}

/** A random 16-bit query ID from the CSPRNG: predictable IDs make cache poisoning easier. */
export function randomQueryId(): number {
  return randomInt(0, 65_536);
}

/** Options of {@link encodeTxtQuery}. */
export interface EncodeQueryOptions {
  /** The 16-bit ID (0 for DoH, RFC 8484 §4.1). */
  id: number;
  /** EDNS(0) UDP payload size to advertise; 0 sends no OPT record. */
  ednsUdpPayloadSize: number;
}

/** A recursive TXT/IN query for `name` in DNS wire format. */
export function encodeTxtQuery(name: string, { id, ednsUdpPayloadSize }: EncodeQueryOptions): Buffer {
  return dnsPacket.encode({
    type: 'query',
    id,
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ type: 'TXT', class: 'IN', name }],
    additionals:
      ednsUdpPayloadSize > 0
        ? [
            {
              type: 'OPT',
              name: '.',
              udpPayloadSize: ednsUdpPayloadSize,
              extendedRcode: 0,
              ednsVersion: 0,
              flags: 0,
              flag_do: false,
              options: [],
            },
          ]
        : [],
  });
}

/** What a response must match, and how much of it we accept. */
export interface ResponseExpectation {
  /** The ID the query carried. */
  id: number;
  /** The name asked (any case, with or without trailing dot). */
  name: string;
  /** Most resource records (answer + authority + additional) accepted in one response. */
  maxRecords: number;
}

/** A checked response: either a result, or a note that the server truncated it (retry over TCP). */
export type InterpretedResponse = { truncated: true } | ({ truncated: false } & ExchangeResult);

function failure(error: string): InterpretedResponse {
  return { truncated: false, outcome: 'error', records: [], error };
}

function decodedRcode(packet: DecodedPacket): string {
  // dns-packet decodes the RCODE and OPCODE names but its types do not declare them.
  return String((packet as DecodedPacket & { rcode?: unknown }).rcode ?? 'UNKNOWN');
}

function decodedOpcode(packet: DecodedPacket): string {
  return String((packet as DecodedPacket & { opcode?: unknown }).opcode ?? 'UNKNOWN');
}

/** RFC 2308 §5: the negative TTL is the smaller of the SOA record's own TTL and its MINIMUM field. */
function negativeTtl(packet: DecodedPacket): number | undefined {
  const soa = (packet.authorities ?? []).find((record): record is SoaAnswer => record.type === 'SOA');
  if (soa === undefined) return undefined;
  return minTtl([soa.ttl ?? 0, soa.data.minimum ?? 0]);
}

/**
 * The TXT records that answer `name`, following a CNAME chain inside the answer section (a recursive server
 * returns the chain and the target's TXT records), with the TTLs of every record used.
 */
function collectTxt(answers: readonly Answer[], name: string): { records: string[]; ttls: number[] } {
  const owners = new Set([name]);
  const ttls: number[] = [];
  // Bounded by the number of answers: each pass can add at most one new owner.
  for (let pass = 0; pass < answers.length; pass += 1) {
    let grew = false;
    for (const record of answers) {
      if (record.type === 'CNAME' && owners.has(normalizeDnsName(record.name))) {
        const target = normalizeDnsName(record.data);
        if (!owners.has(target)) {
          owners.add(target);
          ttls.push(record.ttl ?? 0);
          grew = true;
        }
      }
    }
    if (!grew) break;
  }
  const records: string[] = [];
  for (const record of answers) {
    if (record.type !== 'TXT' || !owners.has(normalizeDnsName(record.name))) continue;
    if (record.class !== undefined && record.class !== 'IN') continue;
    const data = Array.isArray(record.data) ? record.data : [record.data];
    records.push(joinTxtStrings(data));
    ttls.push(record.ttl ?? 0);
  }
  return { records, ttls };
}

const HEADER_BYTES = 12;

/** Why a decoded packet's single question is not `expected`'s, or undefined when it is. */
function questionMismatch(question: Question, expected: ResponseExpectation): string | undefined {
  if (
    normalizeDnsName(question.name) === normalizeDnsName(expected.name) &&
    question.type === 'TXT' &&
    (question.class ?? 'IN') === 'IN'
  ) {
    return undefined;
  }
  return `response is for ${question.name} ${question.class ?? 'IN'} ${question.type}, not ${expected.name} IN TXT`;
}

function decodeSafely(buffer: Buffer): DecodedPacket | string {
  try {
    return dnsPacket.decode(buffer);
  } catch (error) {
    return `malformed DNS response: ${error instanceof Error ? error.message : String(error)}`;
  }
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Why `bytes` is not a reply to the query at all: too short to hold a header, another query ID, or another
 * question. Undefined when it is (or when only {@link interpretResponse} can tell what is wrong with it). Over
 * UDP anyone can send such a datagram to our port, so it is ignored rather than taken as the server's answer.
 */
export function unrelatedResponseReason(
  bytes: Uint8Array,
  expected: ResponseExpectation,
): string | undefined {
  const buffer = asBuffer(bytes);
  if (buffer.length < HEADER_BYTES) {
    return `a ${buffer.length}-byte datagram is shorter than the 12-byte DNS header`;
  }
  const id = buffer.readUInt16BE(0);
  if (id !== expected.id) return `response ID ${id} does not match query ID ${expected.id}`;
  const recordCount = buffer.readUInt16BE(6) + buffer.readUInt16BE(8) + buffer.readUInt16BE(10);
  if (recordCount > expected.maxRecords) return undefined;
  const packet = decodeSafely(buffer);
  if (typeof packet === 'string') return undefined;
  const questions = packet.questions ?? [];
  const question = questions[0];
  return questions.length === 1 && question !== undefined ? questionMismatch(question, expected) : undefined;
}

/**
 * Decodes and checks a response to a TXT query: size of the header, ID, record count, QR bit, opcode,
 * question echo (name case-insensitively, type and class), TC bit and RCODE. Never throws: a hostile or
 * malformed packet becomes an `error` result naming the problem.
 */
export function interpretResponse(bytes: Uint8Array, expected: ResponseExpectation): InterpretedResponse {
  const buffer = asBuffer(bytes);
  if (buffer.length < HEADER_BYTES)
    return failure(`response of ${buffer.length} bytes is shorter than the 12-byte DNS header`);
  const id = buffer.readUInt16BE(0);
  if (id !== expected.id) return failure(`response ID ${id} does not match query ID ${expected.id}`);
  const recordCount = buffer.readUInt16BE(6) + buffer.readUInt16BE(8) + buffer.readUInt16BE(10);
  // Checked before decoding, so a header claiming thousands of records costs nothing.
  if (recordCount > expected.maxRecords) {
    return failure(`response claims ${recordCount} records, more than the limit of ${expected.maxRecords}`);
  }
  const packet = decodeSafely(buffer);
  if (typeof packet === 'string') return failure(packet);
  if (!packet.flag_qr) return failure('the packet is a query, not a response (QR bit clear)');
  if (decodedOpcode(packet) !== 'QUERY')
    return failure(`response opcode ${decodedOpcode(packet)} is not QUERY`);
  const name = normalizeDnsName(expected.name);
  const questions = packet.questions ?? [];
  const question = questions[0];
  if (questions.length !== 1 || question === undefined) {
    return failure(`response echoes ${questions.length} questions instead of 1`);
  }
  const mismatch = questionMismatch(question, expected);
  if (mismatch !== undefined) return failure(mismatch);
  if (packet.flag_tc) return { truncated: true };
  const rcode = decodedRcode(packet);
  switch (rcode) {
    case 'NOERROR': {
      const { records, ttls } = collectTxt(packet.answers ?? [], name);
      if (records.length === 0) {
        return { truncated: false, outcome: 'nodata', records: [], ttl: negativeTtl(packet) };
      }
      return { truncated: false, outcome: 'answer', records, ttl: minTtl(ttls) };
    }
    case 'NXDOMAIN':
      return { truncated: false, outcome: 'nxdomain', records: [], ttl: negativeTtl(packet) };
    case 'SERVFAIL':
      return { truncated: false, outcome: 'servfail', records: [], error: 'the server answered SERVFAIL' };
    case 'REFUSED':
      return { truncated: false, outcome: 'refused', records: [], error: 'the server answered REFUSED' };
    default:
      return failure(`the server answered RCODE ${rcode}`);
  }
}
