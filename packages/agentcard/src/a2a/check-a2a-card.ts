import { describeError } from '../errors.js';
import type { CardFormatModule, FormatCheck, FormatCheckOptions } from '../format-check.js';
import { IssueCollector } from '../issue-collector.js';
import { asArray, asRecord, asString, describeValue, type JsonObject } from '../json-value.js';
import { fromZodIssues, type IssuePath } from '../validation-issue.js';
import {
  A2A_CARD_SCHEMAS,
  A2A_TRANSPORTS,
  A2A_V10_SECURITY_SCHEME_KINDS,
  type A2AAgentCard,
  type A2AVersion,
} from './a2a-card-schema.js';
import { a2aCardToProfile } from './a2a-card-to-profile.js';
import { checkCapExtension } from './check-cap-extension.js';
import { detectA2AVersion } from './detect-a2a-version.js';
import { normalizeSdkOneofs } from './normalize-sdk-oneof.js';
import { type RequirementForm, requirementNames } from './security-requirements.js';

const KNOWN_TRANSPORTS: ReadonlySet<string> = new Set(A2A_TRANSPORTS);
const VERSION_PATTERN = /^\d+\.\d+(\.\d+)?([-+][0-9A-Za-z.-]+)?$/;

/**
 * Rules reported as errors when `strict` is true and as warnings otherwise. Everything else has a fixed
 * severity: zod (structural) issues and endpoint rules are always errors, CAP rules always warnings.
 */
export const A2A_STRICT_ONLY_RULES: ReadonlySet<string> = new Set([
  'a2a/protocol-version-required',
  'a2a/security-undefined-scheme',
  'a2a/duplicate-skill-id',
]);

/** Reports `rule` as an error, downgraded to a warning when lenient if it is in {@link A2A_STRICT_ONLY_RULES}. */
function reportError(out: IssueCollector, path: IssuePath, rule: string, detail: string): void {
  if (A2A_STRICT_ONLY_RULES.has(rule)) out.errorWhenStrict(path, rule, detail);
  else out.error(path, rule, detail);
}

/**
 * Checks an A2A card of any version. Never throws; every problem is collected.
 *
 * - Structure, with the zod schema of the detected version: `a2a/<zod code>` (e.g. `a2a/invalid_type`), errors.
 * - Errors: `a2a/endpoint-required`, `a2a/url-absolute`, `a2a/interface-fields`, `a2a/security-scheme-oneof`,
 *   and, downgraded to warnings when `strict` is false ({@link A2A_STRICT_ONLY_RULES}):
 *   `a2a/protocol-version-required`, `a2a/security-undefined-scheme`, `a2a/duplicate-skill-id`.
 * - Warnings: `a2a/sdk-oneof-form` (1.0/hybrid `securitySchemes` in the `@a2a-js/sdk` internal
 *   `{ $case, value }` form, read as ProtoJSON; the returned `card` is then a normalised copy), `a2a/insecure-url`, `a2a/unknown-transport`, `a2a/main-url-not-listed`,
 *   `a2a/protocol-version-mismatch`, `a2a/unknown-protocol-version`, `a2a/link-url`, `cap/skill-without-extension`,
 *   `cap/extension-without-skills`, `cap/duplicate-extension`, `cap/invalid-params`, `cap/unknown-query-mode`,
 *   `cap/public-skill-requires-auth`.
 * - `input/unreadable` (error) only for non-JSON input whose reading throws.
 */
export function checkA2ACard(
  input: unknown,
  options: FormatCheckOptions = { strict: true },
): FormatCheck<A2AAgentCard> {
  const version = detectA2AVersion(input);
  const out = new IssueCollector(options.strict);
  let value = input;
  try {
    // Cards served by @a2a-js/sdk 1.3.0 carry its internal oneof form; read them as the ProtoJSON they mean.
    const record = asRecord(input);
    if (record !== undefined && (version === '1.0' || version === 'hybrid')) {
      const normalized = normalizeSdkOneofs(record);
      value = normalized.card;
      out.warnings.push(...normalized.warnings);
    }
    const parsed = A2A_CARD_SCHEMAS[version].safeParse(value);
    if (!parsed.success) out.errors.push(...fromZodIssues(parsed.error.issues, 'a2a'));
    const card = asRecord(value);
    if (card !== undefined) checkSemantics(card, version, out);
  } catch (cause) {
    // Only reachable with non-JSON input (throwing getters, proxies); report rather than throw.
    out.error([], 'input/unreadable', `could not be read: ${describeError(cause)}`);
  }
  // The (normalised) input is returned as-is: zod produced an equal copy, keeping both would only cost memory.
  return { version, card: value as A2AAgentCard, errors: out.errors, warnings: out.warnings };
}

