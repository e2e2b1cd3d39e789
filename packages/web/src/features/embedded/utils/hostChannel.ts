import { EMBEDDED_COMMS_MESSAGE_TYPE, originAllowed } from '@tessera/core';

/**
 * The embedded SDK's side of the conversation (its Switchboard over a MessageChannel): the host posts
 * `{type: '__embedded_comms__', handshake: 'port transfer'}` with a port, then sends messages on it:
 * `{switchboardAction: 'emit', method, args}` (no answer) and `{switchboardAction: 'get', messageId, method, args}`,
 * answered `{switchboardAction: 'reply', messageId, result}` or `{switchboardAction: 'error', messageId, error}`.
 */

type Method = (args: unknown) => unknown;

export interface HostChannelHandlers {
  /** The host's `emit('guestToken', {guestToken})`: the first token and each refresh. */
  onGuestToken: (token: string) => void;
  /** Methods the host may `get` (getScrollSize, getActiveTabs, ...). */
  methods: Record<string, Method>;
}

interface SwitchboardMessage {
  switchboardAction?: unknown;
  messageId?: unknown;
  method?: unknown;
  args?: unknown;
}

const NAME = 'tessera-embedded';

async function answer(port: MessagePort, message: SwitchboardMessage, methods: Record<string, Method>): Promise<void> {
  const method = typeof message.method === 'string' ? methods[message.method] : undefined;
  if (!method) {
    port.postMessage({ switchboardAction: 'error', messageId: message.messageId, error: `[${NAME}] Method "${String(message.method)}" is not defined` });
    return;
  }
  try {
    port.postMessage({ switchboardAction: 'reply', messageId: message.messageId, result: await method(message.args) });
  } catch {
    port.postMessage({ switchboardAction: 'error', messageId: message.messageId, error: `[${NAME}] Method "${String(message.method)}" threw an error` });
  }
}

function onPortMessage(port: MessagePort, data: unknown, handlers: HostChannelHandlers): void {
  if (typeof data !== 'object' || data === null) return;
  const message = data as SwitchboardMessage;
  if (message.switchboardAction === 'get') {
    void answer(port, message, handlers.methods);
    return;
  }
  if (message.switchboardAction !== 'emit') return;
  if (message.method === 'guestToken') {
    const token = (message.args as { guestToken?: unknown } | undefined)?.guestToken;
    if (typeof token === 'string' && token !== '') handlers.onGuestToken(token);
    return;
  }
  if (typeof message.method === 'string') handlers.methods[message.method]?.(message.args);
}

interface HandshakeEvent {
  data: unknown;
  origin: string;
  ports: readonly MessagePort[];
}

const isHandshake = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === EMBEDDED_COMMS_MESSAGE_TYPE && (data as { handshake?: unknown }).handshake === 'port transfer';

/** Handshakes that arrived before the page listened, and the listener that kept them. */
const early: HandshakeEvent[] = [];
let keeping: { target: Window; listener: (event: MessageEvent) => void } | null = null;

/**
 * Keeps the host's handshake until the embedded page listens. The SDK sends it once, when the frame's document has
 * loaded, which is before the page's lazily loaded code runs; the app's entry calls this first thing on /embedded/.
 * Messages on the handed port wait in the port until the page reads them.
 */
export function keepHostHandshake(target: Window): void {
  if (keeping) return;
  const listener = (event: MessageEvent) => {
    if (isHandshake(event.data) && event.ports[0]) early.push({ data: event.data, origin: event.origin, ports: event.ports });
  };
  target.addEventListener('message', listener);
  keeping = { target, listener };
}

/**
 * Waits for the host's handshake and serves its port. Only a window whose origin is among the dashboard's allowed
 * domains (any, for an empty list) is listened to, so another frame cannot hand the page a token. Returns the cleanup.
 */
export function listenForHost(target: Window, allowedDomains: readonly string[], handlers: HostChannelHandlers): () => void {
  let port: MessagePort | null = null;
  const onWindowMessage = (event: HandshakeEvent) => {
    if (port || !isHandshake(event.data) || !originAllowed(allowedDomains, event.origin)) return;
    const given = event.ports[0];
    if (!given) return;
    port = given;
    port.onmessage = (portEvent: MessageEvent) => onPortMessage(given, portEvent.data, handlers);
  };
  target.addEventListener('message', onWindowMessage);
  // From now on this listener sees every handshake: hand it those kept before, and stop keeping.
  if (keeping) {
    keeping.target.removeEventListener('message', keeping.listener);
    keeping = null;
  }
  for (const event of early.splice(0)) onWindowMessage(event);
  return () => {
    target.removeEventListener('message', onWindowMessage);
    if (port) port.onmessage = null;
  };
}
