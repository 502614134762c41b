import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { AgentWebError, createErrorGuard, isAgentWebError } from './agentweb-error.js';

class ExampleError extends AgentWebError {
  constructor(message: string) {
    super({ code: 'EXAMPLE', message });
    this.name = 'ExampleError';
  }
}
const isExampleError = createErrorGuard<ExampleError>('ExampleError');

describe('AgentWebError', () => {
  it('carries code, message and cause', () => {
    const cause = new TypeError('boom');
    const error = new AgentWebError({ code: 'X_FAILED', message: 'x failed', cause });
    expect(error.code).toBe('X_FAILED');
    expect(error.message).toBe('x failed');
    expect(error.cause).toBe(cause);
    expect(error).toBeInstanceOf(Error);
  });

  it('is recognised by the guard but plain errors and look-alikes are not', () => {
    expect(isAgentWebError(new AgentWebError({ code: 'A', message: 'a' }))).toBe(true);
    expect(AgentWebError.isInstance(new ExampleError('e'))).toBe(true);
    expect(isAgentWebError(new Error('plain'))).toBe(false);
    expect(isAgentWebError({ code: 'A', message: 'fake' })).toBe(false);
    expect(isAgentWebError(null)).toBe(false);
    expect(isAgentWebError('AgentWebError')).toBe(false);
  });

  it('is recognised across realms through the global symbol registry', () => {
    const foreign = runInNewContext(`
      const e = new Error('from another realm');
      e.code = 'FOREIGN';
      e.name = 'ExampleError';
      e[Symbol.for('agentweb.error')] = true;
      e;
    `);
    expect(foreign instanceof AgentWebError).toBe(false);
    expect(isAgentWebError(foreign)).toBe(true);
    expect(isExampleError(foreign)).toBe(true);
  });

  it('subclass guards tell subclasses apart', () => {
    expect(isExampleError(new ExampleError('e'))).toBe(true);
    expect(isExampleError(new AgentWebError({ code: 'EXAMPLE', message: 'e' }))).toBe(false);
  });
});
