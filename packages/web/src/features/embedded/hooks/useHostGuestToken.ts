import { useEffect, useState } from 'react';
import { setGuestToken } from '../../../api/guestToken';
import { listenForHost } from '../utils/hostChannel';

/**
 * True once the host page has handed over a guest token through the embedded SDK. Later tokens (the SDK refreshes
 * them before they expire) replace it for the calls that follow, without drawing the page again.
 */
export function useHostGuestToken(allowedDomains: readonly string[] | null): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (allowedDomains === null) return undefined;
    return listenForHost(window, allowedDomains, {
      onGuestToken: (token) => {
        setGuestToken(token);
        setReady(true);
      },
      methods: {
        getScrollSize: () => ({ width: document.body.scrollWidth, height: document.body.scrollHeight }),
        getActiveTabs: () => [],
        getDataMask: () => ({}),
        getChartStates: () => ({}),
      },
    });
  }, [allowedDomains]);
  return ready;
}
