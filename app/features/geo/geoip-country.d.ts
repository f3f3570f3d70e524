// The part of geoip-country (no types of its own) that location.server.ts uses.
declare module "geoip-country" {
  interface GeoCountry {
    /** ISO 3166-1 alpha-2 code, e.g. "GH". */
    country: string;
  }
  const geoip: {
    /** The country of an IPv4 or IPv6 address, or null when the database has none. */
    lookup(ip: string): GeoCountry | null;
  };
  export default geoip;
}
