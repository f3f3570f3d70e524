import { type ReactNode, useEffect, useRef } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import { Link } from "~/components/link";
import { Footer } from "~/components/footer";
import { Header } from "~/components/header";
import { NotFoundContent } from "~/components/not-found";
import { ThemeScript, useThemeSync } from "~/components/theme";
import { ToastArea } from "~/components/toast-area";
import { buttonVariants } from "~/components/ui/button";
import { findRequestUser } from "~/features/auth/authenticate.server";
import { type PaymentMode, paymentModeOf } from "~/features/paystack/paystack-client.server";
import type { SessionUser } from "~/lib/session-user";
import { useStoredTokenCheck } from "~/lib/stored-token";
import { type SupportContacts, supportContactsOf } from "~/features/support/contact-details";
import { getEnv } from "~/lib/env.server";
import { PaintFirstScript } from "~/lib/paint-first";
import { useNonce } from "~/lib/nonce";
import type { Route } from "./+types/root";
import "./app.css";

export interface RootLoaderData {
  user: SessionUser | null;
  publicUrl: string | null;
  paymentMode: PaymentMode;
  /** Configuration, the same for every visitor, so cached anonymous pages may carry it (useSupportContacts). */
  supportContacts: SupportContacts;
}

/** Every page's signed-in user, from the session cookie (or a Bearer token). */
export async function loader({ request }: Route.LoaderArgs): Promise<RootLoaderData> {
  const user = await findRequestUser(request);
  return {
    user: user && { email: user.email, username: user.username, fullName: user.fullName, role: user.role },
    // For og:url (app/lib/seo.ts): only a configured address, never one guessed from the request,
    // because anonymous pages are cached across hosts.
    publicUrl: getEnv().PUBLIC_URL ?? null,
    paymentMode: paymentModeOf(getEnv()),
    supportContacts: supportContactsOf(getEnv()),
  };
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function meta() {
  return [{ title: "Social Media Boost" }];
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Browser tests wait for this before they click, so clicks never race hydration.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    // The theme script sets classes on <html> before React hydrates it.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ThemeScript />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        {/* Restores the position on back/forward and scrolls to the top on every other navigation. */}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <PaintFirstScript />
      </body>
    </html>
  );
}

/**
 * After a client-side navigation to another page the focus goes to its main content, as a page load
 * would start from the top: a keyboard or screen-reader user is not left on the header link they
 * used or on <body>. A page that focuses something of its own in main (its effects run first) keeps it.
 */
function useFocusOnNewPage() {
  const { pathname } = useLocation();
  const shownPathname = useRef(pathname);
  useEffect(() => {
    if (shownPathname.current === pathname) return;
    shownPathname.current = pathname;
    const main = document.getElementById("main-content");
    if (main && !main.contains(document.activeElement)) main.focus({ preventScroll: true });
  }, [pathname]);
}

/** Header, page, footer and the app-wide providers; shared by pages and error pages. */
function SiteShell({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  useThemeSync();
  useStoredTokenCheck(data?.user?.email);
  useFocusOnNewPage();
  return (
    <>
      {/* The padding comes with focus: not-sr-only resets it to 0, and sr-only keeps it 0 until then. */}
      <a
        href="#main-content"
        className="sr-only rounded-md bg-primary text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      {/* Nobody may take a sandbox or Paystack test-mode store for a real one (issue #15). */}
      {data && data.paymentMode !== "live" ? (
        <p className="bg-amber-300 px-4 py-1 text-center text-xs font-semibold text-amber-950">Test mode — no real money moves</p>
      ) : null}
      <Header user={data?.user ?? null} />
      <main id="main-content" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer />
      <ToastArea />
    </>
  );
}

export default function App() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

/** Our own 4xx answers carry a sentence for people (e.g. "The request body is too large."); anything else stays generic. */
function messageOf(error: unknown) {
  if (isRouteErrorResponse(error) && error.status < 500 && typeof error.data === "string" && error.data.endsWith(".")) return error.data;
  return "Sorry, this page could not be shown. Please try again in a moment.";
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <SiteShell>
        <NotFoundContent />
      </SiteShell>
    );
  }
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText || "Error"}` : "Something went wrong";
  // Details only while developing: production pages never show internals.
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <SiteShell>
      <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{messageOf(error)}</p>
        <Link to="/" className={buttonVariants({ size: "lg", className: "mt-2" })}>
          Back to Home
        </Link>
        {stack ? <pre className="mt-6 w-full overflow-x-auto rounded-md bg-muted p-4 text-left text-xs">{stack}</pre> : null}
      </section>
    </SiteShell>
  );
}
