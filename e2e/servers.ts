/**
 * The two stores the browser tests run against (playwright.config.ts): the default one, where cards
 * are paid on Paystack's hosted checkout (the sandbox's copy of it), and one with
 * PAYSTACK_CARD_MODE=direct, where the card is entered on the store's own payment step.
 */
export const e2ePort = Number(process.env.E2E_PORT ?? 3210);
export const directCardPort = e2ePort + 1;
export const directCardBaseURL = `http://127.0.0.1:${directCardPort}`;
