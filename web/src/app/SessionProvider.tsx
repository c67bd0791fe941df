import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { SessionContext, getSession, startSyncingAcrossTabs, subscribeToSession } from '../lib/session';

export function SessionProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeToSession, getSession);
  useEffect(() => startSyncingAcrossTabs(), []);
  return <SessionContext value={session}>{children}</SessionContext>;
}
