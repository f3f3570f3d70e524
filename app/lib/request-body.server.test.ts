import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toErrorResponse } from "./api-response.server";
import { AppError } from "./errors";
import { readJsonBody } from "./request-body.server";

const schema = z.object({ email: z.email() });
const post = (body: BodyInit | null, contentType = "application/json") =>
  new Request("http://localhost/api/test", { method: "POST", headers: { "content-type": contentType }, body });

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const response = toErrorResponse(error);
    return { status: response.status, body: await response.json() };
  }
  throw new Error("expected a failure");
}

describe("readJsonBody", () => {
  it("returns the validated body", async () => {
    expect(await readJsonBody(post(JSON.stringify({ email: "a@b.co" })), schema)).toEqual({ email: "a@b.co" });
  });

  it("answers malformed JSON with 400", async () => {
    expect(await failureOf(readJsonBody(post("{not json"), schema))).toEqual({ status: 400, body: { message: "Invalid JSON in the request body." } });
  });

  it("answers a wrong content type with 415", async () => {
    expect((await failureOf(readJsonBody(post("email=a", "application/x-www-form-urlencoded"), schema))).status).toBe(415);
  });

  it("answers an invalid field with 400 and a message containing Invalid", async () => {
    const failure = await failureOf(readJsonBody(post(JSON.stringify({ email: "nope" })), schema));
    expect(failure.status).toBe(400);
    expect(failure.body.message).toMatch(/^Invalid email/);
  });

  it("caps a streamed body that declares no length", async () => {
    const oversized = new ReadableStream({
      start(controller) {
        for (let index = 0; index < 20; index++) controller.enqueue(new TextEncoder().encode("x".repeat(1024)));
        controller.close();
      },
    });
    const request = new Request("http://localhost/api/test", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: oversized,
      duplex: "half",
    } as RequestInit);
    expect((await failureOf(readJsonBody(request, schema, 8 * 1024))).status).toBe(413);
  });
});

describe("toErrorResponse", () => {
  it("keeps an AppError's status and message", async () => {
    const response = toErrorResponse(new AppError(409, "conflict", "Email already exists"));
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "Email already exists" });
  });

  it("hides the details of unexpected errors", async () => {
    const response = toErrorResponse(new Error("connection string postgres://secret"));
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).not.toContain("secret");
  });
});
