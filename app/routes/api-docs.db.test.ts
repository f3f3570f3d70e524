import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiV2Path } from "~/features/reseller-api/api-v2-contract";
import { rawRequest } from "../../server/testing/raw-http";
import { type TestServer, startInProcessServer } from "../../server/testing/in-process-server";

/*
 * /api-docs through the built server: public, titled, its examples name the store's PUBLIC_URL
 * whatever Host the request names (issue #49), and it states the rate limit the server enforces.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startInProcessServer({ API_V2_REQUESTS_PER_MINUTE: "42" });
});
afterAll(async () => {
  await server?.stop();
});

const getAs = (host: string) => rawRequest(`${server.url}/api-docs`, { headers: { host } });

describe("GET /api-docs", () => {
  it("answers a signed-out visitor with the titled page, the server's rate limit and examples naming PUBLIC_URL, never the host asked for", async () => {
    const first = await getAs("shop-a.example");
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toMatch(/^text\/html/);
    // React separates adjacent text with empty comments; the reader sees the text without them.
    const page = first.body.toString().replaceAll("<!-- -->", "");
    expect(page).toContain("<title>Reseller API | Social Media Boost</title>");
    expect(page).toContain(`POST ${server.url}${apiV2Path}`);
    expect(page).toContain("Each key may make 42 requests per minute");
    expect(page).not.toContain("shop-a.example");

    const again = await getAs("shop-b.example");
    expect(again.status).toBe(200);
    expect(again.body.toString()).toContain(`curl ${server.url}${apiV2Path}`);
    expect(again.body.toString()).not.toContain("shop-b.example");
  });
});
