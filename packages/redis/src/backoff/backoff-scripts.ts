import { defineRedisScript, type RedisScript } from '../redis-script.js';

// The rules are those of `recordBackoffOutcome` in @agentweb/cap, run inside Redis so that every instance's
// read-decide-write on a merchant's state is one atomic step. KEYS[1] is the state hash, KEYS[2] the probe lease;
// both carry the merchant's hash tag, so the scripts run on Redis Cluster too.
//
// ARGV[1] is the clock: empty to read the Redis server's (TIME), so that the instances' own clocks never need to
// agree; or ms from the caller's injected clock. Every reply is
// { verdict, ms, now, resumeAt, openUntil (-1: closed), failures, rateLimits, token }.
const PRELUDE = `
if redis.replicate_commands then redis.replicate_commands() end
local function clock(arg)
  if arg ~= '' then return tonumber(arg) end
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
local now = clock(ARGV[1])
local s = redis.call('HMGET', KEYS[1], 'resumeAt', 'openUntil', 'failures', 'rateLimits')
local resumeAt = tonumber(s[1]) or 0
local openUntil = tonumber(s[2])
local failures = tonumber(s[3]) or 0
local rateLimits = tonumber(s[4]) or 0
local function reply(verdict, ms, token)
  return { verdict, math.ceil(ms), now, resumeAt, openUntil or -1, failures, rateLimits, token or '' }
end
`;

/**
 * Before a call. ARGV[2] a fresh token, ARGV[3] the probe lease in ms. Verdicts: `open` (ms until half-open),
 * `probing` (another caller holds the probe lease), `wait` (ms until the pause ends), `probe` (this caller holds
 * the lease: token), `go`.
 */
export const ADMIT_SCRIPT: RedisScript = defineRedisScript(`${PRELUDE}
if openUntil and now < openUntil then return reply('open', openUntil - now) end
if openUntil and redis.call('EXISTS', KEYS[2]) == 1 then return reply('probing', 0) end
if resumeAt > now then return reply('wait', resumeAt - now) end
if openUntil then
  if redis.call('SET', KEYS[2], ARGV[2], 'NX', 'PX', ARGV[3]) then return reply('probe', 0, ARGV[2]) end
  return reply('probing', 0)
end
return reply('go', 0)
`);

/**
 * After a call. ARGV[2] the outcome (`success`, `rate-limited`, `failure`, `ignore`), ARGV[3] Retry-After in ms or
 * empty, ARGV[4] the jitter fraction in [0, 1), ARGV[5] the probe token or empty, ARGV[6..10] failureThreshold,
 * openMs, baseDelayMs, maxDelayMs, maxRetryAfterMs, ARGV[11] how long state outlives its last instant (TTL).
 */
export const RECORD_SCRIPT: RedisScript = defineRedisScript(`${PRELUDE}
local kind, token = ARGV[2], ARGV[5]
local threshold, openMs = tonumber(ARGV[6]), tonumber(ARGV[7])
local baseDelay, maxDelay, maxRetryAfter = tonumber(ARGV[8]), tonumber(ARGV[9]), tonumber(ARGV[10])
local function jitter(attempt)
  return tonumber(ARGV[4]) * math.min(maxDelay, baseDelay * 2 ^ math.min(attempt - 1, 52))
end
if token ~= '' and redis.call('GET', KEYS[2]) == token then redis.call('DEL', KEYS[2]) end
if kind == 'ignore' then return reply('recorded', 0) end
if kind == 'success' then
  failures, rateLimits, openUntil = 0, 0, nil
  redis.call('DEL', KEYS[2])
elseif kind == 'rate-limited' then
  rateLimits = rateLimits + 1
  local retryAfter = tonumber(ARGV[3])
  local delay
  if retryAfter and retryAfter >= 0 then delay = math.min(retryAfter, maxRetryAfter) else delay = jitter(rateLimits) end
  resumeAt = math.max(resumeAt, now + math.ceil(delay))
elseif kind == 'failure' then
  failures = failures + 1
  if token ~= '' or failures >= threshold then openUntil = now + openMs
  else resumeAt = math.max(resumeAt, now + math.ceil(jitter(failures))) end
end
if failures == 0 and rateLimits == 0 and not openUntil and resumeAt <= now then
  redis.call('DEL', KEYS[1])
else
  redis.call('HSET', KEYS[1], 'resumeAt', resumeAt, 'failures', failures, 'rateLimits', rateLimits)
  if openUntil then redis.call('HSET', KEYS[1], 'openUntil', openUntil) else redis.call('HDEL', KEYS[1], 'openUntil') end
  local horizon = math.max(resumeAt, openUntil or 0, now)
  redis.call('PEXPIRE', KEYS[1], math.ceil(horizon - now + tonumber(ARGV[11])))
end
return reply('recorded', 0)
`);

/** Reads the state without changing it (for `refresh`). */
export const READ_SCRIPT: RedisScript = defineRedisScript(`${PRELUDE}
return reply('read', 0)
`);
