// The reply text of a result on its own, without the client and transports: a facade that re-exports it does not
// load them.
export {
  createReplyTextAccumulator,
  type ReplySource,
  type ReplyTextAccumulator,
  replyText,
} from '../reply-text.js';
