import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

// argon2id with OWASP's recommended cost (19 MiB, 2 passes): the library defaults.
const ARGON2ID = 2;

export const hashPassword = (password: string) => hash(password, { algorithm: ARGON2ID });

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verifies against a throw-away hash so that "no such account" takes as long as
 * "wrong password" and response times do not reveal which emails exist.
 */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword("not-a-real-account-password");
  await verifyPassword(await dummyHash, password);
}

/** The most common leaked passwords, ranked; zxcvbn's list holds well over 10,000. */
const COMMON_PASSWORDS = new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size;

export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());
