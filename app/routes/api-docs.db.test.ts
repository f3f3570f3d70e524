import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiV2Path } from "~/features/reseller-api/api-v2-contract";
import { rawRequest } from "../../server/testing/raw-http";
import { type TestServer, startInProcessServer } from "../../server/testing/in-process-server";

/*
 * /api-docs through the built server: public, titled, its examples name the address the page was
 * asked for, and it states the rate limit the server enforces. The page is kept in the anonymous
 * page cache, so each host must get its own copy.
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
  it("answers a signed-out visitor with the titled page, the server's rate limit and examples naming the host asked for, cached per host", async () => {
    const first = await getAs("shop-a.example");
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toMatch(/^text\/html/);
    // React separates adjacent text with empty comments; the reader sees the text without them.
    const page = first.body.toString().replaceAll("<!-- -->", "");
    expect(page).toContain("<title>Reseller API | Social Media Boost</title>");
    expect(page).toContain(`POST http://shop-a.example${apiV2Path}`);
    expect(page).toContain("Each key may make 42 requests per minute");

    const other = await getAs("shop-b.example");
    expect(other.status).toBe(200);
    expect(other.body.toString()).toContain(`POST http://shop-b.example${apiV2Path}`);
    expect(other.body.toString()).not.toContain("shop-a.example");

    const again = await getAs("shop-a.example");
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(again.body.toString()).toContain(`curl http://shop-a.example${apiV2Path}`);
    expect(again.body.toString()).not.toContain("shop-b.example");
  });
});
