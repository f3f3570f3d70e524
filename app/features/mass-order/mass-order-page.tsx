import { ListPlus, Loader2, Wallet } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { maximumMassOrderCharacters, maximumMassOrderLines } from "./mass-order-lines";
import type { MassOrderPreview } from "./mass-order.server";

/*
 * /mass-order (issue #21): paste orders, check them (each line priced or given its error, and marked
 * when the balance does not cover it), then pay from the wallet what the balance covers, in the order
 * written (issue #52); the lines not placed are listed with why and go back into the field. Two plain
 * forms, so it all works without JavaScript; everything shown arrives formatted from the server.
 */

export interface MassOrderService {
  service: number;
  name: string;
  /** "TikTok Likes", as the API's services list groups them. */
  category: string;
  /** "₵1,500.00" */
  perThousand: string;
  min: number;
  max: number;
  /** false for a comments service: its comments go through the checkout or the API, not one line. */
  onMassOrder: boolean;
}

/** A good line not placed: the balance did not cover it, or it went over the sum the payment button showed. */
type SkipReason = "balance" | "over_amount";
type PlacedLineView = { lineNumber: number; text: string } & ({ orderId: number; price: string } | { skipped: SkipReason; price: string } | { error: string });

export type MassOrderActionData =
  | { kind: "problem"; text: string; problem: string }
  | ({ kind: "checked"; text: string } & MassOrderPreview)
  // `text`: the lines not placed, back in the field.
  | { kind: "placed"; text: string; results: PlacedLineView[]; placedCount: number; failedCount: number; skippedCount: number; paid: string };

const example = "1 | https://www.instagram.com/yourname | 100\n7 | https://www.tiktok.com/@yourname/video/7412345678901234567 | 500";

export function MassOrderPage({ balance, services, result }: { balance: string; services: MassOrderService[]; result: MassOrderActionData | null }) {
  const navigation = useNavigation();
  const busyIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const problem = result?.kind === "problem" ? result.problem : null;
  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-4 py-12">
      <header>
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Client</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight">Mass order</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Paste up to {maximumMassOrderLines} orders, one per line: <span className="font-mono text-foreground">service | link | quantity</span>. Check them, then pay
          from your balance: the lines are placed in the order written while your balance covers them. A line with an error, or one your
          balance does not cover, is not placed and costs nothing; it is listed with why, and put back in the field. Each order is in your
          wallet&rsquo;s history and on your orders page; none sends a receipt e-mail.
        </p>
        <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          <span className="inline-flex items-center gap-2 font-semibold">
            <Wallet className="size-4 text-primary" aria-hidden="true" />
            Balance {balance}
          </span>
          <Link to="/wallet" className="font-medium text-primary underline-offset-4 hover:underline focus-ring">
            Top up your wallet
          </Link>
        </p>
      </header>

      {result?.kind === "placed" ? <PlacedOrders result={result} /> : null}

      <section aria-labelledby="orders-heading" className="rounded-2xl border bg-card p-6 shadow-sm">
        <h2 id="orders-heading" className="text-lg font-bold">
          Your orders
        </h2>
        <Form method="post" action="/mass-order" className="mt-4 grid gap-3">
          <input type="hidden" name="intent" value="check" />
          <label htmlFor="mass-order-lines" className="text-sm font-medium">
            Orders, one per line
          </label>
          <textarea
            id="mass-order-lines"
            name="lines"
            // A new check or placement shows its own text.
            key={`${result?.kind ?? "none"}:${result?.text ?? ""}`}
            defaultValue={result?.text ?? ""}
            rows={8}
            maxLength={maximumMassOrderCharacters}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            placeholder={example}
            aria-describedby={problem ? "mass-order-problem" : "mass-order-hint"}
            aria-invalid={problem ? true : undefined}
            className="w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-sm shadow-xs outline-none transition focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive"
          />
          {problem ? (
            <p id="mass-order-problem" role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          ) : (
            <p id="mass-order-hint" className="text-xs text-muted-foreground">
              For followers and subscribers the link is the profile address or the @handle; for likes and views, the link of the post or
              video. Service numbers are in the table below.
            </p>
          )}
          <Button type="submit" variant="brand" disabled={busyIntent === "check"} className="justify-self-start">
            {busyIntent === "check" ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ListPlus aria-hidden="true" />}
            Check and price
          </Button>
        </Form>
      </section>

      {result?.kind === "checked" ? <CheckedOrders result={result} busy={busyIntent === "place"} /> : null}

      <ServicesTable services={services} />
    </div>
  );
}

