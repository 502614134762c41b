import dnsPacket, { type Packet } from 'dns-packet';
import type { DnsZone } from './dns-zone-types.js';
import { type ParsedQuery, parseDnsQuery } from './query-parser.js';
import { writeResponse } from './response-writer.js';
import { compileZone, lookup, type ZoneTable } from './zone-table.js';

/** One response, ready to send. */
export interface DnsReply {
  /** The response message. */
  bytes: Buffer;
  /** The answer did not fit the limit and went out with TC set and no records. */
  truncated: boolean;
  /** Smallest TTL in the answer section, 0 without answers (DoH's `cache-control: max-age`). */
  minAnswerTtl: number;
}

/** How large a response may be. */
export interface ReplyLimits {
  /** `udp`: 512 bytes, or the query's EDNS(0) payload size up to `udpPayloadSize`; `stream` (TCP, DoH): 65 535. */
  transport: 'udp' | 'stream';
  /** The largest UDP response the server sends, also advertised in its OPT record. */
  udpPayloadSize: number;
}

const RCODE = { NOERROR: 0, FORMERR: 1, NXDOMAIN: 3, NOTIMP: 4, REFUSED: 5, BADVERS: 16 } as const;
const CLASS_IN = 1;
const CLASS_ANY = 255;
const MIN_UDP = 512;
const MAX_STREAM = 65_535;

function sizeLimit(query: ParsedQuery, limits: ReplyLimits): number {
  if (limits.transport === 'stream') return MAX_STREAM;
  const asked = query.kind === 'ignore' ? undefined : query.edns?.udpPayloadSize;
  // RFC 6891 §6.2.5: a payload size below 512 is treated as 512.
  return asked === undefined ? MIN_UDP : Math.max(MIN_UDP, Math.min(asked, limits.udpPayloadSize));
}

/**
 * The response to one query message, or undefined for a message that gets none (shorter than a header, or
 * itself a response). Malformed queries get FORMERR, other opcodes NOTIMP, EDNS versions above 0 BADVERS,
 * classes other than IN REFUSED; everything else is answered from the zone. Never throws.
 */
export function respond(table: ZoneTable, message: Uint8Array, limits: ReplyLimits): DnsReply | undefined {
  const query = parseDnsQuery(message);
  if (query.kind === 'ignore') return undefined;
  const limit = sizeLimit(query, limits);
  const edns = query.edns === undefined ? {} : { ednsUdpPayloadSize: limits.udpPayloadSize };
  const base = { id: query.id, queryFlags: query.flags, ...edns };
  if (query.kind === 'reject') {
    const reply = writeResponse(
      { ...base, rcode: RCODE[query.rcode], authoritative: false, answers: [] },
      limit,
    );
    return { ...reply, minAnswerTtl: 0 };
  }
  const { question } = query;
  const answer =
    question.qclass === CLASS_IN || question.qclass === CLASS_ANY
      ? lookup(table, question.key, question.type)
      : ({ rcode: 'REFUSED' } as const);
  if (answer.rcode === 'REFUSED') {
    const parts = {
      ...base,
      rcode: RCODE.REFUSED,
      authoritative: false,
      question: question.wire,
      answers: [],
    };
    return { ...writeResponse(parts, limit), minAnswerTtl: 0 };
  }
  // The SOA's owner is the apex, which ends the question name: point at that label.
  const ownerOffset = question.labelOffsets[question.labelCount - table.apexLabels] ?? 12;
  const reply = writeResponse(
    {
      ...base,
      rcode: RCODE[answer.rcode],
      authoritative: true,
      question: question.wire,
      answers: answer.answers,
      ...(answer.authority === undefined ? {} : { authority: { record: answer.authority, ownerOffset } }),
    },
    limit,
  );
  const ttls = reply.truncated ? [] : answer.answers.map((record) => record.ttl);
  return { ...reply, minAnswerTtl: ttls.length === 0 ? 0 : Math.min(...ttls) };
}

/**
 * Answers one decoded query packet from `zone`, as the server would over TCP (no truncation). For tests and
 * tools that work with dns-packet objects; the zone is checked and compiled on every call, so servers use
 * `startDnsServer`, which compiles it once. A packet no server would answer (a response, or one dns-packet
 * cannot encode) gets FORMERR.
 */
export function answerQuery(zone: DnsZone, query: Packet): Packet {
  const table = compileZone(zone);
  const formerr = { id: query.id ?? 0, type: 'response', questions: [], flags: RCODE.FORMERR } as Packet;
  let message: Buffer;
  try {
    message = dnsPacket.encode(query);
  } catch {
    return formerr;
  }
  const reply = respond(table, message, { transport: 'stream', udpPayloadSize: 1232 });
  return reply === undefined ? formerr : dnsPacket.decode(reply.bytes);
}
