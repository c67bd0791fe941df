/**
 * Vitest global setup of the use-case tests: scrypt costs ~0.3 s of CPU and 128 MiB, so the
 * password hash of every test account is computed once per run and handed to the test files.
 */
import type { TestProject } from 'vitest/node';
import { hashPassword } from '../../api/src/useCases/shared/passwords.js';

export const TEST_PASSWORD = 'Matkhau@123456';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `hashPassword(TEST_PASSWORD)`, computed once per run. */
    passwordHash?: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  project.provide('passwordHash', await hashPassword(TEST_PASSWORD));
}
