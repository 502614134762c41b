import net from 'node:net';
import dnsPacket, { type Answer } from 'dns-packet';
import { bad, isRecord, show } from '../validate-options.js';
import { nameKey, parseConfiguredName } from './dns-names.js';
import type { DnsRecord, DnsZone } from './dns-zone-types.js';

/** Wire type codes the server knows. */
export const QTYPE = { A: 1, SOA: 6, TXT: 16, AAAA: 28, IXFR: 251, AXFR: 252, ANY: 255 } as const;

/** One record ready for the wire: everything after the owner name except the class, which is always IN. */
export interface WireRecord {
  /** Type code. */
  type: number;
  /** TTL in seconds. */
  ttl: number;
  /** The RDATA bytes. */
  rdata: Buffer;
}

/** A zone compiled for lookups: every existing name (empty non-terminals included) with its records. */
export interface ZoneTable {
  /** Lookup key of the apex. */
  apex: string;
  /** Number of labels of the apex, to point at it inside the question name. */
  apexLabels: number;
  /** Records per name key, in the order given; an empty list for a name that exists only as a parent. */
  names: ReadonlyMap<string, readonly WireRecord[]>;
  /** The SOA for negative answers (and SOA/ANY questions at the apex); undefined when the zone sends none. */
  soa: WireRecord | undefined;
}

/** What the zone says about one question. */
export type ZoneAnswer =
  | { rcode: 'REFUSED' }
  | {
      rcode: 'NOERROR' | 'NXDOMAIN';
      /** Records for the answer section (empty for NXDOMAIN and NODATA). */
      answers: readonly WireRecord[];
      /** The SOA for the authority section of a negative answer, when the zone has one. */
      authority: WireRecord | undefined;
    };

const DEFAULT_TTL = 60;
const MAX_TTL = 2_147_483_647;
const MAX_STRING_BYTES = 255;
const MAX_RDATA_BYTES = 65_535;

function checkTtl(option: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > MAX_TTL)
    bad(option, `${option} must be an integer from 0 to ${MAX_TTL} seconds, not ${show(value)}`);
  return value as number;
}

function checkName(option: string, value: unknown): Uint8Array[] {
  if (typeof value !== 'string') bad(option, `${option} must be a DNS name, not ${show(value)}`);
  const labels = parseConfiguredName(value);
  if (typeof labels === 'string') bad(option, `${option} ${show(value)} is not a DNS name: ${labels}`);
  return labels;
}

/** The RDATA dns-packet writes for `answer` (encoded under the root name, then cut out of the packet). */
function rdataOf(answer: Answer): Buffer {
  const packet = dnsPacket.encode({ type: 'response', answers: [{ ...answer, name: '.' } as Answer] });
  // 12-byte header, 1-byte root owner name, type, class, TTL and RDLENGTH.
  const start = 12 + 1 + 10;
  return packet.subarray(start, start + packet.readUInt16BE(start - 2));
}

/** A string's UTF-8 bytes as character-strings of at most 255 bytes (an empty string stays one empty string). */
function characterStrings(text: string): Buffer[] {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length === 0) return [bytes];
  const chunks: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += MAX_STRING_BYTES)
    chunks.push(bytes.subarray(start, start + MAX_STRING_BYTES));
  return chunks;
}

function txtRdata(option: string, data: unknown): Buffer {
  const strings = typeof data === 'string' ? [data] : data;
  if (!Array.isArray(strings) || strings.some((s) => typeof s !== 'string'))
    bad(option, `${option} must be a string or an array of strings, not ${show(data)}`);
  // A TXT record holds at least one character-string (RFC 1035 §3.3.14).
  const chunks = (strings.length === 0 ? [''] : (strings as string[])).flatMap(characterStrings);
  const size = chunks.reduce((sum, chunk) => sum + 1 + chunk.length, 0);
  if (size > MAX_RDATA_BYTES)
    bad(option, `${option} needs ${size} bytes of RDATA, more than a record can hold (65535)`);
  return rdataOf({ type: 'TXT', name: '.', data: chunks });
}

function addressRdata(option: string, type: 'A' | 'AAAA', data: unknown): Buffer {
  const valid = typeof data === 'string' && (type === 'A' ? net.isIPv4(data) : net.isIPv6(data));
  if (!valid)
    bad(option, `${option} must be an ${type === 'A' ? 'IPv4' : 'IPv6'} address, not ${show(data)}`);
  return rdataOf({ type, name: '.', data: data as string });
}

function compileRecord(option: string, record: unknown, defaultTtl: number): WireRecord {
  if (!isRecord(record)) bad(option, `${option} must be a record object, not ${show(record)}`);
  const ttl = checkTtl(`${option}.ttl`, record['ttl'], defaultTtl);
  const type = record['type'];
  if (type === 'TXT') return { type: QTYPE.TXT, ttl, rdata: txtRdata(`${option}.data`, record['data']) };
  if (type === 'A' || type === 'AAAA')
    return { type: QTYPE[type], ttl, rdata: addressRdata(`${option}.data`, type, record['data']) };
  return bad(`${option}.type`, `${option}.type must be 'TXT', 'A' or 'AAAA', not ${show(type)}`);
}

