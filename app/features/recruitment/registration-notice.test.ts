import { describe, expect, it } from "vitest";
import { registrationFailureNotice, registrationFailureTexts } from "./registration-notice";

describe("registrationFailureNotice (SPEC §8, worker registration form)", () => {
  it("always titles a failure 'Registration Failed'", () => {
    expect(registrationFailureNotice(409, "An account with this email already exists.").title).toBe("Registration Failed");
  });

  it("reads the server's conflicts as SPEC's 'already registered' and 'already taken' texts", () => {
    expect(registrationFailureNotice(409, "An account with this email already exists.").description).toBe(registrationFailureTexts.emailTaken);
    expect(registrationFailureNotice(409, "duplicate key value").description).toBe(registrationFailureTexts.emailTaken);
    expect(registrationFailureNotice(409, "Username is already taken.").description).toBe(registrationFailureTexts.usernameTaken);
  });

  it("never shows a validation error (400) as 'already taken'", () => {
    expect(registrationFailureNotice(400, "Invalid username: Username too long").description).toBe(registrationFailureTexts.invalid);
    expect(registrationFailureNotice(400, "Username must be at least 3 characters").description).toBe(registrationFailureTexts.invalid);
    expect(registrationFailureNotice(400, "Please fill in all fields").description).toBe(registrationFailureTexts.invalid);
  });

  it("shows other messages as they are, and a default when there is none", () => {
    const tooMany = "Too many accounts were created from this network. Please try again in an hour.";
    expect(registrationFailureNotice(429, tooMany).description).toBe(tooMany);
    expect(registrationFailureNotice(500, "").description).toBe(registrationFailureTexts.fallback);
    expect(registrationFailureNotice(undefined, undefined).description).toBe(registrationFailureTexts.fallback);
    expect(registrationFailureNotice(422, "Invalid state").description).toBe(registrationFailureTexts.invalid);
  });

  it("falls back to SPEC's word rules when the status is unknown", () => {
    expect(registrationFailureNotice(undefined, "Username is already taken.").description).toBe(registrationFailureTexts.usernameTaken);
    expect(registrationFailureNotice(undefined, "email already exists").description).toBe(registrationFailureTexts.emailTaken);
  });
});
