import type { CatalogPlatform, CatalogService, ServiceTarget } from "~/features/catalog";
import { type ApiV2Service, apiV2Services } from "./api-v2-contract";

/** What the /api-docs page is given: the site's address and rules, and the catalogue the API sells. */
export interface ApiDocsPageProps {
  /** The site's address (siteBaseUrl), so every example names the real endpoint. */
  baseUrl: string;
  /** How long after payment an order may be cancelled (the store's cancellation rule). */
  cancellationWindowHours: number;
  /** Requests per minute per key: the server's setting (API_V2_REQUESTS_PER_MINUTE, by default defaultApiV2RequestsPerMinute). */
  requestsPerMinute: number;
  /** The services on sale, as `services` answers them. */
  services: ApiV2Service[];
  /** What each of them is ordered on, and its refill period: the links and refills the page explains. */
  serviceTargets: ApiDocsServiceTarget[];
}

export interface ApiDocsServiceTarget {
  service: number;
  platform: CatalogPlatform;
  target: ServiceTarget;
  refillDays: number;
}

/** The catalogue's services on sale as the page shows them (the route's loader reads the catalogue). */
export function apiDocsCatalogue(active: readonly CatalogService[]): Pick<ApiDocsPageProps, "services" | "serviceTargets"> {
  return {
    services: apiV2Services({ active }),
    serviceTargets: active.map((service) => ({ service: service.number, platform: service.platform, target: service.target, refillDays: service.refillDays })),
  };
}
