import { describe, expect, it } from "vitest";
import { commitSessionToken, readSessionToken } from "./session.server";

const requestWith = (cookie: string | undefined) => new Request("http://localhost/", { headers: cookie ? { Cookie: cookie } : {} });

describe("readSessionToken", () => {
  it("reads the token from the session cookie it signed, the second time from what the first check concluded", async () => {
    const cookie = (await commitSessionToken("the-token")).split(";")[0];
    expect(await readSessionToken(requestWith(cookie))).toBe("the-token");
    expect(await readSessionToken(requestWith(`${cookie}`))).toBe("the-token");
    expect(await readSessionToken(requestWith(`other=1; ${cookie}`))).toBe("the-token");
  });

  it("finds no token in a cookie whose value or signature was altered, however often it is sent", async () => {
    const cookie = (await commitSessionToken("the-token")).split(";")[0];
    const [name, value] = cookie.split("=");
    const decoded = decodeURIComponent(value);
    const [payload, signature] = [decoded.slice(0, decoded.lastIndexOf(".")), decoded.slice(decoded.lastIndexOf(".") + 1)];
    const otherPayload = Buffer.from(JSON.stringify({ token: "forged" })).toString("base64");
    for (const bad of [`${name}=${encodeURIComponent(`${otherPayload}.${signature}`)}`, `${name}=${encodeURIComponent(`${payload}.${signature.slice(1)}A`)}`, `${name}=${payload}`]) {
      expect(await readSessionToken(requestWith(bad))).toBeUndefined();
      expect(await readSessionToken(requestWith(bad))).toBeUndefined();
    }
    expect(await readSessionToken(requestWith(undefined))).toBeUndefined();
  });
});