function checkSemantics(card: JsonObject, version: A2AVersion, out: IssueCollector): void {
  checkEndpoints(card, version, out);
  checkProtocolVersion(card, version, out);
  checkSecurity(card, version, out);
  checkSkills(card, out);
  checkCapExtension(card, out);
  checkLinks(card, out);
}

function isLoopback(hostname: string): boolean {
  // WHATWG URL has already normalised IPv4 literals to dotted quads, so a name like `127.evil.example` stays out.
  return (
    hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

function parseUrl(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

function checkEndpointUrl(
  path: IssuePath,
  url: string,
  binding: string | undefined,
  out: IssueCollector,
): void {
  const parsed = parseUrl(url);
  const isHttp = parsed !== undefined && (parsed.protocol === 'https:' || parsed.protocol === 'http:');
  if (!isHttp) {
    // gRPC targets are often written `host:port` or with a `dns:`/`grpc:` scheme; accept those there.
    const grpcOk = binding === 'GRPC' && (parsed !== undefined || /^[^\s/:]+:\d+$/.test(url));
    if (!grpcOk) {
      out.error(
        path,
        'a2a/url-absolute',
        `endpoint URL must be an absolute http(s) URL, got ${describeValue(url)}`,
      );
    }
    return;
  }
  if (parsed.protocol === 'http:' && !isLoopback(parsed.hostname)) {
    out.warn(path, 'a2a/insecure-url', 'endpoint uses plain http; A2A requires https in production');
  }
}

function checkTransport(path: IssuePath, value: unknown, out: IssueCollector): void {
  if (typeof value === 'string' && value !== '' && !KNOWN_TRANSPORTS.has(value)) {
    out.warn(
      path,
      'a2a/unknown-transport',
      `${describeValue(value)} is not one of ${A2A_TRANSPORTS.join(', ')}`,
    );
  }
}

function checkEndpoints(card: JsonObject, version: A2AVersion, out: IssueCollector): void {
  const url = asString(card['url']);
  const supported = asArray(card['supportedInterfaces']);
  const hasSupported = supported.some((i) => (asString(asRecord(i)?.['url']) ?? '') !== '');
  if ((url === undefined || url === '') && !hasSupported) {
    out.error([], 'a2a/endpoint-required', 'no endpoint: neither `url` nor a `supportedInterfaces` entry');
  }

  const preferred = card['preferredTransport'];
  checkTransport(['preferredTransport'], preferred, out);
  if (url !== undefined && url !== '') checkEndpointUrl(['url'], url, asString(preferred) ?? 'JSONRPC', out);

  const additional = asArray(card['additionalInterfaces']);
  additional.forEach((raw, i) => {
    checkAdditionalInterface(asRecord(raw), ['additionalInterfaces', i], out);
  });
  if (
    url !== undefined &&
    additional.length > 0 &&
    !additional.some((raw) => asRecord(raw)?.['url'] === url)
  ) {
    out.warn(
      ['additionalInterfaces'],
      'a2a/main-url-not-listed',
      'should also list the main `url` so clients see every transport in one place',
    );
  }

  supported.forEach((raw, i) => {
    checkSupportedInterface(asRecord(raw), ['supportedInterfaces', i], out);
  });

  if (version === '1.0' && card['preferredTransport'] !== undefined) {
    out.warn(
      ['preferredTransport'],
      'a2a/protocol-version-mismatch',
      'a 0.3 field on a 1.0 card without `url`; it is ignored',
    );
  }
}

function checkAdditionalInterface(entry: JsonObject | undefined, base: IssuePath, out: IssueCollector): void {
  if (entry === undefined) return;
  const transport = asString(entry['transport']);
  if (transport === '') out.error([...base, 'transport'], 'a2a/interface-fields', 'empty');
  checkTransport([...base, 'transport'], transport, out);
  const url = asString(entry['url']);
  if (url === '') out.error([...base, 'url'], 'a2a/interface-fields', 'empty');
  else if (url !== undefined) checkEndpointUrl([...base, 'url'], url, transport, out);
}

function checkSupportedInterface(entry: JsonObject | undefined, base: IssuePath, out: IssueCollector): void {
  if (entry === undefined) return;
  for (const field of ['url', 'protocolBinding', 'protocolVersion'] as const) {
    if (entry[field] === '') {
      out.error([...base, field], 'a2a/interface-fields', 'required, got an empty string');
    }
  }
  const binding = asString(entry['protocolBinding']);
  checkTransport([...base, 'protocolBinding'], binding, out);
  const pv = asString(entry['protocolVersion']);
  if (pv !== undefined && pv !== '' && !VERSION_PATTERN.test(pv)) {
    out.warn(
      [...base, 'protocolVersion'],
      'a2a/unknown-protocol-version',
      `${describeValue(pv)} is not a version number`,
    );
  }
  const url = asString(entry['url']);
  if (url !== undefined && url !== '') checkEndpointUrl([...base, 'url'], url, binding, out);
}

function checkProtocolVersion(card: JsonObject, version: A2AVersion, out: IssueCollector): void {
  const pv = card['protocolVersion'];
  if (version === '0.3' && pv === undefined) {
    reportError(
      out,
      ['protocolVersion'],
      'a2a/protocol-version-required',
      'required on 0.3 cards (read as 0.3.0)',
    );
  }
  if (typeof pv !== 'string') return;
  if (!VERSION_PATTERN.test(pv.trim())) {
    out.warn(
      ['protocolVersion'],
      'a2a/unknown-protocol-version',
      `${describeValue(pv)} is not a version number`,
    );
    return;
  }
  if ((version === '0.3' || version === 'hybrid') && !pv.startsWith('0.')) {
    out.warn(
      ['protocolVersion'],
      'a2a/protocol-version-mismatch',
      `${describeValue(pv)} but the card has the ${version === 'hybrid' ? '0.3 `url` of a hybrid' : '0.3'} shape; read as 0.3`,
    );
  }
}

function checkSecurity(card: JsonObject, version: A2AVersion, out: IssueCollector): void {
  const schemes = asRecord(card['securitySchemes']);
  if (schemes !== undefined && (version === '1.0' || version === 'hybrid')) {
    for (const [name, raw] of Object.entries(schemes)) {
      const scheme = asRecord(raw);
      if (scheme === undefined) continue;
      if (version === 'hybrid' && scheme['type'] !== undefined) continue; // 0.3 form, checked by zod
      const set = A2A_V10_SECURITY_SCHEME_KINDS.filter((k) => scheme[k] !== undefined);
      if (set.length !== 1) {
        const hint =
          scheme['type'] !== undefined
            ? ' (this is the 0.3 `type` form)'
            : '$case' in scheme || asRecord(scheme['scheme'])?.['$case'] !== undefined
              ? ' (an @a2a-js/sdk oneof whose $case is not a known scheme or whose value is not an object)'
              : '';
        out.error(
          ['securitySchemes', name],
          'a2a/security-scheme-oneof',
          `must set exactly one of ${A2A_V10_SECURITY_SCHEME_KINDS.join(', ')}, found ${set.length}${hint}`,
        );
      }
    }
  }

  const known = new Set(Object.keys(schemes ?? {}));
  const verify = (path: IssuePath, v: unknown, form: RequirementForm): void => {
    for (const { names, index } of requirementNames(v, form)) {
      for (const name of names) {
        if (known.has(name)) continue;
        const at: IssuePath = form === '0.3' ? [...path, index, name] : [...path, index, 'schemes', name];
        reportError(
          out,
          at,
          'a2a/security-undefined-scheme',
          `names scheme ${describeValue(name)}, which securitySchemes does not define`,
        );
      }
    }
  };
  verify(['security'], card['security'], '0.3');
  verify(['securityRequirements'], card['securityRequirements'], '1.0');
  asArray(card['skills']).forEach((raw, i) => {
    const skill = asRecord(raw);
    if (skill === undefined) return;
    verify(['skills', i, 'security'], skill['security'], '0.3');
    verify(['skills', i, 'securityRequirements'], skill['securityRequirements'], '1.0');
  });
}

function checkSkills(card: JsonObject, out: IssueCollector): void {
  const seen = new Set<string>();
  asArray(card['skills']).forEach((raw, i) => {
    const id = asString(asRecord(raw)?.['id']);
    if (id === undefined) return;
    if (seen.has(id))
      reportError(out, ['skills', i, 'id'], 'a2a/duplicate-skill-id', `${describeValue(id)} is used twice`);
    seen.add(id);
  });
}

function checkLinks(card: JsonObject, out: IssueCollector): void {
  const links: [IssuePath, unknown][] = [
    [['documentationUrl'], card['documentationUrl']],
    [['iconUrl'], card['iconUrl']],
    [['provider', 'url'], asRecord(card['provider'])?.['url']],
  ];
  for (const [path, value] of links) {
    if (typeof value !== 'string' || value === '') continue;
    const protocol = parseUrl(value)?.protocol;
    if (protocol === undefined || !/^https?:$/.test(protocol)) {
      out.warn(path, 'a2a/link-url', `should be an absolute http(s) URL, got ${describeValue(value)}`);
    }
  }
}

/** The A2A format module used by `parseAgentCard`. */
export const a2aCardFormat: CardFormatModule<A2AAgentCard> = {
  check: checkA2ACard,
  toProfile: a2aCardToProfile,
};
