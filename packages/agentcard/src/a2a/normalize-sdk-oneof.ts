import { asRecord, describeValue, type JsonObject } from '../json-value.js';
import { type IssuePath, issueAt, type ValidationIssue } from '../validation-issue.js';
import { A2A_V10_SECURITY_SCHEME_KINDS } from './a2a-card-schema.js';

/*
 * Why this exists: `@a2a-js/sdk` 1.3.0 (ts-proto generated types) models every proto `oneof` as
 * `{ $case: <member>, value: <message> }` under the oneof's own name. Its `AgentCard.toJSON` (dist/index.js,
 * `SecurityScheme.toJSON`, `OAuthFlows.toJSON`) turns that into ProtoJSON (`{ httpAuthSecurityScheme: {...} }`,
 * omitting `""`/`[]` defaults), but the Express `agentCardHandler` (dist/server/express/index.js,
 * `src/server/express/agent_card_handler.ts`) sends `JSON.stringify(await provider())` of the internal object,
 * so every 1.0 card it serves carries:
 *
 * - `securitySchemes.<name>`: `{ "scheme": { "$case": "httpAuthSecurityScheme", "value": { ... } } }`
 *   (oneof `scheme`; members apiKey/httpAuth/oauth2/openIdConnect/mtls `SecurityScheme`);
 * - `...oauth2SecurityScheme.flows`: `{ "flow": { "$case": "clientCredentials", "value": { ... } } }`
 *   (oneof `flow`; members authorizationCode/clientCredentials/implicit/password/deviceCode);
 * - proto3 defaults written out (`description: ""`, `oauth2MetadataUrl: ""`, `refreshUrl: ""`, `tenant: ""`,
 *   `extensions: []`, `signatures: []`), which the 1.0 model already accepts, so they are kept as served.
 *
 * `securityRequirements` (`{ schemes: { x: { list: [] } } }`) is the same in both forms. The SDK's only other
 * oneofs (`Part.content`: text/raw/url/data; `StreamResponse.payload`; `SendMessageResponse`) live in messages
 * and tasks, not cards. The SDK's own client (`AgentCardResolver.normalizeAgentCard`) reads the internal form
 * back unchanged, which is why SDK-to-SDK traffic never noticed. The legacy 0.3 router converts schemes to the
 * 0.3 `type` form properly (`toCompatAgentCard`), so only the 1.0 response is affected.
 *
 * The bare `{ "$case", "value" }` (without the `scheme`/`flow` wrapper) is accepted too: it is what a server
 * serialising the oneof field itself, instead of the whole message, would send.
 */

const SCHEME_KINDS: ReadonlySet<string> = new Set(A2A_V10_SECURITY_SCHEME_KINDS);
const FLOW_KINDS: ReadonlySet<string> = new Set([
  'authorizationCode',
  'clientCredentials',
  'implicit',
  'password',
  'deviceCode',
]);

/** Rule id of the warning reported for each oneof read from the SDK's internal form. */
export const SDK_ONEOF_FORM_RULE = 'a2a/sdk-oneof-form';

/** A card with every SDK-form oneof rewritten to ProtoJSON, and one warning per rewrite. */
export interface NormalizedSdkOneofs {
  /** The input itself when nothing was rewritten; otherwise a copy sharing every untouched branch. */
  card: JsonObject;
  /** One `a2a/sdk-oneof-form` warning per rewritten oneof, at its path in the returned card. */
  warnings: ValidationIssue[];
}

interface Oneof {
  member: string;
  value: JsonObject;
  /** Keys of the holder other than the oneof, kept on the rewritten object. */
  rest: JsonObject;
  served: string;
}

/**
 * Reads `holder` as an SDK oneof whose members are `members`: either `{ [field]: { $case, value } }` alone
 * or a bare `{ $case, value }`. Undefined when it is not one, or when a ProtoJSON member is already set
 * (two answers to one oneof must stay visible to the oneof check instead of being merged).
 */
function readOneof(holder: JsonObject, field: string, members: ReadonlySet<string>): Oneof | undefined {
  if (Object.keys(holder).some((k) => members.has(k))) return undefined;
  const wrapped = asRecord(holder[field]);
  const [inner, served] =
    wrapped !== undefined && '$case' in wrapped
      ? [wrapped, `{ ${field}: { $case, value } }`]
      : [holder, '{ $case, value }'];
  const member = inner['$case'];
  const value = asRecord(inner['value']);
  if (typeof member !== 'string' || !members.has(member) || value === undefined) return undefined;
  // fromEntries defines keys, so an own `__proto__` key (possible when code calls the checker directly) stays data.
  const rest = Object.fromEntries(
    Object.entries(holder).filter(([k]) => (inner === holder ? k !== '$case' && k !== 'value' : k !== field)),
  );
  return { member, value, rest, served };
}

function warning(path: IssuePath, oneof: Oneof): ValidationIssue {
  return issueAt(
    path,
    SDK_ONEOF_FORM_RULE,
    `the @a2a-js/sdk internal oneof form ${oneof.served} with $case ${describeValue(oneof.member)} was read as ProtoJSON { ${oneof.member}: ... }`,
  );
}

function normalizeFlows(value: JsonObject, path: IssuePath, warnings: ValidationIssue[]): JsonObject {
  const flows = asRecord(value['flows']);
  if (flows === undefined) return value;
  const oneof = readOneof(flows, 'flow', FLOW_KINDS);
  if (oneof === undefined) return value;
  warnings.push(warning([...path, 'flows'], oneof));
  return { ...value, flows: { ...oneof.rest, [oneof.member]: oneof.value } };
}

/**
 * Rewrites the `securitySchemes` of a 1.0 or hybrid card from the `@a2a-js/sdk` internal oneof form to
 * ProtoJSON, without touching the input. Entries in the 0.3 `type` form, in ProtoJSON, or unrecognisable are
 * left as they are for the checker to judge. Reads only own enumerable keys, like `JSON.stringify`.
 */
export function normalizeSdkOneofs(card: JsonObject): NormalizedSdkOneofs {
  const warnings: ValidationIssue[] = [];
  const schemes = asRecord(card['securitySchemes']);
  if (schemes === undefined) return { card, warnings };
  const replaced = new Map<string, JsonObject>();
  for (const [name, raw] of Object.entries(schemes)) {
    const entry = asRecord(raw);
    if (entry === undefined || entry['type'] !== undefined) continue;
    const path: IssuePath = ['securitySchemes', name];
    let next: JsonObject | undefined;
    const oneof = readOneof(entry, 'scheme', SCHEME_KINDS);
    if (oneof !== undefined) {
      warnings.push(warning(path, oneof));
      const value =
        oneof.member === 'oauth2SecurityScheme'
          ? normalizeFlows(oneof.value, [...path, oneof.member], warnings)
          : oneof.value;
      next = { ...oneof.rest, [oneof.member]: value };
    } else {
      // A ProtoJSON scheme whose flows alone are in the SDK form (a card assembled from both worlds).
      const oauth = asRecord(entry['oauth2SecurityScheme']);
      if (oauth !== undefined) {
        const flows = normalizeFlows(oauth, [...path, 'oauth2SecurityScheme'], warnings);
        if (flows !== oauth) next = { ...entry, oauth2SecurityScheme: flows };
      }
    }
    if (next !== undefined) replaced.set(name, next);
  }
  if (replaced.size === 0) return { card, warnings };
  const securitySchemes = Object.fromEntries(
    Object.entries(schemes).map(([name, raw]) => [name, replaced.get(name) ?? raw]),
  );
  return { card: { ...card, securitySchemes }, warnings };
}
