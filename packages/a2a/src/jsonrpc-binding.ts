import { METHODS } from './dialect.js';
import type { JsonObject, StreamEvent, Task } from './model.js';
import { RpcTransport } from './rpc-transport.js';
import { optionalArray, readAnswer, requireObject, shapeError } from './shape.js';
import type { A2ATransport, OutgoingSend, TransportSettings } from './transport.js';
import type { WarningSink } from './warnings.js';
import {
  messageToV1,
  pushConfigFromV1,
  pushConfigToV1,
  sendConfigurationToV1,
  sendResultFromV1,
  streamEventFromV1,
  taskFromV1,
} from './wire-v1.js';
import { pushConfigFromV03, sendResultFromV03, streamEventFromV03, taskFromV03 } from './wire-v03.js';

/**
 * The JSON-RPC binding: 0.3 method names and shapes (`message/send`, `kind` tags) or 1.0 ones (`SendMessage`,
 * ProtoJSON, `A2A-Version: 1.0`), POSTed to one URL, streams as SSE.
 */
export function createJsonRpcTransport(settings: TransportSettings): A2ATransport {
  const { dialect, url, tenant } = settings;
  const v1 = dialect === '1.0';
  const methods = METHODS[dialect];
  const rpc = new RpcTransport(settings);
  const withTenant = (params: JsonObject): JsonObject =>
    v1 && tenant !== undefined ? { tenant, ...params } : params;

  const sendParams = (params: OutgoingSend): JsonObject => {
    if (!v1) {
      const out: JsonObject = { message: params.message };
      if (params.configuration) out['configuration'] = params.configuration;
      if (params.metadata) out['metadata'] = params.metadata;
      return out;
    }
    const out: JsonObject = withTenant({ message: messageToV1(params.message) });
    if (params.configuration) out['configuration'] = sendConfigurationToV1(params.configuration);
    if (params.metadata) out['metadata'] = params.metadata;
    return out;
  };
  // In strict mode there is no sink at all, and readers refuse what they would otherwise warn about.
  const sinkOf = (call: { warn?: WarningSink | undefined } | undefined): WarningSink | undefined =>
    settings.warn === undefined ? undefined : (call?.warn ?? settings.warn);
  const readTask = (result: unknown, method: string, warn: WarningSink | undefined): Task =>
    readAnswer(
      () => (v1 ? taskFromV1(result, 'result', warn) : taskFromV03(result, 'result', warn)),
      method,
      url,
    );
  const stream = (method: string, params: JsonObject, signal?: AbortSignal) =>
    rpc.stream(
      method,
      params,
      signal,
      (result): StreamEvent =>
        readAnswer(
          () =>
            v1
              ? streamEventFromV1(result, 'result', settings.warn)
              : streamEventFromV03(result, settings.warn),
          method,
          url,
        ),
    );
  const readPush = (result: unknown, method: string) =>
    readAnswer(() => (v1 ? pushConfigFromV1(result) : pushConfigFromV03(result)), method, url);

  return {
    binding: 'JSONRPC',
    url,
    async send(params, call) {
      const warn = sinkOf(call);
      const result = await rpc.call(methods.send, sendParams(params), { ...call, warn });
      return readAnswer(
        () => (v1 ? sendResultFromV1(result, warn) : sendResultFromV03(result, warn)),
        methods.send,
        url,
      );
    },
    stream(params, signal) {
      return stream(methods.stream, sendParams(params), signal);
    },
    async getTask(params, call) {
      const p: JsonObject = { id: params.id };
      if (params.historyLength !== undefined) p['historyLength'] = params.historyLength;
      const warn = sinkOf(call);
      const result = await rpc.call(methods.get, withTenant(p), { ...call, warn, idempotent: true });
      return readTask(result, methods.get, warn);
    },
    async cancelTask(params, call) {
      const warn = sinkOf(call);
      const result = await rpc.call(methods.cancel, withTenant({ id: params.id }), { ...call, warn });
      return readTask(result, methods.cancel, warn);
    },
    subscribe(params, signal) {
      return stream(methods.resubscribe, withTenant({ id: params.id }), signal);
    },
    async getExtendedCard(call) {
      const result = await rpc.call(methods.extendedCard, v1 ? withTenant({}) : undefined, {
        ...call,
        idempotent: true,
      });
      return readAnswer(() => requireObject(result, 'result'), methods.extendedCard, url);
    },
    async setPushConfig(config, call) {
      const params = v1 ? pushConfigToV1(config, tenant) : { ...config };
      return readPush(await rpc.call(methods.pushSet, params, call), methods.pushSet);
    },
    async getPushConfig(params, call) {
      const p: JsonObject = v1
        ? withTenant({ taskId: params.taskId, id: params.configId ?? params.taskId })
        : {
            id: params.taskId,
            ...(params.configId !== undefined ? { pushNotificationConfigId: params.configId } : {}),
          };
      return readPush(await rpc.call(methods.pushGet, p, { ...call, idempotent: true }), methods.pushGet);
    },
    async listPushConfigs(params, call) {
      const p = v1 ? withTenant({ taskId: params.taskId }) : { id: params.taskId };
      const result = await rpc.call(methods.pushList, p, { ...call, idempotent: true });
      return readAnswer(
        () => {
          const path = v1 ? 'result.configs' : 'result';
          const list = optionalArray(v1 ? requireObject(result, 'result')['configs'] : result, path);
          if (list === undefined && !v1) throw shapeError('result', 'an array', result);
          return (list ?? []).map((c, i) =>
            v1 ? pushConfigFromV1(c, `${path}[${i}]`) : pushConfigFromV03(c, `${path}[${i}]`),
          );
        },
        methods.pushList,
        url,
      );
    },
    async deletePushConfig(params, call) {
      const p = v1
        ? withTenant({ taskId: params.taskId, id: params.configId })
        : { id: params.taskId, pushNotificationConfigId: params.configId };
      await rpc.call(methods.pushDelete, p, call);
    },
    close: () => Promise.resolve(),
  };
}
