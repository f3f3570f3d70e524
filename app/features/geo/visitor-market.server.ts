import type { Variation } from "~/lib/page-cache";
import { countryHeaders, lookUpCountry, readProxyCountry } from "./location.server";
import { marketForCountry } from "./market";

/**
 * The page-cache variation "market" (app/lib/page-cache.ts): the visitor's market worked out from
 * the request and its load context exactly as /join-network's loader does, so a stored page is only
 * ever served to visitors of the market it shows.
 */
export function visitorMarketVariation(): Variation {
  // The bundled country database never changes while the process runs, so an address's market is
  // remembered: a returning address is answered without the (asynchronous) lookup.
  const marketOfAddress = new Map<string, string>();
  const proxyCountryOf = (headers: Pick<Headers, "get">, viaTrustedProxy: boolean) => (viaTrustedProxy ? readProxyCountry(headers) : null);
  return {
    // The value names where the market came from too ("header:GHS", "address:GHS"): the two kinds
    // of copy differ in whether a shared cache may keep them (sharedCacheVary).
    valueOf(headers, { viaTrustedProxy, clientAddress }) {
      const fromProxy = proxyCountryOf(headers, viaTrustedProxy);
      if (fromProxy) return `header:${marketForCountry(fromProxy).currency}`;
      const known = marketOfAddress.get(clientAddress);
      if (known) return known;
      return lookUpCountry(clientAddress).then((country) => {
        const market = `address:${marketForCountry(country).currency}`;
        if (marketOfAddress.size >= 10_000) marketOfAddress.delete(marketOfAddress.keys().next().value!);
        marketOfAddress.set(clientAddress, market);
        return market;
      });
    },
    // A shared cache can tell countries apart only by the header the trusted proxy adds; a market
    // worked out from the client's address is invisible to it, so such a page stays private.
    sharedCacheVary: (headers, { viaTrustedProxy }) => (proxyCountryOf(headers, viaTrustedProxy) ? [...countryHeaders] : null),
  };
}
