import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiDocsPage, exampleOrder } from "./api-docs-page";
import { curlExample, curlJsonExample, phpExample, pythonExample } from "./api-docs-code";
import { targetFromLink } from "./target-link";
import { apiV2Actions, apiV2Currency, apiV2Errors, apiV2Path, apiV2Services, apiV2Statuses, defaultApiV2RequestsPerMinute, maximumOrdersPerRequest, platformOfService } from "./api-v2-contract";

/*
 * The /api-docs page against the contract the API answers from: every action, error, status,
 * service and limit the contract holds is on the page, and the examples are valid requests to the
 * address the page was served from.
 */

const baseUrl = "https://boost.example";
const endpoint = `${baseUrl}${apiV2Path}`;

function render(): string {
  const Stub = createRoutesStub([{ path: "/api-docs", Component: () => <ApiDocsPage baseUrl={baseUrl} cancellationWindowHours={1} requestsPerMinute={defaultApiV2RequestsPerMinute} /> }]);
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
    expect(blocks).toContain(`POST ${endpoint}`);
    expect(blocks.some((block) => block.includes(`curl_init('${endpoint}')`))).toBe(true);
    expect(blocks.some((block) => block.includes(`requests.post("${endpoint}", data={`))).toBe(true);
  });

  it("shows the services answer exactly as the contract builds it, and each service's rate, min and max", () => {
    const servicesAnswer = codeBlocks(sectionHtml(html, "services")).find((block) => block.trimStart().startsWith("["));
    expect(JSON.parse(servicesAnswer!)).toEqual(apiV2Services());
    const servicesText = sectionText(html, "services");
    for (const service of apiV2Services()) {
      for (const value of [service.name, service.rate, String(service.min), String(service.max)]) expect(servicesText).toContain(value);
    }
    expect(servicesText).toContain(`${apiV2Currency} per 1000`);
  });

  it("lists every error message of the contract, each once in the table", () => {
    const errorsText = sectionText(html, "errors");
    for (const message of Object.values(apiV2Errors)) expect(errorsText).toContain(message);
    const rows = [...html.matchAll(/<th scope="row"[^>]*font-mono text-xs[^>]*>([\s\S]*?)<\/th>/g)].map(([, inner]) => decode(inner));
    expect(rows).toEqual(Object.values(apiV2Errors));
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

  it("shows only links the API accepts for the service's platform", () => {
    const links = [...sectionHtml(html, "add").matchAll(/<li>([^:<]+): <code[^>]*>([^<]+)<\/code> or <code[^>]*>([^<]+)<\/code><\/li>/g)];
    expect(links).toHaveLength(apiV2Services().length);
    for (const [, label, url, handle] of links) {
      const platform = platformOfService(apiV2Services().find((service) => service.category === label)!.service)!;
      for (const link of [url, handle]) expect(targetFromLink(decode(link), platform), `${link} for ${label}`).toHaveProperty("username");
    }
    expect(targetFromLink(exampleOrder.link, platformOfService(exampleOrder.service.service)!)).toHaveProperty("username");
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
