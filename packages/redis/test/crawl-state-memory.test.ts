import { createMemoryRobotsStore, HostGate } from '@agentweb/discovery';
import { describeHostGateContract, describeRobotsStoreContract } from './helpers/crawl-state-contract.js';

// The in-process implementations against the same contracts the Redis ones pass in crawl-redis.test.ts.
describeHostGateContract('memory (HostGate)', async () => ({ gate: new HostGate(), close: async () => {} }));
describeRobotsStoreContract('memory (createMemoryRobotsStore)', async () => ({
  store: createMemoryRobotsStore(),
  close: async () => {},
}));
