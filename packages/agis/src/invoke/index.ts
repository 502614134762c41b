export {
  AgisEndpointError,
  type AgisEndpointErrorOptions,
  AgisInputError,
  isAgisEndpointError,
  isAgisInputError,
} from './errors.js';
export { type AgisInvocationResult, type InvokeAgisOptions, invokeAgis } from './invoke-agis.js';
