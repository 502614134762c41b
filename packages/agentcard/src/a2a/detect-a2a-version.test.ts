import { describe, expect, it } from 'vitest';
import { detectA2AVersion } from './detect-a2a-version.js';

describe('detectA2AVersion', () => {
  it.each([
    ['supportedInterfaces and url', { url: 'https://a.example', supportedInterfaces: [] }, 'hybrid'],
    ['supportedInterfaces only', { supportedInterfaces: [] }, '1.0'],
    ['protocolVersion 0.3.0', { url: 'https://a.example', protocolVersion: '0.3.0' }, '0.3'],
    [
      'protocolVersion 0.3 (hybrid-style short form)',
      { url: 'https://a.example', protocolVersion: '0.3' },
      '0.3',
    ],
    [
      'protocolVersion 0.2.5 with 0.2.4 fields',
      { protocolVersion: '0.2.5', preferredTransport: 'JSONRPC' },
      '0.2',
    ],
    ['protocolVersion 0.1.0', { protocolVersion: '0.1.0' }, '0.2'],
    [
      'protocolVersion 1.0 without supportedInterfaces',
      { url: 'https://a.example', protocolVersion: '1.0' },
      '0.3',
    ],
    ['authentication', { url: 'https://a.example', authentication: { schemes: [] } }, '0.2'],
    ['authentication beats securitySchemes', { authentication: {}, securitySchemes: {} }, '0.2'],
    ['preferredTransport', { preferredTransport: 'GRPC' }, '0.3'],
    ['additionalInterfaces', { additionalInterfaces: [] }, '0.3'],
    ['securitySchemes', { securitySchemes: {} }, '0.3'],
    ['nothing but a url', { url: 'https://a.example' }, '0.2'],
    ['numeric protocolVersion', { protocolVersion: 0.3 }, '0.2'],
  ])('%s', (_label, card, expected) => {
    expect(detectA2AVersion(card)).toBe(expected);
  });

  it.each([null, undefined, 42, 'card', [], [{ url: 'x' }], true])(
    'reads non-objects (%j) as 0.3',
    (input) => {
      expect(detectA2AVersion(input)).toBe('0.3');
    },
  );
});
