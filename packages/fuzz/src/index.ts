export { fill, mutatedJson, mutatedText, textInput } from './arbitraries.js';
export {
  type HostileInput,
  hostileAgis,
  hostileInstructions,
  hostilePages,
  hostileRobots,
  largeAgisYaml,
  plainRobots,
} from './hostile.js';
export { classifyError, type Outcome, type OutcomeKind, outcomeOf } from './outcome.js';
export {
  realAgentCards,
  realAgisServices,
  realInstructions,
  realJsonLdBlocks,
  realProductPages,
} from './real-inputs.js';
export {
  type FuzzFailure,
  type FuzzReport,
  type FuzzRunOptions,
  runFuzz,
  type TargetReport,
} from './run-fuzz.js';
export { defineTarget, type FuzzTarget, jsonSize, textSize } from './target.js';
export { fuzzTargets } from './targets.js';
