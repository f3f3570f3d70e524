/**
 * The worker registration form's notices (SPEC §8 "Registration form"). SPEC maps the failure
 * message by its words; we map by the HTTP status first, so a validation error that mentions a
 * username ("Invalid username: …", "Username too long", status 400) never reads as "already taken".
 */
export const registrationFailedTitle = "Registration Failed";

export const registrationFailureTexts = {
  emailTaken: "This email address is already registered. Please use a different email or try logging in.",
  usernameTaken: "This username is already taken. Please choose a different username.",
  invalid: "Please check your information and ensure all fields are filled correctly.",
  fallback: "Please check your information and try again.",
} as const;

/** SPEC §8's success notice, word for word. */
export const registrationSuccessNotice = {
  title: "Account created!",
  description: "Welcome to the product. You can now start using our platform.",
} as const;

export function registrationFailureNotice(status: number | undefined, message: string | null | undefined) {
  return { title: registrationFailedTitle, description: describeRegistrationFailure(status, message) };
}

function describeRegistrationFailure(status: number | undefined, message: string | null | undefined): string {
  const text = message?.trim();
  if (status === 400) return registrationFailureTexts.invalid;
  if (!text) return registrationFailureTexts.fallback;
  const isConflict = status === undefined || status === 409;
  if (isConflict && /already exists|duplicate/i.test(text)) return registrationFailureTexts.emailTaken;
  if (isConflict && text.includes("Username")) return registrationFailureTexts.usernameTaken;
  if (text.includes("Invalid")) return registrationFailureTexts.invalid;
  return text;
}
