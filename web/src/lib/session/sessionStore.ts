import { PERMISSION_AREAS, ROLE_IDS, type HouseSummary, type Role, type RoleId, type Session } from './types';

/** localStorage keys of the session (spec section 3), stored in plain text on purpose. */
export const SESSION_STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  role: 'role',
  userID: 'userID',
  fullName: 'fullName',
  houses: 'houses',
  houseID: 'houseID',
  isUserActive: 'isUserActive',
  lesseeID: 'lesseeID',
  contractID: 'contractID',
  roomID: 'roomID',
  mustChangePassword: 'mustChangePassword',
} as const;

/** Survives logout. */
export const TUTORIAL_SEEN_KEY = 'tutorialSeen';

/** sessionStorage key of the guarded path a signed-out visitor wanted. */
export const RETURN_PATH_KEY = 'returnPath';

type Listener = () => void;

const listeners = new Set<Listener>();
const clearedListeners = new Set<Listener>();
let cachedSession: Session | null | undefined;

function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeItem(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch (error) {
    console.error('Không ghi được dữ liệu phiên đăng nhập vào trình duyệt.', error);
  }
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRoleId(value: unknown): value is RoleId {
  return Object.values(ROLE_IDS).some((roleID) => roleID === value);
}

export function parseRole(value: unknown): Role | null {
  if (!isRecord(value)) return null;
  const roleID = typeof value.roleID === 'string' ? Number(value.roleID) : value.roleID;
  if (!isRoleId(roleID)) return null;
  const levels = Object.fromEntries(
    PERMISSION_AREAS.map((area) => {
      const level = Number(value[area] ?? 0);
      return [area, Number.isFinite(level) ? level : 0];
    }),
  ) as Record<(typeof PERMISSION_AREAS)[number], number>;
  return {
    roleID,
    roleName: typeof value.roleName === 'string' ? value.roleName : '',
    ...levels,
  };
}

export function parseHouse(value: unknown): HouseSummary | null {
  if (!isRecord(value)) return null;
  const { houseID, houseName, houseAddress, lessorInfo } = value;
  if (typeof houseID !== 'string' && typeof houseID !== 'number') return null;
  const house: HouseSummary = {
    houseID: String(houseID),
    houseName: typeof houseName === 'string' ? houseName : '',
    houseAddress: typeof houseAddress === 'string' ? houseAddress : '',
  };
  if (isRecord(lessorInfo) && lessorInfo.status !== undefined) {
    house.lessorInfo = { status: Number(lessorInfo.status) };
  }
  return house;
}

export function parseHouses(value: unknown): HouseSummary[] {
  if (!Array.isArray(value)) return [];
  return value.map(parseHouse).filter((house): house is HouseSummary => house !== null);
}

/** Ids may arrive as numbers or strings; the web app handles them as strings. */
export function idOrNull(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function readSessionFromStorage(): Session | null {
  const accessToken = readItem(SESSION_STORAGE_KEYS.accessToken);
  const role = parseRole(parseJson(readItem(SESSION_STORAGE_KEYS.role)));
  if (!accessToken || !role) return null;
  return {
    accessToken,
    refreshToken: readItem(SESSION_STORAGE_KEYS.refreshToken),
    role,
    userID: readItem(SESSION_STORAGE_KEYS.userID) ?? '',
    fullName: readItem(SESSION_STORAGE_KEYS.fullName),
    houses: parseHouses(parseJson(readItem(SESSION_STORAGE_KEYS.houses))),
    houseID: readItem(SESSION_STORAGE_KEYS.houseID),
    isUserActive: readItem(SESSION_STORAGE_KEYS.isUserActive) !== 'false',
    lesseeID: readItem(SESSION_STORAGE_KEYS.lesseeID),
    contractID: readItem(SESSION_STORAGE_KEYS.contractID),
    roomID: readItem(SESSION_STORAGE_KEYS.roomID),
    mustChangePassword: readItem(SESSION_STORAGE_KEYS.mustChangePassword) === 'true',
  };
}

function notify(): void {
  cachedSession = undefined;
  for (const listener of listeners) listener();
}

export function getSession(): Session | null {
  if (cachedSession === undefined) cachedSession = readSessionFromStorage();
  return cachedSession;
}

export function subscribeToSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs after the session is cleared (logout or expiry), e.g. to drop cached server data. */
export function onSessionCleared(listener: Listener): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

export function getAccessToken(): string | null {
  return readItem(SESSION_STORAGE_KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return readItem(SESSION_STORAGE_KEYS.refreshToken);
}

export function saveSession(session: Session): void {
  writeItem(SESSION_STORAGE_KEYS.accessToken, session.accessToken);
  writeItem(SESSION_STORAGE_KEYS.refreshToken, session.refreshToken);
  writeItem(SESSION_STORAGE_KEYS.role, JSON.stringify(session.role));
  writeItem(SESSION_STORAGE_KEYS.userID, session.userID);
  writeItem(SESSION_STORAGE_KEYS.fullName, session.fullName);
  writeItem(SESSION_STORAGE_KEYS.houses, JSON.stringify(session.houses));
  writeItem(SESSION_STORAGE_KEYS.houseID, session.houseID);
  writeItem(SESSION_STORAGE_KEYS.isUserActive, String(session.isUserActive));
  writeItem(SESSION_STORAGE_KEYS.lesseeID, session.lesseeID);
  writeItem(SESSION_STORAGE_KEYS.contractID, session.contractID);
  writeItem(SESSION_STORAGE_KEYS.roomID, session.roomID);
  writeItem(SESSION_STORAGE_KEYS.mustChangePassword, session.mustChangePassword ? 'true' : null);
  notify();
}

/** The one-time password was replaced: the other pages open again. */
export function savePasswordChanged(): void {
  writeItem(SESSION_STORAGE_KEYS.mustChangePassword, null);
  notify();
}

export function saveTokens(accessToken: string, refreshToken: string | null): void {
  writeItem(SESSION_STORAGE_KEYS.accessToken, accessToken);
  if (refreshToken !== null) writeItem(SESSION_STORAGE_KEYS.refreshToken, refreshToken);
  notify();
}

export function saveSelectedHouse(houseID: string, isUserActive: boolean): void {
  writeItem(SESSION_STORAGE_KEYS.houseID, houseID);
  writeItem(SESSION_STORAGE_KEYS.isUserActive, String(isUserActive));
  notify();
}

export function saveUserActive(isUserActive: boolean): void {
  writeItem(SESSION_STORAGE_KEYS.isUserActive, String(isUserActive));
  notify();
}

export function saveHouses(houses: HouseSummary[]): void {
  writeItem(SESSION_STORAGE_KEYS.houses, JSON.stringify(houses));
  notify();
}

/** Clears all stored data except the tutorial-seen flag (spec section 4, logout). */
export function clearSession(): void {
  const tutorialSeen = readItem(TUTORIAL_SEEN_KEY);
  try {
    window.localStorage.clear();
  } catch (error) {
    console.error('Không xóa được dữ liệu phiên đăng nhập.', error);
  }
  if (tutorialSeen !== null) writeItem(TUTORIAL_SEEN_KEY, tutorialSeen);
  notify();
  for (const listener of clearedListeners) listener();
}

export function markTutorialSeen(): void {
  writeItem(TUTORIAL_SEEN_KEY, 'true');
}

/** Keeps tabs in step: a logout or token refresh in one tab reaches the others. */
export function startSyncingAcrossTabs(): () => void {
  const handleStorage = (event: StorageEvent): void => {
    if (event.storageArea === window.localStorage) notify();
  };
  window.addEventListener('storage', handleStorage);
  return () => window.removeEventListener('storage', handleStorage);
}
