/**
 * The admin the e2e server creates at start-up (BOOTSTRAP_ADMIN_EMAIL/PASSWORD in
 * playwright.config.ts): its embedded database admits no second process for `npm run create-admin`.
 * Plain constants, so the config can import them without loading the test runner.
 */
export const bootstrapAdmin = { email: "e2e-admin@example.com", password: "e2e-admin-password-1" } as const;
