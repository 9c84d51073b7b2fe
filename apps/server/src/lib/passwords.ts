import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with OWASP's second recommended profile. Under the
// test runner (NODE_ENV=test: vitest, the e2e server) a light profile, as Laravel's tests lower
// bcrypt's rounds: the fuzz suite sends hundreds of sign-ins and PINs (docs/decisions/tests-fuzz-suite.md).
// A hash carries its parameters, so each profile verifies the other's hashes.
const options =
  process.env.NODE_ENV === 'test'
    ? { memoryCost: 1024, timeCost: 1, parallelism: 1 }
    : { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

let dummyHash: Promise<string> | undefined;

/** Verifies; with no hash (unknown user) spends the same time on a dummy so timing reveals nothing. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
