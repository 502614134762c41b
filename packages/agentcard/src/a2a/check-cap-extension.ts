import type { IssueCollector } from '../issue-collector.js';
import { asArray, asRecord, asString, asStringArray, describeValue, type JsonObject } from '../json-value.js';
import type { IssuePath } from '../validation-issue.js';
import { AUTH_PUBLIC_TAG, CAP_EXTENSION_URI, CAP_QUERY_MODES, CAP_SKILL_PREFIX } from './a2a-card-schema.js';

const KNOWN_QUERY_MODES: ReadonlySet<string> = new Set(CAP_QUERY_MODES);
/** CAP skills the CAP spec says MUST require authentication, so an `auth:public` tag on them is suspect. */
const CAP_AUTH_REQUIRED_SKILLS: ReadonlySet<string> = new Set(['cap:cart_manage', 'cap:order_status']);

/** True when `uri` names the CAP extension; a trailing slash is tolerated. */
export function isCapExtensionUri(uri: unknown): boolean {
  return uri === CAP_EXTENSION_URI || uri === `${CAP_EXTENSION_URI}/`;
}

/**
 * The CAP rules of an A2A card, all warnings: `cap/duplicate-extension`, `cap/public-skill-requires-auth`,
 * `cap/skill-without-extension`, `cap/extension-without-skills`, `cap/invalid-params`, `cap/unknown-query-mode`.
 */
export function checkCapExtension(card: JsonObject, out: IssueCollector): void {
  const extensions = asArray(asRecord(card['capabilities'])?.['extensions']);
  let capIndex = -1;
  extensions.forEach((raw, i) => {
    if (!isCapExtensionUri(asRecord(raw)?.['uri'])) return;
    if (capIndex >= 0) {
      out.warn(
        ['capabilities', 'extensions', i],
        'cap/duplicate-extension',
        `CAP extension declared again; the first one (index ${capIndex}) is used`,
      );
      return;
    }
    capIndex = i;
  });

  let capSkills = 0;
  asArray(card['skills']).forEach((raw, i) => {
    const skill = asRecord(raw);
    const id = asString(skill?.['id']);
    if (id === undefined || !id.startsWith(CAP_SKILL_PREFIX)) return;
    capSkills++;
    if (CAP_AUTH_REQUIRED_SKILLS.has(id) && asStringArray(skill?.['tags'])?.includes(AUTH_PUBLIC_TAG)) {
      out.warn(
        ['skills', i, 'tags'],
        'cap/public-skill-requires-auth',
        `${id} is tagged ${AUTH_PUBLIC_TAG} but CAP requires authentication for it`,
      );
    }
  });

  if (capIndex < 0) {
    if (capSkills > 0) {
      out.warn(
        ['capabilities', 'extensions'],
        'cap/skill-without-extension',
        `the card has ${capSkills} cap: skill(s) but does not declare the CAP extension ${CAP_EXTENSION_URI}`,
      );
    }
    return;
  }
  const base: IssuePath = ['capabilities', 'extensions', capIndex];
  if (capSkills === 0) {
    out.warn(base, 'cap/extension-without-skills', 'CAP extension declared but no skill id starts with cap:');
  }
  checkCapParams(asRecord(extensions[capIndex])?.['params'], base, out);
}

function checkCapParams(params: unknown, base: IssuePath, out: IssueCollector): void {
  if (params === undefined) return;
  const paramsRecord = asRecord(params);
  if (paramsRecord === undefined) {
    out.warn([...base, 'params'], 'cap/invalid-params', 'must be an object');
    return;
  }
  const modes = paramsRecord['search-query-modes'];
  if (modes === undefined) return;
  const modesPath: IssuePath = [...base, 'params', 'search-query-modes'];
  if (!Array.isArray(modes)) {
    out.warn(modesPath, 'cap/invalid-params', 'must be an array of strings');
    return;
  }
  modes.forEach((mode, j) => {
    if (typeof mode !== 'string') {
      out.warn([...modesPath, j], 'cap/invalid-params', 'must be a string');
    } else if (!KNOWN_QUERY_MODES.has(mode)) {
      out.warn(
        [...modesPath, j],
        'cap/unknown-query-mode',
        `${describeValue(mode)} is not a CAP query mode (${CAP_QUERY_MODES.join(', ')})`,
      );
    }
  });
}
