import { type ApiV2Service, apiV2Currency } from "./api-v2-contract";
import { tableFrame } from "./api-docs-transport";
import type { ApiDocsPageProps, ApiDocsServiceTarget } from "./api-docs-catalogue";

/** The services on sale as /api-docs lists them, with what each is ordered on and its refill. */
export function ServiceTable({ services, serviceTargets }: Pick<ApiDocsPageProps, "services" | "serviceTargets">) {
  // Five columns: tighter padding on phones, so they fit 390 px.
  const headerCell = "px-2 py-2.5 font-semibold sm:px-4";
  const cell = "px-2 py-2.5 align-top sm:px-4";
  return (
    <div className={tableFrame}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Services, with the rate per 1000 in {apiV2Currency}</caption>
        <thead className="bg-muted/60">
          <tr>
            <th scope="col" className={headerCell}>service</th>
            <th scope="col" className={headerCell}>name</th>
            <th scope="col" className={headerCell}>
              rate <span className="font-normal">({apiV2Currency} per 1000)</span>
            </th>
            <th scope="col" className={headerCell}>min</th>
            <th scope="col" className={headerCell}>max</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {services.map((service) => (
            <tr key={service.service}>
              <td className={`${cell} font-mono`}>{service.service}</td>
              <th scope="row" className={`${cell} font-normal`}>
                {service.name}
                <span className="block text-xs text-muted-foreground">{serviceNotes(service, serviceTargets)}</span>
              </th>
              <td className={`${cell} font-mono`}>{service.rate}</td>
              <td className={`${cell} font-mono`}>{service.min}</td>
              <td className={`${cell} font-mono`}>{service.max}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Custom Comments · post link · refill 30 days · drip-feed": what a service's row says beyond its numbers. */
function serviceNotes(service: ApiV2Service, serviceTargets: ApiDocsServiceTarget[]): string {
  const target = serviceTargets.find((candidate) => candidate.service === service.service);
  return [
    service.category,
    service.type === "Custom Comments" ? "Custom Comments" : null,
    target?.target === "post" ? "post link" : "profile link",
    target && target.refillDays > 0 ? `refill ${target.refillDays} days` : "no refill",
    service.dripfeed ? "drip-feed" : null,
    service.cancel ? null : "no cancel",
  ]
    .filter(Boolean)
    .join(" · ");
}

/** One example: the request in each language, one after the other (no tabs: works without JavaScript), then the answer. */
