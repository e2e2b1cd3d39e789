import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router';

/**
 * Keeps unsaved dashboard edits from being lost (spec §4): the browser asks before a reload or close, and in-app
 * navigation to another page waits for the user's answer (the returned blocker). Changes of the query or hash on the same
 * dashboard (full screen, anchors) are let through. `unsaved` drives the browser prompt, `isUnsavedNow` the in-app one.
 */
export function useUnsavedChangesGuard(unsaved: boolean, isUnsavedNow: () => boolean): Blocker {
  useEffect(() => {
    if (!unsaved) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [unsaved]);
  // Read at navigation time: a save that ends in a navigation (a new slug) must not be held by the render before it.
  return useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && isUnsavedNow());
}