/** The records `capTxt` stands for, in map order. */
function capRecords(zone: DnsZone, suffix: string): DnsRecord[] {
  if (zone.capTxt === undefined) return [];
  if (!(zone.capTxt instanceof Map)) bad('capTxt', `capTxt must be a Map, not ${show(zone.capTxt)}`);
  const address = zone.address ?? '127.0.0.1';
  if (typeof address !== 'string' || net.isIP(address) === 0)
    bad('address', `address must be an IP address, not ${show(address)}`);
  const type = net.isIPv6(address) ? 'AAAA' : 'A';
  const records: DnsRecord[] = [{ name: suffix, type, data: address }];
  for (const [domain, url] of zone.capTxt) {
    records.push({ name: `_cap.${domain}`, type: 'TXT', data: url }, { name: domain, type, data: address });
  }
  return records;
}

/**
 * Checks a zone and compiles it for lookups. Throws `SandboxOptionsError` naming the field for anything it
 * cannot serve: a name outside the zone, a bad address, TTL or TXT value.
 */
export function compileZone(zone: DnsZone): ZoneTable {
  if (!isRecord(zone)) bad('zone', `the zone must be an object, not ${show(zone)}`);
  const apexLabels = checkName('suffix', zone.suffix);
  const apex = nameKey(apexLabels);
  const ttl = checkTtl('ttl', zone.ttl, DEFAULT_TTL);
  if (zone.records !== undefined && !Array.isArray(zone.records))
    bad('records', `records must be an array, not ${show(zone.records)}`);
  const names = new Map<string, WireRecord[]>([[apex, []]]);
  const given: { option: string; record: DnsRecord }[] = [
    ...capRecords(zone, zone.suffix).map((record) => ({ option: 'capTxt', record })),
    ...(zone.records ?? []).map((record, index) => ({ option: `records[${index}]`, record })),
  ];
  for (const { option, record } of given) {
    const compiled = compileRecord(option, record, ttl);
    const labels = checkName(`${option}.name`, record.name);
    const key = nameKey(labels);
    if (key !== apex && !key.endsWith(`.${apex}`))
      bad(`${option}.name`, `${option}.name ${show(record.name)} is outside the zone ${show(zone.suffix)}`);
    const existing = names.get(key);
    if (existing === undefined) names.set(key, [compiled]);
    else existing.push(compiled);
    // Every name between the record and the apex exists too (an empty non-terminal answers NODATA).
    for (let depth = 1; depth < labels.length - apexLabels.length; depth += 1) {
      const parent = nameKey(labels.slice(depth));
      if (!names.has(parent)) names.set(parent, []);
    }
  }
  return { apex, apexLabels: apexLabels.length, names, soa: compileSoa(zone, ttl) };
}

function compileSoa(zone: DnsZone, ttl: number): WireRecord | undefined {
  if (zone.soa === false) return undefined;
  const soa = zone.soa ?? {};
  if (!isRecord(soa)) bad('soa', `soa must be false or an object, not ${show(soa)}`);
  const suffix = zone.suffix.replace(/\.$/, '');
  const mname = soa.mname ?? `ns.${suffix}`;
  const rname = soa.rname ?? `hostmaster.${suffix}`;
  checkName('soa.mname', mname);
  checkName('soa.rname', rname);
  const u32 = (field: 'serial' | 'refresh' | 'retry' | 'expire', fallback: number): number => {
    const value = soa[field] ?? fallback;
    if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > 0xffff_ffff)
      bad(`soa.${field}`, `soa.${field} must be an unsigned 32-bit integer, not ${show(value)}`);
    return value as number;
  };
  const data = {
    mname: String(mname),
    rname: String(rname),
    serial: u32('serial', 1),
    refresh: u32('refresh', 3600),
    retry: u32('retry', 600),
    expire: u32('expire', 86_400),
    minimum: checkTtl('soa.minimum', soa.minimum, ttl),
  };
  return {
    type: QTYPE.SOA,
    ttl: checkTtl('soa.ttl', soa.ttl, ttl),
    rdata: rdataOf({ type: 'SOA', name: '.', data }),
  };
}

/**
 * Answers one question from the zone. `key` is the question name's lookup key. Names outside the zone are
 * REFUSED; a missing name is NXDOMAIN; a name without records of `qtype` is NODATA (NOERROR, no answers). ANY
 * returns every record of the name. Zone transfers are not offered (REFUSED).
 */
export function lookup(table: ZoneTable, key: string, qtype: number): ZoneAnswer {
  if (key !== table.apex && !key.endsWith(`.${table.apex}`)) return { rcode: 'REFUSED' };
  if (qtype === QTYPE.AXFR || qtype === QTYPE.IXFR) return { rcode: 'REFUSED' };
  const records = table.names.get(key);
  if (records === undefined) return { rcode: 'NXDOMAIN', answers: [], authority: table.soa };
  const answers = qtype === QTYPE.ANY ? [...records] : records.filter((record) => record.type === qtype);
  if (key === table.apex && table.soa !== undefined && (qtype === QTYPE.SOA || qtype === QTYPE.ANY))
    answers.push(table.soa);
  return { rcode: 'NOERROR', answers, authority: answers.length === 0 ? table.soa : undefined };
}