const lineCount = (count: number) => (count === 1 ? "1 line" : `${count} lines`);

function CheckedOrders({ result, busy }: { result: Extract<MassOrderActionData, { kind: "checked" }>; busy: boolean }) {
  const errors = result.lines.filter((line) => "error" in line).length;
  return (
    <section aria-labelledby="checked-heading" className="grid gap-4">
      <h2 id="checked-heading" className="text-lg font-bold">
        Checked: {result.lines.length - errors} to order{errors > 0 ? `, ${errors} with an error` : ""}
      </h2>
      <LinesTable
        caption="Your orders, checked and priced"
        rows={result.lines.map((line) => ({
          ...line,
          outcome:
            "error" in line
              ? { error: line.error }
              : line.covered
                ? { text: line.order, price: line.price }
                : { text: line.order, price: line.price, notPlaced: `Your balance does not cover this ${line.price} after the lines above it: not placed.` },
        }))}
      />
      <div className="grid gap-3 rounded-2xl border bg-card p-6 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <p className="text-lg font-bold tabular-nums">Total {result.total}</p>
          {result.hasOrders && result.coveredCount > 0 ? (
            <Form method="post" action="/mass-order">
              <input type="hidden" name="intent" value="place" />
              <input type="hidden" name="lines" value={result.text} />
              <input type="hidden" name="batch" value={result.batch} />
              <input type="hidden" name="upToMinor" value={result.payableMinor} />
              <Button type="submit" variant="brand" disabled={busy}>
                {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Wallet aria-hidden="true" />}
                Pay {result.payable} from balance
              </Button>
            </Form>
          ) : null}
        </div>
        {!result.hasOrders ? (
          <p className="text-sm text-muted-foreground">Nothing to order: correct the lines above and check again.</p>
        ) : result.coveredCount === 0 ? (
          <p role="alert" className="text-sm">
            Your balance of {result.balance} does not cover any of these lines.{" "}
            <Link to="/wallet" className="font-medium text-primary underline-offset-4 hover:underline focus-ring">
              Top up your wallet
            </Link>
          </p>
        ) : !result.covers ? (
          <p className="text-sm">
            Your balance of {result.balance} covers {result.payable} of it: {lineCount(result.coveredCount)} {result.coveredCount === 1 ? "is" : "are"} placed in the order
            written, and the {lineCount(result.uncoveredCount)} it does not cover {result.uncoveredCount === 1 ? "is not placed and costs" : "are not placed and cost"} nothing.{" "}
            <Link to="/wallet" className="font-medium text-primary underline-offset-4 hover:underline focus-ring">
              Top up your wallet
            </Link>{" "}
            to order them all.
          </p>
        ) : null}
      </div>
    </section>
  );
}

function PlacedOrders({ result }: { result: Extract<MassOrderActionData, { kind: "placed" }> }) {
  const skipped = (reason: SkipReason) => result.results.filter((line) => "skipped" in line && line.skipped === reason).length;
  const [overBalance, overAmount] = [skipped("balance"), skipped("over_amount")];
  return (
    <section aria-labelledby="placed-heading" className="grid gap-4">
      <div role="status" className="rounded-md border border-primary/30 bg-primary/5 px-4 py-3">
        <h2 id="placed-heading" className="font-bold">
          {result.placedCount === 1 ? "1 order placed" : `${result.placedCount} orders placed`}, {result.paid} paid from your balance.
        </h2>
        {overBalance > 0 ? (
          <p className="mt-1 text-sm">
            {lineCount(overBalance)} your balance did not cover {overBalance === 1 ? "was" : "were"} not placed and cost nothing.{" "}
            <Link to="/wallet" className="font-medium text-primary underline-offset-4 hover:underline focus-ring">
              Top up your wallet
            </Link>
          </p>
        ) : null}
        {overAmount > 0 ? (
          <p className="mt-1 text-sm">
            {lineCount(overAmount)} {overAmount === 1 ? "was" : "were"} not placed: over the sum on the button you pressed, as your balance changed since the check.
          </p>
        ) : null}
        {result.failedCount > 0 ? (
          <p className="mt-1 text-sm">
            {lineCount(result.failedCount)} with an error {result.failedCount === 1 ? "was" : "were"} not ordered and cost nothing.
          </p>
        ) : null}
        {result.placedCount < result.results.length ? <p className="mt-1 text-sm">The lines not placed are back in the field below, to correct or check again.</p> : null}
      </div>
      <LinesTable
        caption="What became of each line"
        rows={result.results.map((line) => ({
          ...line,
          outcome:
            "orderId" in line
              ? { orderId: line.orderId, price: line.price }
              : "skipped" in line
                ? { error: line.skipped === "balance" ? `Not placed: your balance did not cover this ${line.price}.` : `Not placed: this ${line.price} went over the sum on the button you pressed.` }
                : { error: line.error },
        }))}
      />
    </section>
  );
}

