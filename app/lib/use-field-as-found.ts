import { type RefObject, useLayoutEffect, useRef } from "react";

/**
 * For a form field whose value is React state (a controlled input, a radio's choice, a chosen file
 * the component keeps): gives the field's element to `adopt` once, as the component mounts, so the
 * state can take what the element holds. Attach the returned ref to the field (or to a fieldset of
 * radios).
 *
 * Why: pages are painted and usable before their JavaScript arrives, so on a slow connection a
 * visitor types, ticks and chooses files into plain HTML. Hydration leaves those values in the
 * elements, but the state still holds the server's, and the next render writes it back over them
 * (or, for a file, a Continue that waits for one stays disabled). A layout effect runs before that
 * render and before the browser paints again. After a client-side render the element already
 * holds the state's value, so adopting it changes nothing.
 *
 * `adopt` is the first render's: it should only call state setters (and what they need).
 */
export function useFieldAsFound<E extends Element>(adopt: (element: E) => void): RefObject<E | null> {
  const ref = useRef<E>(null);
  const adoptOnMount = useRef(adopt);
  useLayoutEffect(() => {
    if (ref.current) adoptOnMount.current(ref.current);
  }, []);
  return ref;
}
