export {
  isRobotsTxtUrl,
  parseRobotsTxt,
  productToken,
  ROBOTS_MAX_LINE_LENGTH,
  ROBOTS_MAX_PATH_LENGTH,
  ROBOTS_MIN_MATCH_BUDGET,
  ROBOTS_PARSE_LIMIT_BYTES,
  type RobotsRules,
  robotsAllows,
} from './robots-allows.js';
export {
  createMemoryRobotsStore,
  createRobotsPolicy,
  type MemoryRobotsStoreOptions,
  type RobotsCallOptions,
  type RobotsOutcome,
  type RobotsPolicy,
  type RobotsPolicyOptions,
  type RobotsRecord,
  type RobotsStore,
  type StoredRobotsRecord,
} from './robots-policy.js';
