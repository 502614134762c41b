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

class StatusError extends AgentWebError {
  readonly status: number;
  readonly url: string;
  readonly headers: Headers;
  readonly bodyExcerpt: string;
  readonly issues: { path: string; message: string }[];
  readonly retry: () => void;
  constructor(cause?: unknown) {
    super({ code: 'STATUS', message: 'HTTP 503 from https://shop.example/a2a', cause });
    this.name = 'StatusError';
    this.status = 503;
    this.url = 'https://shop.example/a2a';
    this.headers = new Headers({ 'set-cookie': 'session=secret' });
    this.bodyExcerpt = 'secret body';
    this.issues = [{ path: 'a.b', message: 'bad' }];
    this.retry = () => undefined;
  }
}

describe('AgentWebError JSON form', () => {
  it('carries name, code, message and the plain-data fields, never headers or bodies', () => {
    const json = JSON.parse(JSON.stringify(new StatusError()));
    expect(json).toEqual({
      name: 'StatusError',
      code: 'STATUS',
      message: 'HTTP 503 from https://shop.example/a2a',
      status: 503,
      url: 'https://shop.example/a2a',
      issues: [{ path: 'a.b', message: 'bad' }],
    });
    expect(JSON.stringify(new StatusError())).not.toContain('secret');
  });

  it('summarises the cause: nested JSON for AgentWeb errors, name and message for others', () => {
    const inner = new StatusError(new TypeError('socket hang up'));
    const outer = new AgentWebError({ code: 'OUTER', message: 'outer', cause: inner });
    const json = JSON.parse(JSON.stringify({ error: outer }));
    expect(json.error).toMatchObject({
      name: 'AgentWebError',
      code: 'OUTER',
      cause: {
        name: 'StatusError',
        code: 'STATUS',
        status: 503,
        cause: { name: 'TypeError', message: 'socket hang up' },
      },
    });
    expect(new AgentWebError({ code: 'X', message: 'x', cause: 'text' }).toJSON().cause).toEqual({
      name: 'string',
      message: 'text',
    });
  });

  it('ends a cyclic cause chain', () => {
    const a = new AgentWebError({ code: 'A', message: 'a' });
    const b = new AgentWebError({ code: 'B', message: 'b', cause: a });
    Object.defineProperty(a, 'cause', { value: b });
    const text = JSON.stringify(a);
    expect(JSON.parse(text)).toMatchObject({ code: 'A', cause: { code: 'B', cause: { code: 'A' } } });
  });

  it('cannot have its identity replaced by a field', () => {
    const error = new AgentWebError({ code: 'REAL', message: 'real' });
    Object.assign(error, { weird: { nested: [1, Number.NaN, 'x'] } });
    expect(error.toJSON()).toEqual({
      name: 'AgentWebError',
      code: 'REAL',
      message: 'real',
      weird: { nested: [1, null, 'x'] },
    });
  });
});
