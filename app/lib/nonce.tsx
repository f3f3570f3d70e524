import { createContext, useContext } from "react";

/**
 * The CSP nonce of the current server render. In the browser it is empty: scripts React Router adds
 * after hydration are not parsed as inline HTML, so they need none.
 */
const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
