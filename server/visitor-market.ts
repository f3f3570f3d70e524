import type { IncomingMessage } from "node:http";
import express, { type Express } from "express";
import { countryHeaders, lookUpCountry, readProxyCountry } from "~/features/geo/location.server";
import { marketForCountry } from "~/features/geo/market";
import type { Variation } from "./page-cache";

/**
 * The page-cache variation "market" (app/lib/page-cache.ts): the visitor's market worked out from
 * a bare request exactly as /join-network's loader does (resolveCountry with the client address
 * Express gives it), so a stored page is only ever served to visitors of the market it shows.
 */
export function visitorMarketVariation(app: Express): Variation {
  // The bundled country database never changes while the process runs, so an address's market is
  // remembered: a returning address is answered without the (asynchronous) lookup.
  const marketOfAddress = new Map<string, string>();
  return {
    // The value names where the market came from too ("header:GHS", "address:GHS"): the two kinds
    // of copy differ in whether a shared cache may keep them (sharedCacheVary).
    valueOf(request: IncomingMessage) {
      const fromProxy = proxyCountryOf(request);
      if (fromProxy) return `header:${marketForCountry(fromProxy).currency}`;
      const address = clientAddressOf(app, request);
      const known = marketOfAddress.get(address);
      if (known) return known;
      return lookUpCountry(address).then((country) => {
        const market = `address:${marketForCountry(country).currency}`;
        if (marketOfAddress.size >= 10_000) marketOfAddress.delete(marketOfAddress.keys().next().value!);
        marketOfAddress.set(address, market);
        return market;
      });
    },
    // A shared cache can tell countries apart only by the header the trusted proxy adds; a market
    // worked out from the client's address is invisible to it, so such a page stays private.
    sharedCacheVary: (request: IncomingMessage) => (proxyCountryOf(request) ? [...countryHeaders] : null),
  };

  function proxyCountryOf(request: IncomingMessage) {
    return isFromTrustedProxy(app, request) ? readProxyCountry(proxyCountryHeaders(request)) : null;
  }
}

/** The request's headers as readProxyCountry reads them, without building a fetch `Headers` (~µs per hit). */
function proxyCountryHeaders(request: IncomingMessage): Pick<Headers, "get"> {
  return {
    get(name: string) {
      const value = request.headers[name.toLowerCase()];
      return value === undefined ? null : String(value);
    },
  };
}

// Express's own `request.ip` (proxy-addr with the app's `trust proxy` setting), read for a request
// that has not entered Express: the loader gets `request.ip ?? request.socket.remoteAddress`.
const expressClientAddress = Object.getOwnPropertyDescriptor(express.request, "ip")!.get!;

function clientAddressOf(app: Express, request: IncomingMessage): string {
  const address = expressClientAddress.call({ app, socket: request.socket, headers: request.headers }) as string | undefined;
  return address ?? request.socket.remoteAddress ?? "unknown";
}

/** Whether the peer is a proxy TRUST_PROXY trusts (Express's "trust proxy fn" for the nearest hop): only then is its country header believed. */
export function isFromTrustedProxy(app: Express, request: IncomingMessage): boolean {
  const trusts = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  return trusts(request.socket.remoteAddress ?? "", 0);
}
