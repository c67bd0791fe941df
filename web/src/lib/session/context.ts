import { createContext, useContext } from 'react';
import {
  clearSession,
  markTutorialSeen,
  saveHouses,
  savePasswordChanged,
  saveSelectedHouse,
  saveSession,
  saveUserActive,
} from './sessionStore';
import type { Session } from './types';

export const SessionContext = createContext<Session | null>(null);

/** The signed-in user's session, or null when signed out. Re-renders on every change. */
export function useSession(): Session | null {
  return useContext(SessionContext);
}

/** For components rendered only behind the session guard. */
export function useSignedInSession(): Session {
  const session = useSession();
  if (session === null) throw new Error('useSignedInSession() needs a signed-in user.');
  return session;
}

const sessionActions = {
  signIn: saveSession,
  selectHouse: saveSelectedHouse,
  setUserActive: saveUserActive,
  setHouses: saveHouses,
  passwordChanged: savePasswordChanged,
  clear: clearSession,
  markTutorialSeen,
} as const;

export type SessionActions = typeof sessionActions;

export function useSessionActions(): SessionActions {
  return sessionActions;
}
