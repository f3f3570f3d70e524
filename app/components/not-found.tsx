import { House } from "~/components/icons";
import { Link } from "~/components/link";
import { buttonVariants } from "~/components/ui/button";

/**
 * The page for any path the router does not know (route `*`) and for 404 errors thrown by loaders.
 * SPEC's heading already says 404: the page says it once.
 */
export function NotFoundContent() {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-4xl font-extrabold tracking-tight">
        <span className="bg-linear-to-r from-brand-from to-brand-to bg-clip-text text-transparent">404</span> Page Not Found
      </h1>
      <p className="text-muted-foreground">Did you forget to add the page to the router?</p>
      <Link to="/" className={buttonVariants({ size: "lg", className: "mt-2" })}>
        <House aria-hidden="true" />
        Back to Home
      </Link>
    </section>
  );
}
