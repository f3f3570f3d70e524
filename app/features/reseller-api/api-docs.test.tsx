import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CatalogService } from "~/features/catalog/catalog";
import { postTargetFromLink } from "~/features/catalog/post-link";
import { ApiDocsPage, apiDocsCatalogue, apiV2ErrorText, exampleOrderOf } from "./api-docs-page";
import { curlExample, curlJsonExample, phpExample, pythonExample } from "./api-docs-code";
import { targetFromLink } from "./target-link";
import { apiV2Actions, apiV2Currency, apiV2Errors, apiV2Path, apiV2Statuses, defaultApiV2RequestsPerMinute, maximumOrdersPerRequest } from "./api-v2-contract";

/*
 * The /api-docs page against the contract the API answers from: every action, error, status,
 * service and limit the contract holds is on the page, and the examples are valid requests to the
 * address the page was served from.
 */

const baseUrl = "https://boost.example";

/** A catalogue as the seed's (issue #50): followers, likes and comments, on three platforms; one service without refill or cancel. */
const service = (number: number, fields: Partial<CatalogService>): CatalogService => ({
  id: `service-${number}`, number, platform: "instagram", kind: "followers", target: "profile", name: `Service ${number}`, description: "",
  unitPriceMinor: 150, workerRewardMinor: 45, minQuantity: 50, maxQuantity: 100_000, refillDays: 30, dripFeed: true, cancel: true,
  deliveryTime: "24-48 Hours", active: true, position: number, ...fields,
});
const catalogue = [
  service(1, { name: "Instagram Followers" }),
  service(2, { name: "TikTok Followers", platform: "tiktok" }),
  service(3, { name: "YouTube Subscribers", platform: "youtube", kind: "subscribers", unitPriceMinor: 200 }),
  service(6, { name: "Instagram Comments", kind: "comments", target: "post", unitPriceMinor: 100, minQuantity: 5, maxQuantity: 1000, refillDays: 0, dripFeed: false }),
  service(7, { name: "TikTok Likes", platform: "tiktok", kind: "likes", target: "post", unitPriceMinor: 25, minQuantity: 20, maxQuantity: 50_000, refillDays: 0, cancel: false }),
];
const docsCatalogue = apiDocsCatalogue(catalogue);
const services = docsCatalogue.services;
const exampleOrder = exampleOrderOf(services);
const endpoint = `${baseUrl}${apiV2Path}`;

function render(): string {
  const Stub = createRoutesStub([{ path: "/api-docs", Component: () => <ApiDocsPage baseUrl={baseUrl} cancellationWindowHours={1} requestsPerMinute={defaultApiV2RequestsPerMinute} {...docsCatalogue} /> }]);
  return renderToStaticMarkup(<Stub initialEntries={["/api-docs"]} />);
}

const decode = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The text of every <pre> block, in page order. */
const codeBlocks = (html: string) => [...html.matchAll(/<pre\b[^>]*>([\s\S]*?)<\/pre>/g)].map(([, inner]) => decode(inner));

/** The markup of the section with this id, and its text. */
function sectionHtml(html: string, id: string): string {
  const match = new RegExp(`<section id="${id}"[\\s\\S]*?</section>`).exec(html);
  if (!match) throw new Error(`no section #${id}`);
  return match[0];
}
const sectionText = (html: string, id: string) => decode(sectionHtml(html, id));

/** The headings of a level, as text. */
const headings = (html: string, level: number) => [...html.matchAll(new RegExp(`<h${level}\\b[^>]*>([\\s\\S]*?)</h${level}>`, "g"))].map(([, inner]) => decode(inner));

