import { useRouteLoaderData } from "react-router";
import { noSupportContacts, type SupportContacts } from "./contact-details";

/** The configured support contacts, from the root loader (none on a page rendered without it). */
export function useSupportContacts(): SupportContacts {
  return useRouteLoaderData<{ supportContacts?: SupportContacts }>("root")?.supportContacts ?? noSupportContacts;
}
