import { useEffect } from 'react';
import { type Blocker, useBlocker } from 'react-router-dom';

/**
 * Warns before unsaved work is lost: the browser's own prompt on reload, close or an outside link
 * (beforeunload), and a blocked in-app navigation the page answers with its own dialog
 * (blocker.state === 'blocked' → proceed() or reset()).
 */
export function useLeaveGuard(when: boolean): Blocker {
  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);
  return useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
}
