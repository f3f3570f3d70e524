/**
 * The catalogue's rules (SPEC §3, §9; issue #50): one module for the browser and the server, so the
 * price a client sees is the price the server charges. The services themselves are data the operator
 * edits (services.server.ts); each page and call gets them from the server. Every amount is in
 * pesewas (GHS minor units).
 */
/** The platforms the store can sell on, SPEC's three first. "twitter" is SPEC's value for X. */
export const catalogPlatforms = ["instagram", "tiktok", "youtube", "twitter", "facebook"] as const;
export type CatalogPlatform = (typeof catalogPlatforms)[number];

/** What a service sells: followers first (SPEC's flow). YouTube's followers are subscribers. */
export const serviceKinds = ["followers", "subscribers", "likes", "views", "comments"] as const;
export type ServiceKind = (typeof serviceKinds)[number];
export const serviceTargets = ["profile", "post"] as const;
export type ServiceTarget = (typeof serviceTargets)[number];

/** A service of the catalogue, as the operator priced it. */
export interface CatalogService {
  /** SPEC's package id for its three (custom-instagram, custom-tiktok, custom-youtube), a slug for the others. */
  id: string;
  /** The reseller API's service number. */
  number: number;
  platform: CatalogPlatform;
  kind: ServiceKind;
  target: ServiceTarget;
  name: string;
  description: string;
  unitPriceMinor: number;
  workerRewardMinor: number;
  minQuantity: number;
  maxQuantity: number;
  /** Days after delivery a refill may be asked for; 0: none. */
  refillDays: number;
  dripFeed: boolean;
  cancel: boolean;
  deliveryTime: string;
  active: boolean;
  position: number;
}

export const catalogCurrency = "GHS" as const;

/** SPEC §9's quantities for followers; a service offers those within its minimum and maximum. */
export const presetQuantities = [50, 100, 250, 500, 1000, 2500, 5000, 10000, 25000, 50000] as const;
export const popularQuantities: ReadonlySet<number> = new Set([100, 500, 1000, 5000]);
export const defaultQuantity = 100;
/** SPEC's bounds of its follower packages (the seeded services' minimum and maximum). */
export const minimumQuantity = 50;
export const maximumQuantity = 100_000;

/** The quantities offered as buttons for `service`: SPEC's presets within its bounds, its minimum first when lower. */
export function presetQuantitiesFor(service: Pick<CatalogService, "minQuantity" | "maxQuantity">): number[] {
  const within = presetQuantities.filter((quantity) => quantity >= service.minQuantity && quantity <= service.maxQuantity);
  return within[0] === service.minQuantity ? within : [service.minQuantity, ...within];
}

/** The quantity a service's page opens with: SPEC's 100, or the nearest the service allows. */
export function defaultQuantityFor(service: Pick<CatalogService, "minQuantity" | "maxQuantity">): number {
  return Math.min(Math.max(defaultQuantity, service.minQuantity), service.maxQuantity);
}

/** SPEC §5: the processing fee is 1.7 % of the price, rounded to the nearest pesewa (half up). */
const feePerMille = 17;

/** The processing fee of a card or mobile-money payment of `amountMinor` (orders and wallet top-ups). */
export function processingFeeMinor(amountMinor: number): number {
  return Math.floor((amountMinor * feePerMille + 500) / 1000);
}

export const platformLabels: Record<CatalogPlatform, string> = { instagram: "Instagram", tiktok: "TikTok", youtube: "YouTube", twitter: "X", facebook: "Facebook" };

/** "Followers", "Likes", … as a service's kind reads in a heading or a tab. */
export const kindLabels: Record<ServiceKind, string> = { followers: "Followers", subscribers: "Subscribers", likes: "Likes", views: "Views", comments: "Comments" };

export function isCatalogPlatform(value: unknown): value is CatalogPlatform {
  return typeof value === "string" && (catalogPlatforms as readonly string[]).includes(value);
}

export function isValidQuantity(service: Pick<CatalogService, "minQuantity" | "maxQuantity">, quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= service.minQuantity && quantity <= service.maxQuantity;
}

export interface OrderPrice {
  priceMinor: number;
  feeMinor: number;
  totalMinor: number;
  currency: typeof catalogCurrency;
}

/** Price, fee and total of `quantity` units of `service`, in pesewas. */
export function priceOrder(service: Pick<CatalogService, "unitPriceMinor" | "minQuantity" | "maxQuantity">, quantity: number): OrderPrice {
  if (!isValidQuantity(service, quantity)) throw new RangeError(`quantity must be a whole number from ${service.minQuantity} to ${service.maxQuantity}`);
  const priceMinor = service.unitPriceMinor * quantity;
  const feeMinor = processingFeeMinor(priceMinor);
  return { priceMinor, feeMinor, totalMinor: priceMinor + feeMinor, currency: catalogCurrency };
}

/** SPEC §3's Package, as the packages page builds it. */
export interface CatalogPackage {
  /** The service's id. */
  id: string;
  name: string;
  description: string;
  platform: CatalogPlatform;
  /** Cedis with two decimals, e.g. "150.00" (SPEC's string shape). */
  price: string;
  quantity: number;
  deliveryTime: string;
  features: string[];
}

/** `quantity` units of `service` as SPEC's Package ("1,000 Subscribers", "100 Likes"). */
export function packageFor(service: CatalogService, quantity: number): CatalogPackage {
  const unit = kindLabels[service.kind];
  const count = quantity.toLocaleString("en-US");
  const { priceMinor } = priceOrder(service, quantity);
  const delivery = service.dripFeed || service.kind === "followers" || service.kind === "subscribers" ? "Gradual Delivery" : "Delivered by Real People";
  return {
    id: service.id,
    name: `${count} ${unit}`,
    description: `${count} ${platformLabels[service.platform]} ${unit.toLowerCase()} from real people, delivered gradually.`,
    platform: service.platform,
    price: formatMinor(priceMinor),
    quantity,
    deliveryTime: service.deliveryTime,
    features: [`${count} Real ${unit}`, "100% Safe & Secure", delivery, "No Password Required", "24/7 Support"],
  };
}

/** Minor units as a 2-decimal string (15000 → "150.00"). */
export function formatMinor(amountMinor: number): string {
  const sign = amountMinor < 0 ? "-" : "";
  const absolute = Math.abs(amountMinor);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}

/**
 * The profile an order targets, derived on the server from the platform and username (the
 * browser's targetUrl is not trusted): instagram.com/<u>, tiktok.com/@<u>, youtube.com/@<u>,
 * x.com/<u>, facebook.com/<u>.
 */
export function targetUrlFor(platform: CatalogPlatform, targetUsername: string): string {
  const name = targetUsername.replace(/^@/, "");
  switch (platform) {
    case "instagram":
      return `https://www.instagram.com/${name}`;
    case "tiktok":
      return `https://www.tiktok.com/@${name}`;
    case "youtube":
      return `https://www.youtube.com/@${name}`;
    case "twitter":
      return `https://x.com/${name}`;
    case "facebook":
      return `https://www.facebook.com/${name}`;
  }
}
