import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** The per-request Content-Security-Policy nonce for inline scripts. */
    cspNonce: string;
  }
}
