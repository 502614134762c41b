export {
  type A2AAuth,
  type ApiKeyAuth,
  type AppliedAuth,
  type BearerAuth,
  type CredentialSource,
  createAuthApplier,
  type HeadersAuth,
} from './auth.js';
export { A2A_BINDINGS, type A2ABinding, bindingOf } from './binding.js';
export { type CachedCard, type CardCache, type CardCacheOptions, createCardCache } from './card-cache.js';
export { AGENT_CARD_PATH, type CardLocation, cardLocation, LEGACY_AGENT_CARD_PATH } from './card-location.js';
export { type ReadCard, type RepairedCard, readAgentCard, repairA2ACard } from './card-repair.js';
export {
  type CardKeyResolver,
  type CardPublicKey,
  type CardSignatureHeader,
  type CardSignatureReport,
  canonicalizeAgentCardForSigning,
  type VerifyCardSignaturesOptions,
  verifyCardSignatures,
} from './card-signature.js';
export {
  type A2ACallOptions,
  type A2AClient,
  type A2AStreamOptions,
  type CreateA2AClientOptions,
  createA2AClient,
  type OutgoingMessage,
  type SendMessageParams,
  type VerifySignatureOptions,
} from './create-a2a-client.js';
export { type A2ADialect, type A2AOperation, dialectOfVersion, METHODS } from './dialect.js';
export { rpcCodeForReason, rpcCodeForStatus } from './error-mapping.js';
export * from './errors.js';
export {
  DEFAULT_GRPC_IDLE_TIMEOUT_MS,
  type GrpcChannelCredentials,
  type GrpcChannelOptions,
  type GrpcOptions,
} from './grpc/grpc-options.js';
export { type GrpcTarget, parseGrpcTarget } from './grpc/grpc-target.js';
export { type InferredKind, inferKind, inferPartKind } from './infer-kind.js';
export { canonicalizeJson } from './jcs.js';
export * from './model.js';
export {
  createReplyTextAccumulator,
  type ReplySource,
  type ReplyTextAccumulator,
  type ReplyTextStep,
  replyText,
} from './reply-text.js';
export { type RestErrorSite, restErrorFromBody } from './rest/rest-errors.js';
export { isStreamEnd, type ResumeOptions, resumableStream } from './resume-stream.js';
export { type SelectEndpointOptions, type SelectedEndpoint, selectEndpoint } from './select-endpoint.js';
export { framingNoiseLength } from './sse-framing.js';
export {
  DEFAULT_MAX_SSE_EVENT_BYTES,
  DEFAULT_SSE_IDLE_TIMEOUT_MS,
  type ParseSseOptions,
  parseSse,
  type SseEvent,
} from './sse-parser.js';
export type { WaitForTaskOptions } from './wait-for-task.js';
export {
  type A2AWarning,
  type A2AWarningCode,
  MAX_CLIENT_WARNINGS,
  type WarningSink,
} from './warnings.js';
export {
  messageFromV1,
  messageToV1,
  partFromV1,
  partToV1,
  pushConfigFromV1,
  pushConfigToV1,
  roleFromV1,
  roleToV1,
  sendConfigurationToV1,
  sendResultFromV1,
  sendResultToV1,
  stateFromV1,
  stateToV1,
  streamEventFromV1,
  streamEventToV1,
  taskFromV1,
  taskToV1,
} from './wire-v1.js';
export {
  messageFromV03,
  partFromV03,
  sendResultFromV03,
  streamEventFromV03,
  taskFromV03,
} from './wire-v03.js';
export {
  messageFromV03Proto,
  messageToV03Proto,
  partFromV03Proto,
  partToV03Proto,
  sendResultFromV03Proto,
  stateFromV03Proto,
  stateToV03Proto,
  streamEventFromV03Proto,
  taskFromV03Proto,
} from './wire-v03-proto.js';
