import { hash, verify } from "@node-rs/argon2";

// argon2id with OWASP's minimum memory cost (19 MiB, 2 passes): ~20 ms here, costly to brute-force.
const argon2idOptions = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2idOptions);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

/** A real hash of nothing, verified when the e-mail is unknown so timing does not reveal accounts. */
let decoyHash: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword("decoy-password-for-unknown-accounts");
  await verifyPassword(await decoyHash, password);
  return false;
}
