import { createContext, useContext } from "react";
import { useNonce } from "~/lib/nonce";

/*
 * The script that loads the page's JavaScript after its first paint (paint-first.server.ts). Its text
 * comes from the server through this context; in the browser, where it has already run, the element
 * is rendered again with the text it arrived with, so the text is not in the JavaScript bundle too.
 */
const PaintFirstScriptText = createContext<string | undefined>(undefined);
export const PaintFirstScriptProvider = PaintFirstScriptText.Provider;

const elementId = "paint-first";

/** Goes right after React Router's <Scripts />. */
export function PaintFirstScript() {
  const nonce = useNonce();
  const text = useContext(PaintFirstScriptText) ?? document.getElementById(elementId)?.textContent ?? "";
  // The browser hides a nonce from the DOM after parsing, so hydration sees an empty one: expected.
  return <script id={elementId} nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: text }} />;
}
