import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

type Leaving = { kind: 'link'; to: string } | { kind: 'back' };

const isGuardEntry = (state: unknown) =>
  typeof state === 'object' && state !== null && (state as { leaveGuard?: unknown }).leaveGuard === true;

/**
 * Asks before leaving a page with unsaved work (`active`): a reload or closing the tab (the browser's
 * own question), a link inside the app, and the back button or Android back gesture (an extra history
 * entry for the same address catches it). The app uses a declarative router (no `useBlocker`), so links
 * are caught on the window before the router sees the click. Returns the pending departure and its answers.
 */
export function useLeaveGuard(active: boolean) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState<Leaving | null>(null);
  const released = useRef(false);

  useEffect(() => {
    if (!active) return undefined;
    released.current = false;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only with a return value.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (
        !(anchor instanceof HTMLAnchorElement) ||
        anchor.target === '_blank' ||
        anchor.hasAttribute('download')
      )
        return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      setLeaving({ kind: 'link', to: `${url.pathname}${url.search}${url.hash}` });
    };
    const onPopState = () => {
      if (released.current || isGuardEntry(window.history.state)) return;
      setLeaving({ kind: 'back' });
    };
    if (!isGuardEntry(window.history.state)) {
      window.history.pushState(
        { ...(window.history.state as object), leaveGuard: true },
        '',
        window.location.href,
      );
    }
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
    };
  }, [active]);

  const stay = () => {
    if (leaving?.kind === 'back') {
      window.history.pushState(
        { ...(window.history.state as object), leaveGuard: true },
        '',
        window.location.href,
      );
    }
    setLeaving(null);
  };
  const leave = () => {
    const target = leaving;
    released.current = true;
    setLeaving(null);
    if (target?.kind === 'link') void navigate(target.to);
    else if (target?.kind === 'back') window.history.back();
  };
  return { leaving: leaving !== null, stay, leave };
}
