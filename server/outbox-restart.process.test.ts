import { afterAll, expect, it } from "vitest";
import { type SmtpCapture, startSmtpCapture } from "~/test/smtp-capture";
import { registerClient, type ScenarioEnvironment, scenarioEnvironment, waitFor } from "./testing/restart-scenario";
import { type RunningServer, startServer } from "./testing/spawn-server";

/*
 * Issue #19 (faults): the sending process is killed (SIGKILL) in the middle of a batch of e-mails,
 * while the mail server holds a message it has not accepted yet, and started again on the same
 * data. Every message arrives exactly once: those accepted before the kill are not sent again, the
 * one in flight and the rest are sent after the restart. PostgreSQL when TEST_DATABASE_URL is set.
 */
const running: RunningServer[] = [];
let scenario: ScenarioEnvironment | undefined;
let smtp: SmtpCapture | undefined;
afterAll(async () => {
  for (const server of running) await server.stop("SIGKILL");
  await scenario?.dispose();
  await smtp?.close();
});

const accounts = 12;
const killOnMessage = 5;

it("sends every queued e-mail exactly once across a kill -9 of the sender", async () => {
  smtp = await startSmtpCapture();
  // A short lease: the message in flight at the kill is taken again 2 s later.
  scenario = await scenarioEnvironment({ SMTP_URL: smtp.url, OUTBOX_POLL_MS: "100", OUTBOX_LEASE_SECONDS: "2" });
  const first = await startServer(scenario.env, { database: "pglite" });
  running.push(first);

  // The mail server holds the first message until every account exists: the outbox then has a batch.
  let releaseFirst!: () => void;
  const allRegistered = new Promise<void>((resolve) => (releaseFirst = resolve));
  let arrivals = 0;
  let killed: Promise<unknown> | undefined;
  smtp.beforeAccept = async () => {
    arrivals += 1;
    if (arrivals === 1) await allRegistered;
    if (arrivals === killOnMessage && !killed) {
      killed = first.stop("SIGKILL");
      await killed;
      return "drop";
    }
    return "accept";
  };
  const clients = [];
  for (let n = 0; n < accounts; n++) clients.push(await registerClient(first, `outbox_${process.pid}_${n}`));
  releaseFirst();

  await waitFor("the sender to be killed mid-batch", 20_000, async () => killed);
  running.splice(running.indexOf(first), 1);
  expect(smtp.messages).toHaveLength(killOnMessage - 1);

  const second = await startServer(scenario.env, { database: "pglite" });
  running.push(second);
  await waitFor("every e-mail to arrive", 20_000, async () => (smtp!.messages.length >= accounts ? true : undefined));
  await new Promise((resolve) => setTimeout(resolve, 1_000)); // anything sent twice would arrive meanwhile

  const perRecipient = clients.map((client) => smtp!.messages.filter((message) => message.to.includes(client.email)).length);
  expect(perRecipient).toEqual(clients.map(() => 1));
  expect(new Set(smtp.messages.map((message) => message.messageId)).size).toBe(accounts);
  // The embedded database has one owner at a time: the server stops before the outbox is read.
  await second.stop();
  running.splice(running.indexOf(second), 1);
  const outbox = await scenario.inspect((database) => database.prisma.outboxMessage.groupBy({ by: ["status"], _count: true }));
  expect(outbox).toEqual([{ status: "sent", _count: accounts }]);
});
