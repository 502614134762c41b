import { A2AClientClosedError } from './errors.js';
import type { StreamEvent } from './model.js';
import type { A2ATransport } from './transport.js';

/**
 * `transport`, refusing every call with {@link A2AClientClosedError} once `isClosed()` says so, before anything is
 * sent. Streams are checked when they are opened (lazily, by the resume layer), and handed on unwrapped: a wrapper
 * generator would add an asynchronous step to every batch.
 */
export function closableTransport(transport: A2ATransport, isClosed: () => boolean): A2ATransport {
  const refusal = () => new A2AClientClosedError({ url: transport.url });
  // A generator, so the refusal comes from the first next() as a transport's stream errors would.
  async function* refusedStream(): AsyncGenerator<StreamEvent[], void, undefined> {
    yield* [];
    throw refusal();
  }
  const unary =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      isClosed() ? Promise.reject(refusal()) : call(...args);
  return {
    binding: transport.binding,
    url: transport.url,
    send: unary(transport.send.bind(transport)),
    stream: (params, signal) => (isClosed() ? refusedStream() : transport.stream(params, signal)),
    getTask: unary(transport.getTask.bind(transport)),
    cancelTask: unary(transport.cancelTask.bind(transport)),
    subscribe: (params, signal) => (isClosed() ? refusedStream() : transport.subscribe(params, signal)),
    getExtendedCard: unary(transport.getExtendedCard.bind(transport)),
    setPushConfig: unary(transport.setPushConfig.bind(transport)),
    getPushConfig: unary(transport.getPushConfig.bind(transport)),
    listPushConfigs: unary(transport.listPushConfigs.bind(transport)),
    deletePushConfig: unary(transport.deletePushConfig.bind(transport)),
    close: () => transport.close(),
  };
}
