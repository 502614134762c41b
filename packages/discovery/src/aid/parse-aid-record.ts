import { AidError } from './aid-error.js';
import {
  AID_AUTH_SCHEMES,
  AID_KEY_ALIASES,
  AID_LOCAL_SCHEMES,
  AID_PROTOCOLS,
  type AidAuthScheme,
  type AidProtocol,
} from './aid-tokens.js';

/** An AID record (AID v1.1 §2.1) with the full key names, values trimmed and as published otherwise. */
export interface AidRecord {
  /** The specification version: always `aid1`. */
  v: 'aid1';
  /** Where the agent is: an absolute `https://` URL for remote protocols, a package locator for `local`. */
  uri: string;
  /** The protocol to speak with it (Appendix B). */
  proto: AidProtocol;
  /** Authentication hint (Appendix A). */
  auth?: AidAuthScheme;
  /** Short human-readable text (at most 60 UTF-8 bytes). */
  desc?: string;
  /** Absolute `https://` URL of human-readable documentation. */
  docs?: string;
  /** ISO 8601 UTC timestamp from which the record is deprecated. */
  dep?: string;
  /** Multibase (base58btc, `z`) Ed25519 public key the endpoint must prove control of (Appendix D). */
  pka?: string;
  /** Rotation id of `pka`: 1-6 characters `[a-z0-9]`. */
  kid?: string;
}

/** Options of {@link parseAidRecord}. */
export interface ParseAidRecordOptions {
  /** Accept `http://` for remote protocols too (tests and intranets; AID says `https://`). Default false. */
  allowHttp?: boolean;
}

type AidKey = (typeof AID_KEY_ALIASES)[keyof typeof AID_KEY_ALIASES];

/** The largest record read: the RDATA of one TXT record cannot be longer. */
const MAX_RECORD_CHARS = 65_535;
const PROTOCOLS: ReadonlySet<string> = new Set(AID_PROTOCOLS);
const AUTH_SCHEMES: ReadonlySet<string> = new Set(AID_AUTH_SCHEMES);
const KID = /^[a-z0-9]{1,6}$/;
const MULTIBASE_BASE58 = /^z[1-9A-HJ-NP-Za-km-z]+$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?Z$/;
const MAX_DESC_BYTES = 60;

function invalid(message: string): AidError {
  return new AidError({ code: 'AID_INVALID_TXT', message });
}

/** ASCII-only lower case: `toLowerCase()` would map U+212A KELVIN SIGN to `k`, a key alias. */
function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
}

function joined(txt: string | readonly string[]): string {
  if (typeof txt === 'string') return txt;
  if (Array.isArray(txt) && txt.every((part) => typeof part === 'string')) return txt.join('');
  throw invalid('an AID record must be a string or an array of strings (the TXT character-strings)');
}

/**
 * The `key=value` pairs of a record, keys in ASCII lower case, both sides trimmed; empty pairs (`;;`, a
 * trailing `;`) are skipped. One pass over the text.
 */
export function* aidPairs(text: string): Generator<{ key: string; value: string; pair: string }> {
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf(';', start);
    if (end === -1) end = text.length;
    const pair = text.slice(start, end).trim();
    start = end + 1;
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    if (equals === -1) throw invalid(`"${clip(pair)}" is not a key=value pair`);
    yield { key: asciiLower(pair.slice(0, equals).trim()), value: pair.slice(equals + 1).trim(), pair };
  }
}

