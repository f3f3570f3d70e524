import { z } from "zod";
import { hasNoNul, nulMessage } from "~/lib/plain-text";

/**
 * One schema per form and call: the /auth forms validate with these in the browser (conform) and
 * the actions and /api/auth/* calls validate with the same ones on the server. Messages are SPEC §5's.
 */
export const workerPlatforms = ["instagram", "tiktok", "youtube", "twitter", "facebook"] as const;

const email = z
  .string({ error: "Invalid email address" })
  .trim()
  .toLowerCase()
  .pipe(z.email("Invalid email address").max(254, "Invalid email address"));

const password = z
  .string({ error: "Password must be at least 6 characters" })
  .min(6, "Password must be at least 6 characters")
  .max(128, "Password must be at most 128 characters");

/**
 * A name shows in pages and once went into e-mails: one carrying an address would let anyone send a
 * store-branded message pointing anywhere (issue #49). Refused: a scheme (`http://`, `ftp:`), `www.`,
 * and a host ending in a common top-level domain (`evil.com`, `bit.ly/x`), however it is cased.
 * "Dr.Kofi" or "J.R. Mensah" are names, not hosts, and pass.
 */
const linkPattern = /[a-z][a-z0-9+.-]*:\/\/|\bwww\.|[a-z0-9-]\.(?:com|net|org|info|biz|io|co|gh|ng|ke|za|uk|us|de|ru|cn|me|ly|to|tk|ml|ga|cf|gq|xyz|top|site|online|shop|store|link|click|live|app|dev|page|club|vip|win|pro|tv|cc)(?![a-z])/i;
export const looksLikeLink = (value: string) => linkPattern.test(value);

export const loginSchema = z.object({
  email,
  password,
});

export const registerSchema = z.object({
  email,
  username: z
    .string({ error: "Username must be at least 3 characters" })
    .trim()
    .min(3, "Username must be at least 3 characters")
    .max(30, "Username too long")
    .regex(/^[A-Za-z0-9_.]+$/, "Invalid username: use letters, digits, _ and . only"),
  fullName: z
    .string({ error: "Full name must be at least 2 characters" })
    .trim()
    .min(2, "Full name must be at least 2 characters")
    .max(100, "Full name is too long")
    .refine(hasNoNul, nulMessage)
    .refine((value) => !looksLikeLink(value), "A name cannot contain a web address or link"),
  password,
  // Admins are never self-registered: "admin" fails here with a 400.
  role: z.enum(["client", "worker"], { error: "Invalid role: choose client or worker" }),
  platforms: z
    .array(z.enum(workerPlatforms, { error: "Invalid platform" }))
    .max(workerPlatforms.length)
    .optional(),
});

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;

/**
 * Where signing in or up through a form leads when no page sent the visitor (no `redirectTo`): the
 * dashboard, where an account's life is. (A signed-in visitor who opens /auth goes to /, SPEC §2.)
 */
export const afterAuthPath = "/dashboard";

/**
 * SPEC §5's page-level checks, run in the browser before posting and again by the action:
 * every field filled in, then a password of at least 6 characters.
 */
export type AuthFormProblem = "missing" | "weak-password" | null;

export function findAuthFormProblem(formData: FormData, intent: "login" | "register"): AuthFormProblem {
  const required = intent === "login" ? ["email", "password"] : ["email", "username", "fullName", "password"];
  if (required.some((name) => !String(formData.get(name) ?? "").trim())) return "missing";
  if (intent === "register" && String(formData.get("password")).length < 6) return "weak-password";
  return null;
}

/** The /auth page's toast for each problem (SPEC §5). */
export const authFormProblemNotices = {
  missing: { title: "Missing information", description: "Please fill in all fields" },
  "weak-password": { title: "Weak password", description: "Password must be at least 6 characters long" },
} as const;

/**
 * What `npm run create-admin` and BOOTSTRAP_ADMIN_* need: the registration fields without role or
 * platforms, and a longer password — an admin account can move money (issue #17).
 */
export const adminPasswordMessage = "Admin passwords must be at least 12 characters";
export const adminAccountSchema = registerSchema
  .omit({ role: true, platforms: true })
  .extend({ password: z.string({ error: adminPasswordMessage }).min(12, adminPasswordMessage).max(128, "Password must be at most 128 characters") });

/** Issue #19: password reset, e-mail verification and account settings (pages and /api/auth/*). */
export const passwordResetRequestSchema = z.object({ email });

const linkToken = z.string({ error: "This link is not valid" }).trim().min(1, "This link is not valid").max(200, "This link is not valid");

export const passwordResetConfirmSchema = z.object({ token: linkToken, password });

export const verifyEmailSchema = z.object({ token: linkToken });

export const changeNameSchema = z.object({ fullName: registerSchema.shape.fullName });

const currentPassword = z.string({ error: "Enter your current password" }).min(1, "Enter your current password").max(128, "Enter your current password");

export const changePasswordSchema = z.object({ currentPassword, newPassword: password });

export const changeEmailSchema = z.object({ newEmail: email, currentPassword });
