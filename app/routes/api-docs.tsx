import { CANCELLATION_WINDOW_MS } from "~/features/orders/order-cancellation.server";
import { getCatalogue } from "~/features/catalog/services.server";
import { ApiDocsPage, apiDocsCatalogue } from "~/features/reseller-api/api-docs-page";
import { getEnv } from "~/lib/env.server";
import { cacheForAnonymousVisitors } from "~/lib/page-cache";
import { pageMeta } from "~/lib/seo";
import { siteBaseUrl } from "~/lib/seo.server";
import type { Route } from "./+types/api-docs";

// The same for every signed-out visitor at one address: served from the page cache for five minutes.
// The examples name the site's address, which is safe to cache: the cache keys on the Host.
export const headers = cacheForAnonymousVisitors(300);

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    {
      title: "Reseller API",
      description:
        "The Social Media Boost reseller API (API v2) for SMM panels: list services, place, check and cancel orders, and read your balance, with curl, PHP and Python examples.",
      path: "/api-docs",
    },
    matches,
  );

export async function loader() {
  // The server's own figures: the real endpoint, the rule cancelOrder applies, the rate limit /api/v2 enforces, the services on sale.
  return {
    baseUrl: siteBaseUrl(),
    cancellationWindowHours: CANCELLATION_WINDOW_MS / (60 * 60 * 1000),
    requestsPerMinute: getEnv().API_V2_REQUESTS_PER_MINUTE,
    ...apiDocsCatalogue((await getCatalogue()).active),
  };
}

export default function ApiDocs({ loaderData }: Route.ComponentProps) {
  return <ApiDocsPage {...loaderData} />;
}
