import type { CardFormatModule, FormatCheck, FormatCheckOptions } from '../format-check.js';
import { IssueCollector } from '../issue-collector.js';
import { describeValue, isFiniteNumber, isRecord, type JsonObject, typeName } from '../json-value.js';
import type { IssuePath } from '../validation-issue.js';
import {
  countCodePoints,
  IETF_AGENT_ID_PATTERN,
  IETF_AGENTCARD_VERSION,
  IETF_AUTH_SCHEMES,
  IETF_CAPABILITY_ID_PATTERN,
  IETF_NAME_MAX_CODE_POINTS,
  IETF_PROTOCOL_URL_SCHEMES,
  IETF_PROTOCOLS,
  IETF_SEMVER_PATTERN,
  IETF_TRUST_TIERS,
  IETF_URI_PATTERN,
  type IetfAgentCard,
  type IetfProtocol,
  LANDAUER_FLOOR_JOULES,
  urlSuitsProtocol,
} from './ietf-card-schema.js';
import { ietfCardToProfile } from './ietf-card-to-profile.js';

/** Prefix of every rule id this module reports, e.g. `ietf-agentcard/4`, `ietf-agentcard/2.5.2`. */
export const IETF_RULE_PREFIX = 'ietf-agentcard';

/** Rule id of the warning for an `agent_id` whose first character is above 7, so not a real ULID. */
export const IETF_ULID_RANGE_RULE = `${IETF_RULE_PREFIX}/ulid-range`;

const PROTOCOLS: readonly string[] = IETF_PROTOCOLS;
const AUTH_SCHEMES: readonly string[] = IETF_AUTH_SCHEMES;
const TRUST_TIERS: readonly string[] = IETF_TRUST_TIERS;

function isProtocol(value: unknown): value is IetfProtocol {
  return typeof value === 'string' && PROTOCOLS.includes(value);
}

/** Rule id of a §5 rule number or a §2 section, e.g. `ietf-agentcard/4`, `ietf-agentcard/2.5.2`. */
function ruleId(ruleOrSection: number | string): string {
  return `${IETF_RULE_PREFIX}/${ruleOrSection}`;
}

function checkAgentId(card: JsonObject, out: IssueCollector): void {
  const id = card['agent_id'];
  const path = ['agent_id'];
  if (typeof id !== 'string') {
    out.error(path, ruleId(1), `agent_id must be a string ULID (rule 1), got ${describeValue(id)}`);
    return;
  }
  if (!IETF_AGENT_ID_PATTERN.test(id)) {
    const length = id.length === 26 ? '' : ` (${id.length} characters)`;
    out.error(
      path,
      ruleId(1),
      `agent_id must be exactly 26 characters of the Crockford Base32 alphabet [0-9A-HJKMNP-TV-Z] (rule 1), got ${describeValue(id)}${length}`,
    );
    return;
  }
  // Rule 1 checks only length and alphabet; a first character above 7 passes it but encodes more than 128
  // bits, so no ULID generator can have made it.
  if (id.charCodeAt(0) > '7'.charCodeAt(0)) {
    out.warn(
      path,
      IETF_ULID_RANGE_RULE,
      `agent_id ${describeValue(id)} passes rule 1 but is not a real ULID: the first character must be 0-7 (§2.1)`,
    );
  }
}

function checkName(card: JsonObject, out: IssueCollector): void {
  const name = card['name'];
  const path = ['name'];
  if (name === undefined) {
    out.errorWhenStrict(path, ruleId('2.2'), 'name missing (REQUIRED, §2.2)');
    return;
  }
  if (typeof name !== 'string') {
    out.errorWhenStrict(
      path,
      ruleId('2.2'),
      `name must be a string of 1..128 code points (§2.2), got ${typeName(name)}`,
    );
    return;
  }
  const length = countCodePoints(name);
  if (length < 1 || length > IETF_NAME_MAX_CODE_POINTS) {
    out.errorWhenStrict(
      path,
      ruleId('2.2'),
      `name must be a string of 1..128 code points (§2.2), got ${length}`,
    );
  }
}

function checkVersion(card: JsonObject, out: IssueCollector): void {
  const version = card['version'];
  if (typeof version !== 'string' || !IETF_SEMVER_PATTERN.test(version)) {
    out.error(
      ['version'],
      ruleId(2),
      `version must be a Semantic Versioning 2.0.0 string (rule 2), got ${describeValue(version)}`,
    );
  }
}

