/** The AID protocol tokens (AID v1.1 Appendix B). Tokens are case-sensitive lowercase ASCII. */
export const AID_PROTOCOLS = [
  'mcp',
  'a2a',
  'openapi',
  'grpc',
  'graphql',
  'websocket',
  'local',
  'zeroconf',
  'ucp',
] as const;

/** A protocol token of the AID registry. */
export type AidProtocol = (typeof AID_PROTOCOLS)[number];

/** The AID authentication hint tokens (AID v1.1 Appendix A). */
export const AID_AUTH_SCHEMES = [
  'none',
  'pat',
  'apikey',
  'basic',
  'oauth2_device',
  'oauth2_code',
  'mtls',
  'custom',
] as const;

/** An authentication hint token of the AID registry. */
export type AidAuthScheme = (typeof AID_AUTH_SCHEMES)[number];

/** `uri` schemes a `proto=local` record may use (Appendix B). */
export const AID_LOCAL_SCHEMES: readonly string[] = ['docker', 'npx', 'pip'];

/** The full name of each key and its one-letter alias (§2.1). */
export const AID_KEY_ALIASES = {
  v: 'v',
  version: 'v',
  uri: 'uri',
  u: 'uri',
  proto: 'proto',
  p: 'proto',
  auth: 'auth',
  a: 'auth',
  desc: 'desc',
  s: 'desc',
  docs: 'docs',
  d: 'docs',
  dep: 'dep',
  e: 'dep',
  pka: 'pka',
  k: 'pka',
  kid: 'kid',
  i: 'kid',
} as const;
