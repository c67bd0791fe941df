import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { getSession, startSyncingAcrossTabs, subscribeToSession } from '../../lib/session';
import { SessionContext } from './sessionContext';

export function SessionProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeToSession, getSession);
  useEffect(() => startSyncingAcrossTabs(), []);
  return <SessionContext value={session}>{children}</SessionContext>;
}
