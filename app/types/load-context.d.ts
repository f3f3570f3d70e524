import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** The per-request Content-Security-Policy nonce for inline scripts. */
    cspNonce: string;
    /** The client's IP as Express resolves it (honouring TRUST_PROXY), for abuse limits. */
    clientAddress: string;
    /** Whether the request came straight from a proxy TRUST_PROXY names, so its country header can be believed. */
    viaTrustedProxy: boolean;
    /** The address the connection comes from (the client, or a proxy in front), whatever TRUST_PROXY says. */
    peerAddress: string;
  }
}
