import { hash, verify } from "@node-rs/argon2";
import { z } from "zod";
import { withHashingSlot } from "./hashing-queue";

/**
 * Passwords are hashed with Argon2id (memory-hard, the OWASP first choice)
 * through @node-rs/argon2, a maintained native binding with prebuilt binaries.
 * Parameters are OWASP's baseline (19 MiB, 2 passes, 1 lane): tens of
 * milliseconds per hash. They are recorded in the PHC string, so raising them
 * later leaves existing hashes verifiable.
 */
const ARGON2_OPTIONS = {
  algorithm: 2, // Argon2id; the library's const enum cannot be used under isolatedModules
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** NIST SP 800-63B: at least 8 characters; a cap keeps hashing cost bounded. */
export const passwordSchema = z.string().min(8, "at least 8 characters").max(256, "at most 256 characters");

/** Runs under the bounded hashing queue (server/auth/hashing-queue.ts), like verification. */
export function hashPassword(password: string): Promise<string> {
  return withHashingSlot(() => hash(password, ARGON2_OPTIONS));
}

/** False for a wrong password and for a stored value that is not an Argon2 hash. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return withHashingSlot(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}
