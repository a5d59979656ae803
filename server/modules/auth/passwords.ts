import { hash, verify } from '@node-rs/argon2'

/** `Algorithm.Argon2id`; the package's const enum cannot be imported under isolated modules. */
const ARGON2ID = 2

/** Argon2id with the OWASP-recommended minimum cost (19 MiB, 2 passes). */
const options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, options)
}

export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (!passwordHash) return false
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}
