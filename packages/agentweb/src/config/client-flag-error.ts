import { AgentWebError, createErrorGuard } from '@agentweb/core';

/** A command-line flag whose value cannot be used. */
export class ClientFlagError extends AgentWebError {
  /** The flag, e.g. `--resolve`. */
  readonly flag: string;
  /** The value as given. */
  readonly value: string;
  constructor(flag: string, value: string, reason: string) {
    super({ code: 'AGENTWEB_FLAG_INVALID', message: `${flag} "${value}": ${reason}` });
    this.name = 'ClientFlagError';
    this.flag = flag;
    this.value = value;
  }
}

/** True for a {@link ClientFlagError}, across package copies. */
export const isClientFlagError = createErrorGuard<ClientFlagError>('ClientFlagError');