type LineOutcome = { error: string } | { text: string; price: string; notPlaced?: string } | { orderId: number; price: string };

function LinesTable({ caption, rows }: { caption: string; rows: { lineNumber: number; text: string; outcome: LineOutcome }[] }) {
  return (
    <div className="rounded-xl border bg-card">
      {/* Fixed layout: long links wrap, so a phone never scrolls sideways. */}
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b text-left text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="w-12 p-3 font-semibold sm:w-14">
              Line
            </th>
            <th scope="col" className="p-3 font-semibold">
              Order
            </th>
            <th scope="col" className="w-[36%] p-3 text-right font-semibold sm:w-[28%]">
              Price
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map(({ lineNumber, text, outcome }) => (
            <tr key={lineNumber} className="align-top">
              <td className="p-3 tabular-nums text-muted-foreground">{lineNumber}</td>
              <td className="break-words p-3">
                {"orderId" in outcome ? (
                  <>
                    <Link to={`/orders/${outcome.orderId}`} className="font-medium text-primary underline-offset-4 hover:underline focus-ring">
                      Order #{outcome.orderId}
                    </Link>
                    <span className="block break-all font-mono text-xs text-muted-foreground">{text}</span>
                  </>
                ) : "text" in outcome ? (
                  <>
                    {outcome.text}
                    {outcome.notPlaced ? <span className="mt-1 block font-medium text-amber-800 dark:text-amber-300">{outcome.notPlaced}</span> : null}
                  </>
                ) : (
                  <>
                    <span className="block break-all font-mono text-xs">{text}</span>
                    <span className="mt-1 block font-medium text-destructive">{outcome.error}</span>
                  </>
                )}
              </td>
              <td className={cn("break-words p-3 text-right tabular-nums", "error" in outcome || ("notPlaced" in outcome && outcome.notPlaced) ? "text-muted-foreground" : "font-semibold")}>
                {"error" in outcome ? "Not ordered" : "notPlaced" in outcome && outcome.notPlaced ? "Not placed" : outcome.price}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function ServicesTable({ services }: { services: MassOrderService[] }) {
  return (
    <section aria-labelledby="services-heading">
      <h2 id="services-heading" className="text-lg font-bold">
        Services
      </h2>
      <div className="mt-4 rounded-xl border bg-card">
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">Services a line may name</caption>
          <thead className="border-b text-left text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              <th scope="col" className="w-12 p-2 font-semibold sm:w-20 sm:p-3">
                {/* Read as "Service" everywhere; a phone's narrow column shows "No.". */}
                <span className="sm:hidden" aria-hidden="true">
                  No.
                </span>
                <span className="sr-only sm:not-sr-only">Service</span>
              </th>
              <th scope="col" className="p-2 font-semibold sm:p-3">
                Name
              </th>
              <th scope="col" className="w-[31%] p-2 text-right font-semibold sm:w-[24%] sm:p-3">
                Per 1000
              </th>
              <th scope="col" className="w-[26%] p-2 text-right font-semibold sm:w-[24%] sm:p-3">
                Quantity
              </th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {services.map((service) => (
              <tr key={service.service} className="align-top">
                <td className="p-2 font-mono font-semibold sm:p-3">{service.service}</td>
                <td className="break-words p-2 sm:p-3">
                  {service.name}
                  {service.onMassOrder ? null : <span className="block text-xs text-muted-foreground">Comments: order on the service&rsquo;s page or through the API</span>}
                </td>
                <td className="break-words p-2 text-right tabular-nums sm:p-3">{service.perThousand}</td>
                <td className="break-words p-2 text-right tabular-nums sm:p-3">
                  {service.min.toLocaleString("en-US")}–{service.max.toLocaleString("en-US")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** What /mass-order shows to workers and admins: mass orders are paid from a client's wallet. */
export function MassOrderForClientsOnly() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-extrabold tracking-tight">Mass order</h1>
      <p className="mt-2 text-muted-foreground">Mass orders are paid from a client's wallet.</p>
      <Link to="/dashboard" className={buttonVariants({ className: "mt-6" })}>
        Go to your dashboard
      </Link>
    </div>
  );
}
