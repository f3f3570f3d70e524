import { ChevronDown } from "~/components/page-icons";
import { Check } from "~/components/icons";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Link } from "~/components/link";
import { type CatalogPlatform, type CatalogService, kindLabels, platformLabels, popularQuantities, presetQuantitiesFor, priceOrder } from "~/features/catalog";
import { cn } from "~/lib/cn";
import { formatMoney } from "~/lib/money";

type ServiceChoice = Pick<CatalogService, "platform" | "id">;

/** The address's name for `service`: its platform alone when it is the platform's first (SPEC's addresses for followers). */
export function choiceOf(service: CatalogService, services: readonly Pick<CatalogService, "id">[]): CatalogPlatform | ServiceChoice {
  return services[0]?.id === service.id ? service.platform : service;
}

/**
 * Where a choice on the packages page lives: the URL, so it works without JavaScript and can be
 * shared. A platform alone opens its first service (followers: SPEC's flow); a service names itself.
 */
export function packagesHref(choice: CatalogPlatform | ServiceChoice, quantity?: number, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams(typeof choice === "string" ? { platform: choice } : { platform: choice.platform, service: choice.id });
  if (quantity !== undefined) query.set("quantity", String(quantity));
  for (const [name, value] of Object.entries(extra)) query.set(name, value);
  return `/packages?${query}`;
}

/** "Followers", "Likes": what a quantity of `service` counts. */
export const unitNameOf = (service: Pick<CatalogService, "kind">) => kindLabels[service.kind];

const tabClass = (isSelected: boolean) =>
  cn("shrink-0 rounded-lg px-4 py-2 text-sm font-semibold transition-colors focus-ring sm:px-5", isSelected ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground");

/** A tab per platform on sale (SPEC's three first). Links rather than script-driven tabs: each tab is an address. */
export function PlatformTabs({ platforms, selected }: { platforms: readonly CatalogPlatform[]; selected: CatalogPlatform | null }) {
  return (
    <nav aria-label="Platforms" className="mx-auto flex w-fit max-w-full flex-wrap justify-center gap-1 rounded-xl border bg-muted p-1">
      {platforms.map((platform) => (
        <Link key={platform} to={packagesHref(platform)} preventScrollReset aria-current={platform === selected ? "page" : undefined} className={tabClass(platform === selected)}>
          {platformLabels[platform]}
        </Link>
      ))}
    </nav>
  );
}

/** What a platform sells (followers first), a link each; shown when it sells more than one thing. */
export function ServiceTabs({ services, selected }: { services: readonly CatalogService[]; selected: CatalogService }) {
  if (services.length < 2) return null;
  const sameKind = (service: CatalogService) => services.filter((other) => other.kind === service.kind).length > 1;
  return (
    <nav aria-label={`${platformLabels[selected.platform]} services`} className="mx-auto flex w-fit max-w-full flex-wrap justify-center gap-1 rounded-xl border bg-muted p-1">
      {services.map((service) => (
        <Link
          key={service.id}
          to={packagesHref(choiceOf(service, services))}
          preventScrollReset
          aria-current={service.id === selected.id ? "page" : undefined}
          className={tabClass(service.id === selected.id)}
        >
          {sameKind(service) ? service.name : kindLabels[service.kind]}
        </Link>
      ))}
    </nav>
  );
}

/**
 * The preset quantities (SPEC §9, within the service's bounds) as a disclosure of links: it opens and works without JavaScript
 * (each preset is an address); with it, it also closes on an outside click or Escape and the arrow
 * keys move between presets.
 */
export function QuantityDropdown({ service, choice = service, selected }: { service: CatalogService; choice?: CatalogPlatform | ServiceChoice; selected: number }) {
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const [isOpen, setOpen] = useState(false);
  const unit = unitNameOf(service);
  const presets = presetQuantitiesFor(service);
  const isPreset = presets.includes(selected);

  useEffect(() => {
    if (!isOpen) return;
    const closeOnOutsidePress = (event: PointerEvent) => {
      if (!detailsRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOnOutsidePress);
    return () => document.removeEventListener("pointerdown", closeOnOutsidePress);
  }, [isOpen]);

  const options = () => Array.from(detailsRef.current?.querySelectorAll<HTMLAnchorElement>("[data-quantity-option]") ?? []);

  const handleKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key === "Escape" && isOpen) {
      event.preventDefault();
      setOpen(false);
      detailsRef.current?.querySelector("summary")?.focus();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    if (!isOpen) setOpen(true);
    // The list renders on open: move focus once it is there.
    requestAnimationFrame(() => {
      const links = options();
      const current = links.indexOf(document.activeElement as HTMLAnchorElement);
      const start = current === -1 ? Math.max(0, links.findIndex((link) => link.getAttribute("aria-current") === "true")) : current;
      const next = current === -1 ? start : (start + (event.key === "ArrowDown" ? 1 : -1) + links.length) % links.length;
      links[next]?.focus();
    });
  };

  return (
    <details ref={detailsRef} open={isOpen} onToggle={(event) => setOpen(event.currentTarget.open)} onKeyDown={handleKeyDown} className="group relative">
      <summary
        aria-label={`Quantity: ${isPreset ? `${selected.toLocaleString("en-US")} ${unit}` : "custom amount"}. Choose a package size`}
        className="flex h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-lg border border-input bg-background px-4 text-left font-semibold transition-colors hover:bg-accent focus-ring [&::-webkit-details-marker]:hidden"
      >
        <span>{isPreset ? `${selected.toLocaleString("en-US")} ${unit}` : "Custom amount"}</span>
        <ChevronDown className="size-4 shrink-0 transition-transform group-open:rotate-180" aria-hidden="true" />
      </summary>
      <ul className="absolute inset-x-0 top-full z-20 mt-2 max-h-80 overflow-y-auto rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg">
        {presets.map((quantity) => {
          const isSelected = quantity === selected;
          const isPopular = popularQuantities.has(quantity);
          const price = formatMoney(priceOrder(service, quantity).priceMinor);
          return (
            <li key={quantity}>
              <Link
                to={packagesHref(choice, quantity)}
                replace
                preventScrollReset
                data-quantity-option=""
                aria-current={isSelected ? "true" : undefined}
                aria-label={`${quantity.toLocaleString("en-US")} ${unit}${isPopular ? ", popular" : ""}, ${price}`}
                onClick={() => setOpen(false)}
                className={cn("menu-item", isSelected && "font-semibold")}
              >
                {isSelected ? <Check className="size-4 shrink-0 text-primary" aria-hidden="true" /> : <span className="size-4 shrink-0" />}
                <span className="flex-1">
                  {quantity.toLocaleString("en-US")} {unit}
                  {isPopular ? (
                    <span className="ml-2 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-semibold text-primary">Popular</span>
                  ) : null}
                </span>
                <span className="text-muted-foreground">{price}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
