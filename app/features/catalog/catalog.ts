/**
 * The catalogue as code (SPEC §3, §9): one module for the browser and the server, so the price a
 * client sees is the price the server charges. Every amount is in pesewas (GHS minor units).
 */
export const catalogPlatforms = ["instagram", "tiktok", "youtube"] as const;
export type CatalogPlatform = (typeof catalogPlatforms)[number];

export const catalogCurrency = "GHS" as const;
export const unitPriceMinor: Record<CatalogPlatform, number> = { instagram: 150, tiktok: 150, youtube: 200 };

export const presetQuantities = [50, 100, 250, 500, 1000, 2500, 5000, 10000, 25000, 50000] as const;
export const popularQuantities: ReadonlySet<number> = new Set([100, 500, 1000, 5000]);
export const defaultQuantity = 100;
export const minimumQuantity = 50;
export const maximumQuantity = 100_000;

/**
 * What a worker earns per action (one follow, one subscription): 30 % of the unit price, in pesewas
 * (instagram/tiktok 45, youtube 60). The rest pays for the platform, review and support.
 */
export const rewardShareTenths = 3;
export function rewardPerActionMinor(platform: CatalogPlatform): number {
  return Math.round((unitPriceMinor[platform] * rewardShareTenths) / 10);
}

/** SPEC §5: the processing fee is 1.7 % of the price, rounded to the nearest pesewa (half up). */
const feePerMille = 17;

/** The processing fee of a card or mobile-money payment of `amountMinor` (orders and wallet top-ups). */
export function processingFeeMinor(amountMinor: number): number {
  return Math.floor((amountMinor * feePerMille + 500) / 1000);
}

export const platformLabels: Record<CatalogPlatform, string> = { instagram: "Instagram", tiktok: "TikTok", youtube: "YouTube" };

export function isCatalogPlatform(value: unknown): value is CatalogPlatform {
  return typeof value === "string" && (catalogPlatforms as readonly string[]).includes(value);
}

export function isValidQuantity(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= minimumQuantity && quantity <= maximumQuantity;
}

export interface OrderPrice {
  priceMinor: number;
  feeMinor: number;
  totalMinor: number;
  currency: typeof catalogCurrency;
}

/** Price, fee and total of `quantity` units on `platform`, in pesewas. */
export function priceOrder(platform: CatalogPlatform, quantity: number): OrderPrice {
  if (!isValidQuantity(quantity)) throw new RangeError(`quantity must be a whole number from ${minimumQuantity} to ${maximumQuantity}`);
  const priceMinor = unitPriceMinor[platform] * quantity;
  const feeMinor = processingFeeMinor(priceMinor);
  return { priceMinor, feeMinor, totalMinor: priceMinor + feeMinor, currency: catalogCurrency };
}

/** SPEC §3's Package, as the packages page builds it. */
export interface CatalogPackage {
  id: `custom-${CatalogPlatform}`;
  name: string;
  description: string;
  platform: CatalogPlatform;
  /** Cedis with two decimals, e.g. "150.00" (SPEC's string shape). */
  price: string;
  quantity: number;
  deliveryTime: string;
  features: string[];
}

export function packageFor(platform: CatalogPlatform, quantity: number): CatalogPackage {
  const unit = platform === "youtube" ? "Subscribers" : "Followers";
  const { priceMinor } = priceOrder(platform, quantity);
  return {
    id: `custom-${platform}`,
    name: `${quantity.toLocaleString("en-US")} ${unit}`,
    description: `${quantity.toLocaleString("en-US")} ${platformLabels[platform]} ${unit.toLowerCase()} from real people, delivered gradually.`,
    platform,
    price: formatMinor(priceMinor),
    quantity,
    deliveryTime: platform === "youtube" ? "48-72 Hours" : "24-48 Hours",
    features: [`${quantity.toLocaleString("en-US")} Real ${unit}`, "100% Safe & Secure", "Gradual Delivery", "No Password Required", "24/7 Support"],
  };
}

/** The platform of a package id (`custom-instagram` → instagram), or null. */
export function platformFromPackageId(packageId: string): CatalogPlatform | null {
  const platform = packageId.startsWith("custom-") ? packageId.slice("custom-".length) : "";
  return isCatalogPlatform(platform) ? platform : null;
}

/** Minor units as a 2-decimal string (15000 → "150.00"). */
export function formatMinor(amountMinor: number): string {
  const sign = amountMinor < 0 ? "-" : "";
  const absolute = Math.abs(amountMinor);
  return `${sign}${Math.floor(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}

/**
 * The profile an order targets, derived on the server from the platform and username (the
 * browser's targetUrl is not trusted): instagram.com/<u>, tiktok.com/@<u>, youtube.com/@<u>.
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
  }
}
