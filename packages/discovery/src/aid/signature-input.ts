import { AidError } from './aid-error.js';

/** The first signature of a `Signature-Input` header (RFC 9421 §4.1), as the AID handshake reads it. */
export interface AidSignatureInput {
  /** The signature's label (`sig`). */
  label: string;
  /** Covered component identifiers as written, without quotes. */
  covered: string[];
  /** The member's value exactly as sent: the `@signature-params` line of the signature base. */
  params: string;
  /** `created`, in seconds. */
  created: number;
  /** `keyid`, unquoted. */
  keyid: string;
  /** `alg`, unquoted. */
  alg: string;
}

function security(message: string): AidError {
  return new AidError({ code: 'AID_SECURITY', message });
}

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
}

/** Ends at the first comma outside quotes and parentheses: one dictionary member. */
function firstMember(header: string): string {
  let quoted = false;
  let depth = 0;
  for (let i = 0; i < header.length; i++) {
    const char = header[i];
    if (char === '\\' && quoted) i++;
    else if (char === '"') quoted = !quoted;
    else if (!quoted && char === '(') depth++;
    else if (!quoted && char === ')') depth--;
    else if (!quoted && depth === 0 && char === ',') return header.slice(0, i);
  }
  return header;
}

/**
 * Reads the first member of a `Signature-Input` header: `sig=("a" "b");created=1;keyid="k";alg="ed25519"`.
 *
 * @throws AidError `AID_SECURITY` when it is not in that form or lacks `created`, `keyid` or `alg`.
 */
export function parseAidSignatureInput(header: string): AidSignatureInput {
  const member = firstMember(header).trim();
  const equals = member.indexOf('=');
  const label = member.slice(0, equals).trim();
  const params = member.slice(equals + 1).trim();
  if (equals <= 0 || !params.startsWith('('))
    throw security('Signature-Input is not label=(components);params');
  const close = params.indexOf(')');
  if (close === -1) throw security('Signature-Input has an unclosed component list');
  const covered: string[] = [];
  for (const item of params.slice(1, close).trim().split(/\s+/)) {
    if (item === '') continue;
    if (!/^"[^"]*"$/.test(item)) throw security(`Signature-Input component ${item} is not a quoted string`);
    covered.push(item.slice(1, -1));
  }
  const values = new Map<string, string>();
  for (const part of params.slice(close + 1).split(';')) {
    const at = part.indexOf('=');
    if (at > 0) values.set(part.slice(0, at).trim().toLowerCase(), unquote(part.slice(at + 1).trim()));
  }
  const created = values.get('created');
  const keyid = values.get('keyid');
  const alg = values.get('alg');
  if (created === undefined || !/^\d{1,15}$/.test(created))
    throw security('Signature-Input has no valid created');
  if (keyid === undefined) throw security('Signature-Input has no keyid');
  if (alg === undefined) throw security('Signature-Input has no alg');
  return { label, covered, params, created: Number(created), keyid, alg };
}

/**
 * The signature bytes labelled `label` in a `Signature` header (`sig=:base64:`).
 *
 * @throws AidError `AID_SECURITY` when there is none.
 */
export function signatureBytes(header: string, label: string): Uint8Array {
  for (const member of header.split(',')) {
    const equals = member.indexOf('=');
    if (equals <= 0 || member.slice(0, equals).trim() !== label) continue;
    const value = /^:([A-Za-z0-9+/=_-]*):$/.exec(member.slice(equals + 1).trim());
    if (value?.[1] === undefined) break;
    return Buffer.from(value[1], 'base64');
  }
  throw security(`the Signature header has no byte sequence labelled "${label}"`);
}
