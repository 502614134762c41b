import { is, required } from '@agentweb/core';

/** The `ucp` option of `new AgentWeb`: a platform profile URL, and a transport preference. */
export const UCP_OPTION_RULE = is.shape(
  {
    profileUrl: required(is.url),
    transport: is.oneOf('rest', 'mcp', 'auto'),
    credentials: is.anyOf(is.object, is.function),
  },
  '{ profileUrl, transport?, credentials? } (the platform profile URL sent in UCP-Agent)',
);
