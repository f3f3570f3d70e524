import { type AddressInfo } from "node:net";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { type ReadMail, readMail } from "./mime";

/**
 * A real SMTP server on loopback for tests (the `smtp-server` package): it accepts every message and
 * keeps it, or refuses while `refusing` is set (a mail server that is down for mail). `beforeAccept`
 * runs once a message's data has arrived, before the server answers 250: the kill test stops the
 * sending process there, so that message was never accepted.
 */
/** A received message: its envelope's recipients, and the message as read (subject and text decoded). */
export interface CapturedMessage extends Omit<ReadMail, "to"> {
  to: string[];
}

export interface SmtpCapture {
  url: string;
  messages: CapturedMessage[];
  refusing: boolean;
  /** Answering "drop" leaves the message unaccepted (no 250), as a server that went away would. */
  beforeAccept?: (message: CapturedMessage) => Promise<"accept" | "drop"> | "accept" | "drop";
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const capture = { messages: [] as CapturedMessage[], refusing: false } as SmtpCapture;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback: (error?: Error | null) => void) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (capture.refusing) {
          callback(Object.assign(new Error("Mailbox unavailable, try again later"), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        const message = { ...readMail(raw), to: session.envelope.rcptTo.map((address) => address.address) };
        if ((await capture.beforeAccept?.(message)) === "drop") {
          callback(Object.assign(new Error("Connection closing"), { responseCode: 421 }));
          return;
        }
        capture.messages.push(message);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  capture.url = `smtp://127.0.0.1:${port}`;
  capture.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return capture;
}