describe("the API docs page", () => {
  const html = render();
  const blocks = codeBlocks(html);

  it("has one heading per action, in the contract's order, with curl, PHP and Python examples and a response", () => {
    expect(headings(html, 1)).toEqual(["Reseller API"]);
    const actionHeadings = headings(html, 2).filter((text) => /^\w+: /.test(text));
    expect(actionHeadings.map((text) => text.split(":")[0])).toEqual([...apiV2Actions]);
    for (const action of apiV2Actions) {
      const text = sectionText(html, action);
      expect(text).toContain(`curl ${endpoint}`);
      expect(text).toContain(`-d action=${action}`);
      expect(text).toContain(`'action' => '${action}'`);
      expect(text).toContain(`"action": "${action}"`);
      expect(text).toContain("Response");
    }
  });

  it("names the endpoint of the address it was served from", () => {
    expect(blocks).toContain(`POST ${endpoint}\nGET  ${endpoint}?key=YOUR_API_KEY&action=balance`);
    expect(blocks.some((block) => block.includes(`curl_init('${endpoint}')`))).toBe(true);
    expect(blocks.some((block) => block.includes(`requests.post("${endpoint}", data={`))).toBe(true);
  });

  it("says how a call may travel, what charge and remains mean per status, and which calls panel software makes (issue #51)", () => {
    const started = sectionText(html, "getting-started");
    for (const phrase of ["multipart/form-data", "application/json", "query string", "/api/v2/", "undefined"]) expect(started).toContain(phrase);
    const status = sectionText(html, "status");
    expect(status).toMatch(/Canceled.*Whatever was paid went back in full.*charge: 0\.00/s);
    expect(status).toMatch(/Partial.*charge: the delivered part's price.*remains: the units not delivered, whose price was refunded/s);
    const panels = sectionText(html, "panel-software");
    for (const action of apiV2Actions) expect(panels).toContain(action);
    expect(panels).toContain(`{"error":"Incorrect request: send it as GET or POST"}`);
  });

  it("shows the services answer exactly as the contract builds it, and each service's rate, min and max", () => {
    const servicesAnswer = codeBlocks(sectionHtml(html, "services")).find((block) => block.trimStart().startsWith("["));
    expect(JSON.parse(servicesAnswer!)).toEqual(services);
    expect(services.map((listed) => [listed.service, listed.type, listed.category])).toEqual([
      [1, "Default", "Instagram Followers"],
      [2, "Default", "TikTok Followers"],
      [3, "Default", "YouTube Subscribers"],
      [6, "Custom Comments", "Instagram Comments"],
      [7, "Default", "TikTok Likes"],
    ]);
    const servicesText = sectionText(html, "services");
    for (const listed of services) {
      for (const value of [listed.name, listed.rate, String(listed.min), String(listed.max), listed.category]) expect(servicesText).toContain(value);
    }
    expect(servicesText).toContain("Instagram Comments · Custom Comments · post link · no refill");
    expect(servicesText).toContain("TikTok Likes · post link · no refill · drip-feed · no cancel");
    expect(servicesText).toContain(`${apiV2Currency} per 1000`);
  });

  it("lists every error message of the contract, each once in the table", () => {
    const errorsText = sectionText(html, "errors");
    const messages = (Object.keys(apiV2Errors) as (keyof typeof apiV2Errors)[]).map(apiV2ErrorText);
    for (const message of messages) expect(errorsText).toContain(message);
    const rows = [...html.matchAll(/<th scope="row"[^>]*font-mono text-xs[^>]*>([\s\S]*?)<\/th>/g)].map(([, inner]) => decode(inner));
    expect(rows).toEqual(messages);
    // A message with the service's numbers or a reason in it reads with their places marked.
    expect(rows).toContain("Quantity must be a whole number from <min> to <max>");
    expect(rows).toContain("Incorrect comments: <what is wrong>");
  });

  it("explains every status, the rate limit and the most orders per request", () => {
    const statusText = sectionText(html, "status");
    for (const status of apiV2Statuses) expect(statusText).toContain(status);
    const limitsText = sectionText(html, "rate-limits");
    expect(limitsText).toContain(`${defaultApiV2RequestsPerMinute} requests per minute`);
    expect(limitsText).toContain("429");
    expect(limitsText).toContain("Retry-After");
    expect(limitsText).toContain(apiV2Errors.rateLimited);
    expect(limitsText).toContain(`at most ${maximumOrdersPerRequest} order ids`);
    expect(sectionText(html, "cancel")).toContain("within 1 hour of payment");
  });

  it("shows only links the API accepts: profiles for profile services, posts for post services, per platform on sale", () => {
    const items = [...sectionHtml(html, "add").matchAll(/<li>([A-Za-z]+):([\s\S]*?)<\/li>/g)].map(([, label, inner]) => ({ label, codes: [...inner.matchAll(/<code[^>]*>([^<]+)<\/code>/g)].map(([, code]) => decode(code)) }));
    expect(items.map((item) => item.label)).toEqual(["Instagram", "TikTok", "YouTube"]);
    const platformOf = { Instagram: "instagram", TikTok: "tiktok", YouTube: "youtube" } as const;
    for (const { label, codes } of items) {
      const platform = platformOf[label as keyof typeof platformOf];
      const [profileUrl, handle, post] = codes;
      for (const link of [profileUrl, handle]) expect(targetFromLink(link, platform), `${link} for ${label}`).toHaveProperty("username");
      // YouTube sells no post service here: its line names no post.
      if (label === "YouTube") expect(post).toBeUndefined();
      else expect(postTargetFromLink(post, platform), `${post} for ${label}`).toHaveProperty("url");
    }
    expect(targetFromLink(exampleOrder.link, "instagram")).toHaveProperty("username");
  });

  it("documents comments for Custom Comments, with an add example of the service's minimum of lines", () => {
    const addText = sectionText(html, "add");
    expect(addText).toContain("comments");
    expect(addText).toContain("Custom Comments services only");
    // The Python example: its parameters are JSON values, one per line.
    const example = codeBlocks(sectionHtml(html, "add")).find((block) => block.includes('"comments": '));
    expect(example).toBeDefined();
    const value = (name: string) => JSON.parse(new RegExp(`"${name}": (.*),$`, "m").exec(example!)![1]);
    const sent = { action: value("action"), service: value("service"), link: value("link"), comments: value("comments") as string };
    expect(sent).toMatchObject({ action: "add", service: 6, link: "https://www.instagram.com/p/C8xYz12AbCd/" });
    expect(sent.comments.split("\n")).toHaveLength(5);
  });

  it("orders, in its add example, a quantity the service accepts, and charges rate × quantity / 1000 in its status example", () => {
    expect(exampleOrder.quantity).toBeGreaterThanOrEqual(exampleOrder.service.min);
    expect(exampleOrder.quantity).toBeLessThanOrEqual(exampleOrder.service.max);
    const statusAnswer = JSON.parse(codeBlocks(sectionHtml(html, "status")).find((block) => block.includes('"charge"'))!);
    expect(Number(statusAnswer.charge)).toBe((Number(exampleOrder.service.rate) * exampleOrder.quantity) / 1000);
    expect(statusAnswer.charge).toMatch(/^\d+\.\d{2}$/);
    expect(apiV2Statuses).toContain(statusAnswer.status);
  });
});

describe("the request examples", () => {
  const parameters = { key: "smb_abc", action: "add" as const, service: 1, link: "@it's.me", quantity: 100 };

  it("curl: plain values as -d, values that need encoding as --data-urlencode, quoted for the shell", () => {
    expect(curlExample(endpoint, parameters)).toBe(
      [`curl ${endpoint}`, "  -d key=smb_abc", "  -d action=add", "  -d service=1", `  --data-urlencode 'link=@it'\\''s.me'`, "  -d quantity=100"].join(" \\\n"),
    );
  });

  it("PHP and Python: strings quoted and escaped for the language, numbers left as numbers", () => {
    const php = phpExample(endpoint, parameters);
    expect(php).toContain(`'link' => '@it\\'s.me',`);
    expect(php).toContain(`'quantity' => 100,`);
    const python = pythonExample(endpoint, parameters);
    expect(python).toContain(`"link": "@it's.me",`);
    expect(python).toContain(`"quantity": 100,`);
    expect(python).toContain(".json()");
  });
});

/** Runs an example; asynchronously, since the server answering it lives in this process. */
const run = async (program: string, args: string[]) => (await promisify(execFile)(program, args, { encoding: "utf8", timeout: 20_000 })).stdout;

/** Whether a program is installed here (the examples are run only where their language is). */
function has(program: string, ...check: string[]): boolean {
  try {
    execFileSync(program, check, { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe("the request examples, run", () => {
  const parameters = { key: "smb_abc", action: "add" as const, service: 1, link: "https://www.instagram.com/it's.me?x=1&y=2", quantity: 100, reference: "panel-8812" };
  const sent = Object.fromEntries(Object.entries(parameters).map(([name, value]) => [name, String(value)]));
  let received: { method?: string; url?: string; type?: string; body: string }[] = [];
  let server: http.Server;
  let url = "";

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        received.push({ method: request.method, url: request.url, type: request.headers["content-type"], body: Buffer.concat(chunks).toString() });
        response.setHeader("content-type", "application/json");
        response.end('{"order":23501}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${apiV2Path}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    received = [];
  });

  const formOf = (body: string) => Object.fromEntries(new URLSearchParams(body));

  it.skipIf(!has("curl", "--version"))("curl posts exactly the parameters, form-encoded, and prints the answer", async () => {
    const output = await run("sh", ["-c", curlExample(url, parameters)]);
    expect(output).toBe('{"order":23501}');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: "POST", url: apiV2Path, type: "application/x-www-form-urlencoded" });
    expect(formOf(received[0].body)).toEqual(sent);
  });

  it.skipIf(!has("curl", "--version"))("curl with a JSON body posts exactly the parameters as JSON", async () => {
    await run("sh", ["-c", curlJsonExample(url, parameters)]);
    expect(received[0]).toMatchObject({ method: "POST", type: "application/json" });
    expect(JSON.parse(received[0].body)).toEqual(parameters);
  });

  it.skipIf(!has("python3", "-c", "import requests"))("Python posts exactly the parameters and prints the decoded answer", async () => {
    const output = await run("python3", ["-c", pythonExample(url, parameters)]);
    expect(output.trim()).toBe("{'order': 23501}");
    expect(received[0]).toMatchObject({ method: "POST", type: "application/x-www-form-urlencoded" });
    expect(formOf(received[0].body)).toEqual(sent);
  });

  it.skipIf(!has("php", "-m"))("PHP posts exactly the parameters and prints the decoded answer", async () => {
    const output = await run("php", ["-r", phpExample(url, parameters).replace(/^<\?php\n/, "")]);
    expect(output).toContain("[order] => 23501");
    expect(formOf(received[0].body)).toEqual(sent);
  });
});
