import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepHostHandshake, listenForHost } from './hostChannel';

type Listener = (event: MessageEvent) => void;

/** A window stand-in: the test plays the browser delivering the host's postMessage. */
function fakeWindow() {
  const listeners: Listener[] = [];
  const target = {
    addEventListener: (_type: string, listener: Listener) => listeners.push(listener),
    removeEventListener: (_type: string, listener: Listener) => listeners.splice(listeners.indexOf(listener), 1),
  };
  const deliver = (data: unknown, origin: string, ports: MessagePort[]) => {
    for (const listener of [...listeners]) listener({ data, origin, ports } as unknown as MessageEvent);
  };
  return { target: target as unknown as Window, deliver, listeners };
}

const handshake = { type: '__embedded_comms__', handshake: 'port transfer' };
const channels: MessageChannel[] = [];
function channel(): MessageChannel {
  const made = new MessageChannel();
  channels.push(made);
  return made;
}
/** The next message the SDK's port gets. */
const nextMessage = (port: MessagePort) => new Promise<unknown>((resolve) => (port.onmessage = (event) => resolve(event.data)));

describe("the embedded SDK's channel (Switchboard protocol)", () => {
  afterEach(() => {
    for (const c of channels.splice(0)) {
      c.port1.close();
      c.port2.close();
    }
  });

  it('takes the guest token the host emits, and every refresh after it', async () => {
    const win = fakeWindow();
    const onGuestToken = vi.fn();
    const stop = listenForHost(win.target, ['http://host.example:9000'], { onGuestToken, methods: {} });
    const { port1: sdk, port2: ours } = channel();
    win.deliver(handshake, 'http://host.example:9000', [ours]);
    sdk.postMessage({ switchboardAction: 'emit', method: 'guestToken', args: { guestToken: 'first' } });
    await vi.waitFor(() => expect(onGuestToken).toHaveBeenCalledWith('first'));
    sdk.postMessage({ switchboardAction: 'emit', method: 'guestToken', args: { guestToken: 'refreshed' } });
    await vi.waitFor(() => expect(onGuestToken).toHaveBeenLastCalledWith('refreshed'));
    stop();
    expect(win.listeners).toHaveLength(0);
  });

  it("answers the host's get calls with a reply, or an error for a method it does not have", async () => {
    const win = fakeWindow();
    listenForHost(win.target, [], { onGuestToken: vi.fn(), methods: { getScrollSize: () => ({ width: 10, height: 20 }) } });
    const { port1: sdk, port2: ours } = channel();
    win.deliver(handshake, 'https://anyone.example', [ours]);
    const reply = nextMessage(sdk);
    sdk.postMessage({ switchboardAction: 'get', messageId: 'm_1', method: 'getScrollSize' });
    expect(await reply).toEqual({ switchboardAction: 'reply', messageId: 'm_1', result: { width: 10, height: 20 } });
    const error = nextMessage(sdk);
    sdk.postMessage({ switchboardAction: 'get', messageId: 'm_2', method: 'getDashboardPermalink' });
    expect(await error).toMatchObject({ switchboardAction: 'error', messageId: 'm_2', error: expect.stringContaining('getDashboardPermalink') });
  });

  it('ignores a handshake from an origin outside the allowed domains, and anything that is not the handshake', async () => {
    const win = fakeWindow();
    const onGuestToken = vi.fn();
    listenForHost(win.target, ['https://host.example'], { onGuestToken, methods: {} });
    const evil = channel();
    win.deliver(handshake, 'https://evil.example', [evil.port2]);
    win.deliver({ type: 'other' }, 'https://host.example', [channel().port2]);
    evil.port1.postMessage({ switchboardAction: 'emit', method: 'guestToken', args: { guestToken: 'stolen' } });
    // The allowed host's handshake still works afterwards.
    const good = channel();
    win.deliver(handshake, 'https://host.example', [good.port2]);
    good.port1.postMessage({ switchboardAction: 'emit', method: 'guestToken', args: { guestToken: 'legit' } });
    await vi.waitFor(() => expect(onGuestToken).toHaveBeenCalledWith('legit'));
    expect(onGuestToken).not.toHaveBeenCalledWith('stolen');
  });
});

describe('a handshake sent before the page listens', () => {
  it('is kept by the entry and served once the page listens, with the token the host emitted meanwhile', async () => {
    const win = fakeWindow();
    keepHostHandshake(win.target);
    const { port1: sdk, port2: ours } = new MessageChannel();
    win.deliver(handshake, 'https://host.example', [ours]);
    sdk.postMessage({ switchboardAction: 'emit', method: 'guestToken', args: { guestToken: 'early' } });
    const onGuestToken = vi.fn();
    listenForHost(win.target, ['https://host.example'], { onGuestToken, methods: {} });
    await vi.waitFor(() => expect(onGuestToken).toHaveBeenCalledWith('early'));
    // The keeping listener is gone: only the page's own is left.
    expect(win.listeners).toHaveLength(1);
    sdk.close();
    ours.close();
  });
});
