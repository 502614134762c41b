import type { AgentProfile } from '@agentweb/agentcard';
import { InvalidOptionError } from '@agentweb/core';
import type * as grpc from '@grpc/grpc-js';
import { invalidResponse } from '../errors.js';

// grpc-js's own rules (Metadata.set): it throws a plain Error for anything else, with the value in the message,
// which for a credential would put a token into logs, error JSON and a model's context.
const LEGAL_KEY = /^[:0-9a-z_.-]+$/;
const LEGAL_TEXT = /^[ -~]*$/;

/** True when `key` (lower-cased) can name a text metadata entry: grpc-js's characters, not a binary `-bin` key. */
export function isMetadataTextKey(key: string): boolean {
  return LEGAL_KEY.test(key) && !key.endsWith('-bin');
}

/** True when `value` can be a text metadata value (printable ASCII). */
export function isMetadataText(value: string): boolean {
  return LEGAL_TEXT.test(value);
}

const ALLOWED =
  'names of lowercase letters, digits, "_", "." and "-" (not ending in "-bin") and values of printable ASCII';

/** A short, quoted, printable form of a name for an error message (names are not secrets; values are). */
function quoted(name: string): string {
  return JSON.stringify(name.length > 64 ? `${name.slice(0, 64)}…` : name);
}

/**
 * Adds one credential (a header, or an API key the card places in the query) to `md`, refusing what gRPC metadata
 * cannot carry with a typed error that never shows the value: a name the card's `apiKey` scheme chose is the
 * card's fault (`InvalidAgentResponseError` naming the scheme); any other bad name or value is the caller's
 * (`InvalidOptionError` for `auth`).
 */
export function setCredential(
  md: grpc.Metadata,
  name: string,
  value: string,
  site: { profile: AgentProfile | undefined; url: string },
): void {
  const key = name.toLowerCase();
  if (!isMetadataTextKey(key)) {
    const scheme = site.profile?.auth.schemes.find(
      (s) => s.type === 'apiKey' && s.name !== undefined && s.name.toLowerCase() === key,
    );
    if (scheme) {
      throw invalidResponse(
        `the card's apiKey security scheme ${quoted(scheme.id)} names a parameter that gRPC metadata cannot carry (${ALLOWED})`,
        { url: site.url },
      );
    }
    throw new InvalidOptionError({
      callee: 'createA2AClient',
      option: 'auth',
      expected: `credentials that gRPC metadata can carry: ${ALLOWED}`,
      received: `a credential named ${quoted(name)}`,
    });
  }
  if (!isMetadataText(value)) {
    throw new InvalidOptionError({
      callee: 'createA2AClient',
      option: 'auth',
      expected: `credentials that gRPC metadata can carry: ${ALLOWED}`,
      received: `a value for ${quoted(key)} with a character outside printable ASCII (the value is not shown)`,
    });
  }
  md.set(key, value);
}
