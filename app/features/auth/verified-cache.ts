/**
 * What a signature check concluded about an exact string (a token, a cookie header), kept so the same
 * string sent again is not verified again: every signed-in request carries the same token, and
 * verifying it (WebCrypto's HMAC through jose and React Router's cookie) was a tenth of an API call's
 * CPU time (issue #22). Only successes are kept, and only for strings that verified under the very
 * same key, so nothing is trusted that a full check would refuse; the checks that depend on time or on
 * the database (expiry, the token version, suspension) still run on every request. The oldest entry
 * goes first once `maxEntries` are held.
 */
export function createVerifiedCache<Value>({ maxEntries, maxKeyLength }: { maxEntries: number; maxKeyLength: number }) {
  const entries = new Map<string, Value>();
  return {
    get: (key: string): Value | undefined => entries.get(key),
    set(key: string, value: Value) {
      if (key.length > maxKeyLength) return;
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, value);
    },
    delete: (key: string) => void entries.delete(key),
  };
}
