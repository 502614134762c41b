import { AgentWebError, createErrorGuard } from '@agentweb/core';

/** A skill that is not tagged `auth:public` was called without credentials; nothing was sent. */
export class CapCredentialsRequiredError extends AgentWebError {
  /** The skill. */
  readonly skillId: string;
  /** The merchant. */
  readonly merchantId: string;

  constructor(options: { skillId: string; merchantId: string }) {
    super({
      code: 'CAP_CREDENTIALS_REQUIRED',
      message: `${options.skillId} on ${options.merchantId} is not tagged auth:public, so it needs credentials; pass \`credentials\` to createMerchantClient. Nothing was sent.`,
    });
    this.name = 'CapCredentialsRequiredError';
    this.skillId = options.skillId;
    this.merchantId = options.merchantId;
  }
}

/** True when `error` is a {@link CapCredentialsRequiredError}. */
export const isCapCredentialsRequiredError = createErrorGuard<CapCredentialsRequiredError>(
  'CapCredentialsRequiredError',
);

/** Why a skill cannot be called as asked. */
export type SkillNotSupportedReason = 'not-declared' | 'text-not-accepted';

/** The merchant's card does not offer the skill, or not in the requested input mode; nothing was sent. */
export class CapSkillNotSupportedError extends AgentWebError {
  /** The skill. */
  readonly skillId: string;
  /** The merchant. */
  readonly merchantId: string;
  /** `not-declared`: no such skill on the card; `text-not-accepted`: its inputModes lack `text/plain`. */
  readonly reason: SkillNotSupportedReason;

  constructor(options: { skillId: string; merchantId: string; reason: SkillNotSupportedReason }) {
    super({
      code: 'CAP_SKILL_NOT_SUPPORTED',
      message:
        options.reason === 'not-declared'
          ? `${options.merchantId} does not declare ${options.skillId} on its agent card. Nothing was sent.`
          : `${options.skillId} on ${options.merchantId} does not list text/plain in its inputModes, so it cannot be invoked with text. Nothing was sent.`,
    });
    this.name = 'CapSkillNotSupportedError';
    this.skillId = options.skillId;
    this.merchantId = options.merchantId;
    this.reason = options.reason;
  }
}

/** True when `error` is a {@link CapSkillNotSupportedError}. */
export const isCapSkillNotSupportedError =
  createErrorGuard<CapSkillNotSupportedError>('CapSkillNotSupportedError');

/** The merchant left the task in a state a CAP call cannot finish from (`input-required`, `auth-required`, ...). */
export class CapTaskStateError extends AgentWebError {
  /** The skill. */
  readonly skillId: string;
  /** The merchant. */
  readonly merchantId: string;
  /** The task's state. */
  readonly state: string;
  /** The task id. */
  readonly taskId: string;

  constructor(options: { skillId: string; merchantId: string; state: string; taskId: string }) {
    super({
      code: 'CAP_UNEXPECTED_TASK_STATE',
      message: `${options.skillId} on ${options.merchantId} ended in state "${options.state}" (task ${options.taskId}), not completed or failed`,
    });
    this.name = 'CapTaskStateError';
    this.skillId = options.skillId;
    this.merchantId = options.merchantId;
    this.state = options.state;
    this.taskId = options.taskId;
  }
}

/** True when `error` is a {@link CapTaskStateError}. */
export const isCapTaskStateError = createErrorGuard<CapTaskStateError>('CapTaskStateError');

/** The merchant client was closed (`close()`); nothing was sent. */
export class MerchantClientClosedError extends AgentWebError {
  /** The merchant. */
  readonly merchantId: string;

  constructor(merchantId: string) {
    super({
      code: 'CAP_MERCHANT_CLIENT_CLOSED',
      message: `the merchant client for ${merchantId} was closed; create a new one. Nothing was sent.`,
    });
    this.name = 'MerchantClientClosedError';
    this.merchantId = merchantId;
  }
}

/** True when `error` is a {@link MerchantClientClosedError}. */
export const isMerchantClientClosedError =
  createErrorGuard<MerchantClientClosedError>('MerchantClientClosedError');
