/** The two A2A wire dialects. */
export type A2ADialect = '0.3' | '1.0';

/** Operations the client performs. */
export type A2AOperation =
  | 'send'
  | 'stream'
  | 'get'
  | 'cancel'
  | 'resubscribe'
  | 'pushSet'
  | 'pushGet'
  | 'pushList'
  | 'pushDelete'
  | 'extendedCard';

/** JSON-RPC method names per dialect (0.3 slash names, 1.0 PascalCase). */
export const METHODS: Record<A2ADialect, Record<A2AOperation, string>> = {
  '0.3': {
    send: 'message/send',
    stream: 'message/stream',
    get: 'tasks/get',
    cancel: 'tasks/cancel',
    resubscribe: 'tasks/resubscribe',
    pushSet: 'tasks/pushNotificationConfig/set',
    pushGet: 'tasks/pushNotificationConfig/get',
    pushList: 'tasks/pushNotificationConfig/list',
    pushDelete: 'tasks/pushNotificationConfig/delete',
    extendedCard: 'agent/getAuthenticatedExtendedCard',
  },
  '1.0': {
    send: 'SendMessage',
    stream: 'SendStreamingMessage',
    get: 'GetTask',
    cancel: 'CancelTask',
    resubscribe: 'SubscribeToTask',
    pushSet: 'CreateTaskPushNotificationConfig',
    pushGet: 'GetTaskPushNotificationConfig',
    pushList: 'ListTaskPushNotificationConfigs',
    pushDelete: 'DeleteTaskPushNotificationConfig',
    extendedCard: 'GetExtendedAgentCard',
  },
};

/** The dialect of an endpoint's declared protocol version; undefined when this client does not speak it. */
export function dialectOfVersion(protocolVersion: string): A2ADialect | undefined {
  const v = protocolVersion.trim();
  // An empty version means a card that predates per-interface versions: 0.3 JSON-RPC.
  if (v === '' || v.startsWith('0.3') || v.startsWith('0.2')) return '0.3';
  if (/^1(\.|$)/.test(v)) return '1.0';
  return undefined;
}