/** True when the text has a `v` (or `version`) key: a TXT record meant as an AID record, valid or not. */
export function looksLikeAidRecord(text: string): boolean {
  try {
    for (const { key } of aidPairs(text)) if (key === 'v' || key === 'version') return true;
  } catch {
    return false;
  }
  return false;
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * Reads an AID TXT record (AID v1.1 §2). An array is the record's character-strings, joined in order. Keys
 * are case-insensitive, both sides are trimmed, the one-letter aliases are read as their full keys, unknown
 * keys are ignored. Values are kept as published (the `uri` is not normalized).
 *
 * @throws AidError `AID_INVALID_TXT` for a malformed record (not key=value, a key given twice or with its
 *   alias, `v` missing or not `aid1`, `uri` or `proto` missing, a `uri` whose scheme the protocol does not
 *   allow, an unknown `auth` token, `desc` over 60 bytes, `docs` not https, `dep` not ISO 8601 UTC, `pka`
 *   without `kid`, a malformed `pka` or `kid`), `AID_UNSUPPORTED_PROTO` for a protocol token not in the registry.
 */
export function parseAidRecord(
  txt: string | readonly string[],
  options: ParseAidRecordOptions = {},
): AidRecord {
  const text = joined(txt);
  if (text.length > MAX_RECORD_CHARS)
    throw invalid(`the record is longer than ${MAX_RECORD_CHARS} characters`);
  const fields: Partial<Record<AidKey, string>> = {};
  const spelled: Partial<Record<AidKey, string>> = {};
  for (const { key, value, pair } of aidPairs(text)) {
    if (key === '') throw invalid(`"${clip(pair)}" has an empty key`);
    if (!Object.hasOwn(AID_KEY_ALIASES, key)) continue;
    const name = AID_KEY_ALIASES[key as keyof typeof AID_KEY_ALIASES];
    const earlier = spelled[name];
    if (earlier !== undefined) {
      throw invalid(
        earlier === key ? `the key "${key}" appears twice` : `the record has both "${earlier}" and "${key}"`,
      );
    }
    if (value === '') throw invalid(`the key "${key}" has an empty value`);
    spelled[name] = key;
    fields[name] = value;
  }
  return validated(fields, options);
}

function validated(fields: Partial<Record<AidKey, string>>, options: ParseAidRecordOptions): AidRecord {
  const { v, uri, proto } = fields;
  if (v === undefined) throw invalid('the record has no "v" key (v=aid1)');
  if (uri === undefined) throw invalid('the record has no "uri" (u) key');
  if (proto === undefined) throw invalid('the record has no "proto" (p) key');
  if (v !== 'aid1') throw invalid(`unsupported version "${clip(v)}"; this client reads aid1`);
  if (!PROTOCOLS.has(proto)) {
    throw new AidError({
      code: 'AID_UNSUPPORTED_PROTO',
      message: `unsupported protocol "${clip(proto)}" (known: ${AID_PROTOCOLS.join(', ')})`,
    });
  }
  const record: AidRecord = { v, uri, proto: proto as AidProtocol };
  checkUri(uri, record.proto, options);
  if (fields.auth !== undefined) {
    if (!AUTH_SCHEMES.has(fields.auth)) throw invalid(`unknown auth token "${clip(fields.auth)}"`);
    record.auth = fields.auth as AidAuthScheme;
  }
  if (fields.desc !== undefined) {
    if (Buffer.byteLength(fields.desc, 'utf8') > MAX_DESC_BYTES)
      throw invalid(`desc is longer than ${MAX_DESC_BYTES} UTF-8 bytes`);
    record.desc = fields.desc;
  }
  if (fields.docs !== undefined) {
    if (urlProblem(fields.docs, ['https:']) !== undefined)
      throw invalid(`docs "${clip(fields.docs)}" is not an absolute https URL`);
    record.docs = fields.docs;
  }
  if (fields.dep !== undefined) {
    if (!ISO_UTC.test(fields.dep) || Number.isNaN(Date.parse(fields.dep)))
      throw invalid(`dep "${clip(fields.dep)}" is not an ISO 8601 UTC timestamp (2026-01-01T00:00:00Z)`);
    record.dep = fields.dep;
  }
  if (fields.pka !== undefined) {
    if (fields.kid === undefined) throw invalid('pka needs kid (i) to name the key');
    if (fields.pka.length > 128 || !MULTIBASE_BASE58.test(fields.pka))
      throw invalid('pka is not a multibase base58btc key (z...)');
    record.pka = fields.pka;
  }
  if (fields.kid !== undefined) {
    if (!KID.test(fields.kid)) throw invalid(`kid "${clip(fields.kid)}" is not 1-6 characters [a-z0-9]`);
    record.kid = fields.kid;
  }
  return record;
}

function checkUri(uri: string, proto: AidProtocol, options: ParseAidRecordOptions): void {
  if (proto === 'local') {
    const scheme = asciiLower(/^([A-Za-z][A-Za-z0-9+.-]*):/.exec(uri)?.[1] ?? '');
    if (!AID_LOCAL_SCHEMES.includes(scheme))
      throw invalid(`a local agent's uri must use ${AID_LOCAL_SCHEMES.map((s) => `${s}:`).join(', ')}`);
    return;
  }
  if (proto === 'zeroconf') {
    if (!/^zeroconf:./i.test(uri)) throw invalid('a zeroconf uri must be zeroconf:<service type>');
    return;
  }
  const schemes = proto === 'websocket' ? ['wss:'] : options.allowHttp ? ['https:', 'http:'] : ['https:'];
  const problem = urlProblem(uri, schemes);
  if (problem !== undefined) throw invalid(`uri "${clip(uri)}" ${problem} (proto=${proto})`);
}

function urlProblem(value: string, schemes: readonly string[]): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(value) || !URL.canParse(value)) return 'is not an absolute URL';
  const url = new URL(value);
  if (!schemes.includes(url.protocol)) return `must use ${schemes.join(' or ')}`;
  // The record is public (§3 "No Secrets"): a URL with a user name or password would publish a credential.
  if (url.username !== '' || url.password !== '') return 'carries credentials';
  return undefined;
}
