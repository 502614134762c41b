import { isRecord } from '../json-value.js';
import type { A2AVersion } from './a2a-card-schema.js';

/** Fields that only 0.2.4+ / 0.3 cards carry, used when the card declares no `protocolVersion`. */
const V03_SIGNALS = [
  'preferredTransport',
  'additionalInterfaces',
  'securitySchemes',
  'signatures',
  'supportsAuthenticatedExtendedCard',
] as const;

/**
 * Tells which A2A card shape `input` has. Never throws. The rules, first match wins:
 *
 * 1. `supportedInterfaces` and `url` both present: `hybrid` (a 1.0 server's card with the 0.3 fields kept).
 * 2. `supportedInterfaces` present: `1.0`.
 * 3. `protocolVersion` is a string starting with `0.3`: `0.3`.
 * 4. `protocolVersion` is a string starting with `0.1` or `0.2`: `0.2`, even with 0.3-looking fields, since
 *    0.2.x releases already had `securitySchemes`, `preferredTransport` and `additionalInterfaces`.
 * 5. Any other `protocolVersion` string (e.g. `1.0` on a card without `supportedInterfaces`): `0.3`, the
 *    shape a `url`-based card has; the checker then warns `a2a/protocol-version-mismatch`.
 * 6. No `protocolVersion`: `authentication` present means `0.2` (pre-OpenAPI auth); any of
 *    `preferredTransport`, `additionalInterfaces`, `securitySchemes`, `signatures`,
 *    `supportsAuthenticatedExtendedCard` means `0.3`; otherwise `0.2` (the `agent.json` era, CAP draft-01).
 *
 * Input that is not an object reads as `0.3`, the current `url`-based shape, so errors name its fields.
 */
export function detectA2AVersion(input: unknown): A2AVersion {
  if (!isRecord(input)) return '0.3';
  const card = input;
  if (card['supportedInterfaces'] !== undefined) return card['url'] !== undefined ? 'hybrid' : '1.0';
  const declared = card['protocolVersion'];
  if (typeof declared === 'string') {
    const v = declared.trim();
    if (v.startsWith('0.3')) return '0.3';
    if (v.startsWith('0.2') || v.startsWith('0.1')) return '0.2';
    return '0.3';
  }
  if (card['authentication'] !== undefined) return '0.2';
  for (const key of V03_SIGNALS) if (card[key] !== undefined) return '0.3';
  return '0.2';
}