function checkCapabilities(card: JsonObject, out: IssueCollector): void {
  const capabilities = card['capabilities'];
  if (!Array.isArray(capabilities)) {
    out.error(
      ['capabilities'],
      ruleId(3),
      `capabilities must be an array with at least one entry (rule 3), got ${capabilities === undefined ? 'missing' : typeName(capabilities)}`,
    );
    return;
  }
  if (capabilities.length === 0) {
    out.error(
      ['capabilities'],
      ruleId(3),
      'capabilities must contain at least one entry (rule 3), got an empty array',
    );
    return;
  }
  capabilities.forEach((capability: unknown, index) => {
    const base: IssuePath = ['capabilities', index];
    if (!isRecord(capability)) {
      out.error(
        base,
        ruleId(4),
        `capabilities[${index}] must be an object with an id (rule 4), got ${typeName(capability)}`,
      );
      return;
    }
    const id = capability['id'];
    if (typeof id !== 'string' || !IETF_CAPABILITY_ID_PATTERN.test(id)) {
      out.error(
        [...base, 'id'],
        ruleId(4),
        `capability id must match ^[a-z0-9][a-z0-9._-]*$ (rule 4), got ${id === undefined ? 'missing' : describeValue(id)}`,
      );
    }
    const description = capability['description'];
    if (description !== undefined && typeof description !== 'string') {
      out.errorWhenStrict(
        [...base, 'description'],
        ruleId('2.4.2'),
        `description must be a string, got ${typeName(description)}`,
      );
    }
    for (const key of ['input_schema', 'output_schema']) {
      const schema = capability[key];
      if (schema !== undefined && !isRecord(schema)) {
        out.errorWhenStrict(
          [...base, key],
          ruleId('2.4.3'),
          `${key} must be a JSON Schema object (§2.4.3), got ${typeName(schema)}`,
        );
      }
    }
    const tags = capability['tags'];
    if (tags === undefined) return;
    if (!Array.isArray(tags)) {
      out.errorWhenStrict(
        [...base, 'tags'],
        ruleId('2.4.4'),
        `tags must be an array of strings (§2.4.4), got ${typeName(tags)}`,
      );
      return;
    }
    tags.forEach((tag: unknown, tagIndex) => {
      if (typeof tag !== 'string') {
        out.errorWhenStrict(
          [...base, 'tags', tagIndex],
          ruleId('2.4.4'),
          `tags must hold only strings (§2.4.4), got ${typeName(tag)}`,
        );
      }
    });
  });
}

function checkEndpoint(card: JsonObject, out: IssueCollector): void {
  const endpoint = card['endpoint'];
  if (!isRecord(endpoint)) {
    const got = endpoint === undefined ? 'missing' : typeName(endpoint);
    out.error(['endpoint'], ruleId(5), `endpoint must be an object with a protocol (rule 5), got ${got}`);
    out.error(['endpoint'], ruleId(6), `endpoint must be an object with a url (rule 6), got ${got}`);
    return;
  }
  const protocol = endpoint['protocol'];
  const protocolOk = isProtocol(protocol);
  if (!protocolOk) {
    out.error(
      ['endpoint', 'protocol'],
      ruleId(5),
      `endpoint.protocol must be one of ${PROTOCOLS.join(', ')} (rule 5), got ${describeValue(protocol)}`,
    );
  }
  const url = endpoint['url'];
  const urlOk = typeof url === 'string' && IETF_URI_PATTERN.test(url);
  if (!urlOk) {
    out.error(
      ['endpoint', 'url'],
      ruleId(6),
      `endpoint.url must be an absolute RFC 3986 URI (rule 6), got ${url === '' ? 'an empty string' : describeValue(url)}`,
    );
  }
  if (protocolOk && urlOk && !urlSuitsProtocol(protocol, url)) {
    const scheme = url.slice(0, url.indexOf(':')).toLowerCase();
    const allowed = IETF_PROTOCOL_URL_SCHEMES[protocol] ?? [];
    out.errorWhenStrict(
      ['endpoint', 'url'],
      ruleId('2.5.2'),
      `protocol ${protocol} but url scheme is ${scheme}; expected ${allowed.join(' or ')} (§2.5.2)`,
    );
  }
  const auth = endpoint['auth'];
  if (auth === undefined) return;
  if (!isRecord(auth)) {
    out.errorWhenStrict(
      ['endpoint', 'auth'],
      ruleId('2.5.3'),
      `endpoint.auth must be an object (§2.5.3), got ${typeName(auth)}`,
    );
    return;
  }
  const scheme = auth['scheme'];
  if (scheme !== undefined && (typeof scheme !== 'string' || !AUTH_SCHEMES.includes(scheme))) {
    out.errorWhenStrict(
      ['endpoint', 'auth', 'scheme'],
      ruleId('2.5.3'),
      `endpoint.auth.scheme must be one of ${AUTH_SCHEMES.join(', ')} (§2.5.3), got ${describeValue(scheme)}`,
    );
  }
}

function checkPricing(card: JsonObject, out: IssueCollector): void {
  const pricing = card['pricing'];
  if (pricing === undefined) return;
  if (!isRecord(pricing)) {
    out.errorWhenStrict(
      ['pricing'],
      ruleId('2.6'),
      `pricing must be an object (§2.6), got ${typeName(pricing)}`,
    );
    return;
  }
  const base = pricing['base_cost_joules'];
  if (base !== undefined && !(isFiniteNumber(base) && (base === 0 || base >= LANDAUER_FLOOR_JOULES))) {
    out.error(
      ['pricing', 'base_cost_joules'],
      ruleId(7),
      `pricing.base_cost_joules must be a number, either 0 or at least the Landauer limit ${LANDAUER_FLOOR_JOULES} J (rule 7), got ${describeValue(base)}`,
    );
  }
  const perToken = pricing['per_token_joules'];
  if (perToken !== undefined && !(isFiniteNumber(perToken) && perToken >= 0)) {
    out.error(
      ['pricing', 'per_token_joules'],
      ruleId(8),
      `pricing.per_token_joules must be a non-negative number (rule 8), got ${describeValue(perToken)}`,
    );
  }
}

