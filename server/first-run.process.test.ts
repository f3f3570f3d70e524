import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, makeDataDir } from "./testing/spawn-server";

/*
 * The README's first run, literally: `npm start` with no configuration (what its script runs after
 * the build, which `npm test` has made), a client signs up with the form of /auth, reads the
 * confirmation e-mail at /dev/outbox on the address the server printed, follows its link and presses
 * the button, and is confirmed. The one setting is the port, as another store may hold 3000, and the
 * data folder, so the run starts fresh. Then: the outbox page is nobody's business but this machine's
 * (decision 0049).
 */

const packageJson = JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };

/** What `npm start` runs once its build is done. */
function startCommand(): string[] {
  const script = /^npm run build && (.+)$/.exec(packageJson.scripts.start);
  expect(script, `npm start is "npm run build && <command>": ${packageJson.scripts.start}`).not.toBeNull();
  const [program, ...args] = script![1].trim().split(/\s+/);
  expect(program).toBe("node");
  return [process.execPath, ...args];
}

/** A log line (JSON: the server's stdout is not a terminal) whose message matches. */
function logLine(output: string, message: RegExp): Record<string, unknown> | undefined {
  for (const line of output.split("\n")) {
    if (!line.startsWith("{")) continue;
    const entry = JSON.parse(line) as Record<string, unknown>;
    if (message.test(String(entry.msg))) return entry;
  }
  return undefined;
}

/** The form of a page that contains `marker`: where it posts, and its hidden fields. */
function formIn(html: string, pageUrl: string, marker: string): { action: string; fields: Record<string, string> } {
  const form = [...html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].find((match) => match[2].includes(marker));
  expect(form, `a form with ${marker} on ${pageUrl}`).toBeDefined();
  const action = /\baction="([^"]*)"/.exec(form![1])?.[1]?.replaceAll("&amp;", "&");
  const fields: Record<string, string> = {};
  for (const input of form![2].matchAll(/<input\b[^>]*\btype="hidden"[^>]*>/g)) {
    const name = /\bname="([^"]*)"/.exec(input[0])?.[1];
    if (name) fields[name] = /\bvalue="([^"]*)"/.exec(input[0])?.[1] ?? "";
  }
  return { action: new URL(action ?? "", pageUrl).href, fields };
}

/** The first of the machine's own addresses that is not loopback, to come from "another machine". */
const otherAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;

describe("the README's first run", () => {
  let child: ChildProcess;
  let output = "";
  let exited: Promise<number | null>;
  let port: number;
  let dataDir: string;

  beforeAll(async () => {
    port = await freePort();
    dataDir = makeDataDir();
    const [program, ...args] = startCommand();
    child = spawn(program, args, {
      // No NODE_ENV, no secret, no PUBLIC_URL, no payment keys, no SMTP_URL; the test's build if it has its own.
      env: { PATH: process.env.PATH, PORT: String(port), DATA_DIR: dataDir, ...(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {}) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    exited = new Promise((resolve) => child.on("exit", resolve));
    const deadline = Date.now() + 60_000;
    while (!/is listening on port/.test(output)) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the store did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("prints the README's address, and where its e-mails can be read", () => {
    const address = `http://localhost:${port}`;
    expect(logLine(output, /is listening on port/)).toMatchObject({ address, msg: `Social Media Boost is listening on port ${port}, at ${address}` });
    expect(logLine(output, /SMTP_URL is not set/)).toMatchObject({ outboxPage: `${address}/dev/outbox`, outbox: path.join(dataDir, "outbox") });
  });

  it("signs a client up, shows the confirmation e-mail at /dev/outbox, and confirms the address by its link", async () => {
    const address = String(logLine(output, /is listening on port/)?.address);
    // Sign up with the form of /auth?tab=join, posted as a browser without JavaScript posts it.
    const joinUrl = `${address}/auth?tab=join`;
    const joinPage = await fetch(joinUrl);
    expect(joinPage.status).toBe(200);
    const join = formIn(await joinPage.text(), joinUrl, 'value="register"');
    const email = `first-run-${process.pid}@example.com`;
    const signUp = await fetch(join.action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: address },
      body: new URLSearchParams({ ...join.fields, email, username: `first_run_${process.pid}`, fullName: "Akosua Mensah", password: "a long password", role: "client" }),
      redirect: "manual",
    });
    expect(signUp.status, await signUp.clone().text()).toBe(302);
    const cookie = signUp.headers.getSetCookie().map((header) => header.split(";")[0]).join("; ");
    const signedIn = { cookie };
    expect((await (await fetch(`${address}/api/auth/me`, { headers: signedIn })).json()).emailVerified).toBe(false);

    // The page the README names lists the e-mail, its link on the address the server printed.
    const outbox = await fetch(`${address}/dev/outbox`);
    expect(outbox.status).toBe(200);
    const listing = await outbox.text();
    const message = /<li aria-label="Confirm your e-mail address"[\s\S]*?<\/li>/.exec(listing)?.[0] ?? "";
    expect(message).toContain(email);
    const link = /<a href="([^"]+)"/.exec(message)?.[1] ?? "";
    expect(new URL(link).origin).toBe(address);
    expect(new URL(link).pathname).toMatch(/^\/auth\/verify\/[A-Za-z0-9_-]{43}$/);

    // Following it and pressing the button confirms the address.
    const linkPage = await fetch(link, { headers: signedIn });
    expect(linkPage.status).toBe(200);
    const confirm = formIn(await linkPage.text(), link, "Confirm my e-mail address");
    const confirmed = await fetch(confirm.action, {
      method: "POST",
      headers: { ...signedIn, "content-type": "application/x-www-form-urlencoded", origin: address },
      body: new URLSearchParams(confirm.fields),
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toMatch(/is confirmed as your account(&#x27;|')s e-mail address/);
    expect((await (await fetch(`${address}/api/auth/me`, { headers: signedIn })).json()).emailVerified).toBe(true);
  });

  it("keeps /dev/outbox from anyone who is not on this machine", async () => {
    const address = String(logLine(output, /is listening on port/)?.address);
    // Through a proxy on this machine: the proxy connects from loopback, and says for whom.
    expect((await fetch(`${address}/dev/outbox`, { headers: { "x-forwarded-for": "203.0.113.9" } })).status).toBe(404);
    expect((await fetch(`${address}/dev/outbox`, { headers: { forwarded: "for=203.0.113.9" } })).status).toBe(404);
    if (!otherAddress) return; // a machine with no network but loopback cannot be reached another way
    // Over the network (the server listens on every interface, HOST's default): not from loopback.
    const fromNetwork = await fetch(`http://${otherAddress}:${port}/dev/outbox`);
    expect(fromNetwork.status).toBe(404);
    expect((await fetch(`http://${otherAddress}:${port}/`)).status).toBe(200);
  });
});
