import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Code2, ListPlus, Loader2, Plus, Wallet } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Link } from "~/components/link";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { cn } from "~/lib/cn";
import { inputClass } from "~/features/payment-pages";
import { topUpFormSchema } from "./top-up-payment-schema";

/*
 * /wallet (issue #20): the client's prepaid balance, the form that starts a top-up, and the history of
 * every movement with the balance it left. Amounts and dates arrive formatted by the loader, so the
 * hydrated page reads exactly as the server's.
 */

export interface WalletHistoryRow {
  id: number;
  date: string;
  description: string;
  orderId: number | null;
  /** "+₵50.00" or "−₵10.00". */
  amount: string;
  isCredit: boolean;
  /** The balance right after this movement. */
  balance: string;
}

export interface WalletPageData {
  balance: string;
  /** A top-up refunded after its credit was spent (issue #49): nothing is paid from the balance until it is covered. */
  isBelowZero: boolean;
  rows: WalletHistoryRow[];
  /** "₵5.00 to ₵20,000.00": the top-up form's bounds, from the schema's. */
  limits: string;
}

export interface WalletNotice {
  tone: "success" | "pending";
  text: string;
}

export function WalletPage({ wallet, notice, lastResult }: { wallet: WalletPageData; notice: WalletNotice | null; lastResult: SubmissionResult<string[]> | null }) {
  return (
    <div className="mx-auto grid max-w-4xl gap-8 px-4 py-12">
      <header>
        <p className="text-sm font-semibold uppercase tracking-widest text-primary">Client</p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight">Your wallet</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Add money once, then pay for orders from your balance at checkout or through the reseller API, with no processing fee on what you spend.
        </p>
      </header>

      {notice ? (
        <p
          role="status"
          className={cn(
            "rounded-md border px-4 py-3 text-sm font-medium",
            notice.tone === "success" ? "border-primary/30 bg-primary/5" : "border-amber-500/40 bg-amber-50 text-amber-950 dark:bg-amber-950/40 dark:text-amber-100",
          )}
        >
          {notice.text}
        </p>
      ) : null}

      <div className="grid gap-6 md:grid-cols-2">
        <section aria-labelledby="balance-heading" className="rounded-2xl border bg-card p-6 shadow-sm">
          <h2 id="balance-heading" className="flex items-center gap-2 text-sm font-semibold text-muted-foreground">
            <Wallet className="size-4 text-primary" aria-hidden="true" />
            Balance
          </h2>
          <p className="mt-2 break-all text-4xl font-extrabold tracking-tight tabular-nums sm:text-5xl">{wallet.balance}</p>
          {wallet.isBelowZero ? (
            <p role="status" className="mt-3 text-sm font-medium text-destructive">
              Your balance is below zero: a top-up was refunded to the card or wallet it came from after its credit was spent. Top up to cover it; until then
              nothing can be paid from your balance.
            </p>
          ) : (
            <p className="mt-3 text-sm text-muted-foreground">Ready to spend on any package.</p>
          )}
          <div className="mt-5 flex flex-wrap gap-2">
            <Link to="/mass-order" className={buttonVariants({ variant: "outline", size: "sm" })}>
              <ListPlus aria-hidden="true" />
              Mass order
            </Link>
            <Link to="/api-docs" className={buttonVariants({ variant: "outline", size: "sm" })}>
              <Code2 aria-hidden="true" />
              Use the API
            </Link>
          </div>
        </section>

        <TopUpForm limits={wallet.limits} lastResult={lastResult} />
      </div>

      <WalletHistory rows={wallet.rows} />
    </div>
  );
}

/** Starts a top-up: checked in the browser on submit only, and again by the action, which opens its payment page. */
function TopUpForm({ limits, lastResult }: { limits: string; lastResult: SubmissionResult<string[]> | null }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "top-up",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: topUpFormSchema, disableAutoCoercion: true }),
  });
  const isBusy = navigation.state === "submitting";
  return (
    <section aria-labelledby="top-up-heading" className="rounded-2xl border bg-card p-6 shadow-sm">
      <h2 id="top-up-heading" className="text-lg font-bold">
        Top up
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Pay by card or mobile money. A 1.7% processing fee is added to the payment; spending your balance carries none.
      </p>
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="mt-4 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {form.errors[0]}
        </p>
      ) : null}
      <Form method="post" action="/wallet" {...getFormProps(form)} className="mt-4 grid gap-2">
        <FormField label="Amount (₵)" meta={fields.amount} hint={`From ${limits}.`}>
          <input
            {...getInputProps(fields.amount, { type: "text", ariaDescribedBy: fields.amount.errors?.length ? undefined : fields.amount.descriptionId })}
            key={fields.amount.key}
            inputMode="decimal"
            autoComplete="off"
            maxLength={12}
            placeholder="50.00"
            className={inputClass}
          />
        </FormField>
        <Button type="submit" variant="brand" disabled={isBusy} className="justify-self-start">
          {isBusy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Plus aria-hidden="true" />}
          Top up
        </Button>
      </Form>
    </section>
  );
}

function WalletHistory({ rows }: { rows: WalletHistoryRow[] }) {
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading" className="text-lg font-bold">
        History
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 rounded-xl border bg-card p-6 text-center text-muted-foreground">No wallet activity yet. Your top-ups and the orders you pay from your balance appear here.</p>
      ) : (
        <div className="mt-4 rounded-xl border bg-card">
          {/* Fixed layout: the columns share the width and long words wrap, so a phone never scrolls sideways. */}
          <table className="w-full table-fixed text-sm">
            <caption className="sr-only">Wallet history, newest first</caption>
            <thead className="border-b text-left text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                <th scope="col" className="w-[27%] p-3 font-semibold">
                  Date
                </th>
                <th scope="col" className="p-3 font-semibold">
                  Description
                </th>
                <th scope="col" className="w-[22%] p-3 text-right font-semibold">
                  Amount
                </th>
                <th scope="col" className="w-[22%] p-3 text-right font-semibold">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {rows.map((row) => (
                <tr key={row.id} className="align-top">
                  <td className="p-3 text-muted-foreground">{row.date}</td>
                  <td className="break-words p-3">
                    {row.orderId ? (
                      <Link to={`/orders/${row.orderId}`} className="font-medium text-primary underline-offset-4 hover:underline focus-ring">
                        {row.description}
                      </Link>
                    ) : (
                      row.description
                    )}
                  </td>
                  <td className={cn("break-words p-3 text-right font-semibold tabular-nums", row.isCredit ? "text-primary" : undefined)}>{row.amount}</td>
                  <td className="break-words p-3 text-right tabular-nums">{row.balance}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** What /wallet and its top-up pages show to workers and admins, as /orders does: the wallet is a client's. */
export function WalletForClientsOnly() {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-extrabold tracking-tight">Your wallet</h1>
      <p className="mt-2 text-muted-foreground">The wallet is for client accounts.</p>
      <Link to="/dashboard" className={buttonVariants({ className: "mt-6" })}>
        Go to your dashboard
      </Link>
    </div>
  );
}

// Ghana's time (GMT all year), short enough for a phone's table column: "21 Nov 2026, 15:16".
const shortDateTime = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Africa/Accra" });

/** A history row's date, formatted on the server (browsers' ICU data may word it differently). */
export const formatHistoryDate = (date: Date) => shortDateTime.format(date);
