import { is, required } from '@agentweb/core';

/**
 * The structure `createA2ACard` walks before it validates the card; the values themselves (names, URLs, scheme
 * references) are checked by the card validation (`CardValidationError`).
 */
export const A2A_CARD_OPTION_RULES = {
  skills: required(is.arrayOf(is.object)),
  protocolVersion: is.oneOf('0.3.0', '1.0', 'hybrid'),
  transport: is.string,
  additionalInterfaces: is.arrayOf(is.object),
  cap: is.object,
  extensions: is.arrayOf(is.object),
  securitySchemes: is.object,
  security: is.arrayOf(is.object),
  provider: is.object,
  streaming: is.boolean,
  pushNotifications: is.boolean,
  extendedCard: is.boolean,
  defaultInputModes: is.arrayOf(is.string),
  defaultOutputModes: is.arrayOf(is.string),
} as const;

/** What `createCapSkill` reads. */
export const CAP_SKILL_OPTION_RULES = {
  skill: required(is.nonEmptyString),
  name: is.string,
  description: is.string,
  public: is.boolean,
  tags: is.arrayOf(is.string),
  security: is.arrayOf(is.object),
} as const;

/** The structure `createIetfAgentCard` walks before it validates the card. */
export const IETF_CARD_OPTION_RULES = {
  agentId: is.string,
  capabilities: required(is.arrayOf(is.object)),
  endpoint: required(is.object),
  pricing: is.object,
  metadata: is.object,
  goalSubscriptions: is.arrayOf(is.object),
} as const;
