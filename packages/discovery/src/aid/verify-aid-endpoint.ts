import { createPublicKey, randomBytes, verify } from 'node:crypto';
import type { HttpClient, HttpProvenance } from '@agentweb/http';
import { AidError } from './aid-error.js';
import { decodeAidPublicKey } from './multibase-key.js';
import { parseAidSignatureInput, signatureBytes } from './signature-input.js';

/** The components every AID endpoint proof must cover (Appendix D), compared in lower case. */
const REQUIRED_COMPONENTS = ['aid-challenge', '@method', '@target-uri', 'host', 'date'];
/** Clock skew accepted for `created` and the response `Date`, in seconds (Appendix D). */
const MAX_SKEW_SECONDS = 300;
/** The proof is in the headers; the body is not read past this. */
const MAX_PROOF_BODY_BYTES = 256 * 1024;

/** Options of {@link verifyAidEndpoint}. */
export interface VerifyAidEndpointOptions {
  /** The record's `uri`: the endpoint asked to prove control of the key. */
  uri: string;
  /** The record's `pka`. */
  pka: string;
  /** The record's `kid`; the signature's `keyid` must equal it. */
  kid: string;
  /** HTTP client the challenge is sent through (its SSRF guard, https rule and limits apply). */
  http: HttpClient;
  /** Aborts the handshake. */
  signal?: AbortSignal;
  /** Deadline of the request in ms (default: the client's). */
  timeoutMs?: number;
  /** Clock in ms since the epoch (default `Date.now`); lets tests move time. */
  now?: () => number;
}

/** A verified endpoint proof. */
export interface AidEndpointProof {
  /** The key id the endpoint signed with (equal to the record's `kid`). */
  keyid: string;
  /** When the endpoint made the signature, in seconds since the epoch. */
  created: number;
  /** How the challenge response was obtained. */
  provenance: HttpProvenance;
}

function security(message: string, uri: string, cause?: unknown): AidError {
  return new AidError({ code: 'AID_SECURITY', message: `${message} (${uri})`, target: uri, cause });
}

function skewed(seconds: number, now: number): boolean {
  return Math.abs(now - seconds) > MAX_SKEW_SECONDS;
}

/**
 * AID endpoint proof (AID v1.1 Appendix D): GETs `uri` with a fresh `AID-Challenge` and a `Date`, and checks
 * the response's RFC 9421 signature with the record's Ed25519 key. The signature must cover `AID-Challenge`,
 * `@method`, `@target-uri`, `host` and `date`, carry `keyid` = `kid` and `alg="ed25519"`, and be made within
 * five minutes of now. Redirects are refused: the endpoint named in the record must answer itself.
 *
 * @throws AidError `AID_SECURITY` when the endpoint does not answer 200 or the proof does not verify; the
 *   `@agentweb/http` errors (BlockedAddressError, UrlPolicyError, TimeoutError, NetworkError, ...) when the
 *   endpoint cannot be reached under the client's rules.
 */
export async function verifyAidEndpoint(options: VerifyAidEndpointOptions): Promise<AidEndpointProof> {
  const { uri, kid } = options;
  const publicKey = decodeAidPublicKey(options.pka);
  const challenge = randomBytes(32).toString('base64url');
  const requestDate = new Date(options.now?.() ?? Date.now()).toUTCString();
  const response = await options.http.request(uri, {
    method: 'GET',
    headers: { 'AID-Challenge': challenge, Date: requestDate },
    redirect: 'error',
    cache: false,
    retry: false,
    throwHttpErrors: false,
    maxBodyBytes: MAX_PROOF_BODY_BYTES,
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
  if (response.status !== 200)
    throw security(`the endpoint answered the AID challenge with ${response.status}`, uri);
  const inputHeader = response.headers.get('signature-input');
  const signatureHeader = response.headers.get('signature');
  if (inputHeader === null || signatureHeader === null)
    throw security('the endpoint did not sign its answer (no Signature-Input or Signature header)', uri);
  const input = parseAidSignatureInput(inputHeader);
  const lower = input.covered.map((c) => c.toLowerCase());
  if (lower.length !== REQUIRED_COMPONENTS.length || !REQUIRED_COMPONENTS.every((c) => lower.includes(c)))
    throw security(`the signature must cover exactly ${REQUIRED_COMPONENTS.join(', ')}`, uri);
  const now = Math.floor((options.now?.() ?? Date.now()) / 1000);
  if (skewed(input.created, now))
    throw security('the signature was not made within five minutes of now', uri);
  const responseDate = response.headers.get('date');
  if (responseDate !== null) {
    const seconds = Math.floor(Date.parse(responseDate) / 1000);
    if (!Number.isFinite(seconds) || skewed(seconds, now))
      throw security('the response Date is not within five minutes of now', uri);
  }
  if (input.keyid !== kid)
    throw security(`the signature's keyid "${input.keyid}" is not the record's kid`, uri);
  if (input.alg.toLowerCase() !== 'ed25519')
    throw security(`the signature's alg "${input.alg}" is not ed25519`, uri);

  const values: Record<string, string> = {
    'aid-challenge': challenge,
    '@method': 'GET',
    '@target-uri': uri,
    host: new URL(uri).host,
    date: responseDate ?? requestDate,
  };
  const lines = input.covered.map((c) => `"${c}": ${values[c.toLowerCase()]}`);
  lines.push(`"@signature-params": ${input.params}`);
  const signature = signatureBytes(signatureHeader, input.label);
  let verified = false;
  try {
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey).toString('base64url') },
      format: 'jwk',
    });
    verified = verify(null, Buffer.from(lines.join('\n'), 'utf8'), key, signature);
  } catch (error) {
    throw security('the signature could not be checked', uri, error);
  }
  if (!verified) throw security("the signature does not verify with the record's pka", uri);
  return { keyid: input.keyid, created: input.created, provenance: response.provenance };
}
