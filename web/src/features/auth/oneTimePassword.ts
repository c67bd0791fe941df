/**
 * The one-time password just typed on the login form, kept in memory only (never stored) so the
 * new-password page does not ask for it a second time. Taken once; a reload forgets it.
 */
let typedOneTimePassword: string | null = null;

export function rememberOneTimePassword(password: string): void {
  typedOneTimePassword = password;
}

export function takeOneTimePassword(): string | null {
  const password = typedOneTimePassword;
  typedOneTimePassword = null;
  return password;
}
