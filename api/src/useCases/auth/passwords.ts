// Password hashing lives in useCases/shared/passwords.ts (auth, staff, contracts, registrations and
// password recovery all hash). This path stays for tests/e2e/passwordRecovery.test.ts, which imports it.
export { hashOneTimePassword } from '../shared/passwords.js';
