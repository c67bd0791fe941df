import { corePaths } from '../paths/core';
import { RETURN_PATH_KEY } from './sessionStore';

const PATHS_NEVER_RETURNED_TO: readonly string[] = [corePaths.home, corePaths.login];

/** Only same-origin paths are accepted, so a crafted value cannot send the user elsewhere. */
function isSafeReturnPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  const pathname = path.split(/[?#]/, 1)[0] ?? path;
  return !PATHS_NEVER_RETURNED_TO.includes(pathname.toLowerCase());
}

export function rememberReturnPath(path: string): void {
  if (!isSafeReturnPath(path)) return;
  try {
    window.sessionStorage.setItem(RETURN_PATH_KEY, path);
  } catch {
    // Without sessionStorage the user simply lands on the dashboard after login.
  }
}

export function peekReturnPath(): string | null {
  try {
    const path = window.sessionStorage.getItem(RETURN_PATH_KEY);
    return path !== null && isSafeReturnPath(path) ? path : null;
  } catch {
    return null;
  }
}

export function forgetReturnPath(): void {
  try {
    window.sessionStorage.removeItem(RETURN_PATH_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

/** Returns the remembered path once and forgets it. */
export function takeReturnPath(): string | null {
  const path = peekReturnPath();
  forgetReturnPath();
  return path;
}

export function currentBrowserPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}