function checkMetadata(card: JsonObject, out: IssueCollector): void {
  const metadata = card['metadata'];
  if (metadata === undefined) return;
  if (!isRecord(metadata)) {
    out.errorWhenStrict(
      ['metadata'],
      ruleId('2.7'),
      `metadata must be an object (§2.7), got ${typeName(metadata)}`,
    );
    return;
  }
  const tier = metadata['pacr:trust_tier'];
  if (tier !== undefined && (typeof tier !== 'string' || !TRUST_TIERS.includes(tier))) {
    out.error(
      ['metadata', 'pacr:trust_tier'],
      ruleId(9),
      `metadata['pacr:trust_tier'] must be one of ${TRUST_TIERS.join(', ')} (rule 9, case-sensitive), got ${describeValue(tier)}`,
    );
  }
}

function checkGoalSubscriptions(card: JsonObject, out: IssueCollector): void {
  const goals = card['goal_subscriptions'];
  if (goals === undefined) return;
  if (!Array.isArray(goals)) {
    out.errorWhenStrict(
      ['goal_subscriptions'],
      ruleId('2.8'),
      `goal_subscriptions must be an array (§2.8), got ${typeName(goals)}`,
    );
    return;
  }
  goals.forEach((goal: unknown, index) => {
    const base: IssuePath = ['goal_subscriptions', index];
    if (!isRecord(goal)) {
      out.errorWhenStrict(
        base,
        ruleId('2.8'),
        `goal_subscriptions[${index}] must be an object (§2.8), got ${typeName(goal)}`,
      );
      return;
    }
    const goalId = goal['goal_id'];
    if (goalId === undefined) {
      out.errorWhenStrict(
        [...base, 'goal_id'],
        ruleId('2.8'),
        `goal_subscriptions[${index}].goal_id missing (REQUIRED, §2.8)`,
      );
    } else if (typeof goalId !== 'string') {
      out.errorWhenStrict(
        [...base, 'goal_id'],
        ruleId('2.8'),
        `goal_id must be a string (§2.8), got ${typeName(goalId)}`,
      );
    }
    const description = goal['description'];
    if (description !== undefined && typeof description !== 'string') {
      out.errorWhenStrict(
        [...base, 'description'],
        ruleId('2.8'),
        `description must be a string (§2.8), got ${typeName(description)}`,
      );
    }
    const priority = goal['priority'];
    if (priority !== undefined && !(isFiniteNumber(priority) && priority >= 0 && priority <= 1)) {
      out.errorWhenStrict(
        [...base, 'priority'],
        ruleId('2.8'),
        `goal_subscriptions[${index}].priority must be a number in [0, 1] (§2.8), got ${describeValue(priority)}`,
      );
    }
  });
}

/**
 * Checks a decoded card against `draft-aevum-agentcard-00`. Every problem is reported, never just the first,
 * and no input shape makes it throw.
 *
 * - §5 rules 1-9 are always errors, with rule ids `ietf-agentcard/1` … `ietf-agentcard/9`. Rule 10 is honoured
 *   by never looking at unknown fields.
 * - §2 MUSTs that §5 does not repeat (`ietf-agentcard/2.2`, `2.4.2`, `2.4.3`, `2.4.4`, `2.5.2`, `2.5.3`, `2.6`,
 *   `2.7`, `2.8`) are errors when `strict`, warnings otherwise.
 * - An `agent_id` that passes rule 1 but starts above `7` gets the warning `ietf-agentcard/ulid-range`.
 */
function check(input: Record<string, unknown>, options: FormatCheckOptions): FormatCheck<IetfAgentCard> {
  // The type says object, but callers may hand over anything decoded from JSON; treat other values as an
  // empty card so every required field is reported missing.
  const card: JsonObject = isRecord(input) ? input : {};
  const out = new IssueCollector(options.strict);
  checkAgentId(card, out);
  checkName(card, out);
  checkVersion(card, out);
  checkCapabilities(card, out);
  checkEndpoint(card, out);
  checkPricing(card, out);
  checkMetadata(card, out);
  checkGoalSubscriptions(card, out);
  return {
    version: IETF_AGENTCARD_VERSION,
    card: card as IetfAgentCard,
    errors: out.errors,
    warnings: out.warnings,
  };
}

/** The IETF AgentCard (`draft-aevum-agentcard-00`) format module used by `parseAgentCard`. */
export const ietfCardFormat: CardFormatModule<IetfAgentCard> = { check, toProfile: ietfCardToProfile };
