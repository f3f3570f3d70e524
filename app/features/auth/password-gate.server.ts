import { availableParallelism } from "node:os";
import { AppError } from "~/lib/errors";

/*
 * How many sign-ins and sign-ups (their limit checks and their argon2id hash, 19 MiB each) run at
 * once in this process: one fewer than its CPUs. A flood would otherwise queue hundreds of database queries and hashes, and
 * every sign-in, good or bad, would wait behind them. Past the bound a request waits in a short
 * queue; when the queue is full, or the wait too long, it is answered 503 with Retry-After at once,
 * which costs nothing. A sign-in from a trusted device (a browser someone signed in on before) has
 * its own queue, served first, so a flood of strangers cannot push an owner out.
 */
// One core is left to the event loop: with argon2 on every core, the main thread (every other
// request, the owner's sign-in included) got a third of a core, and an owner's sign-in during a
// flood of 200 took 4.4 s on 2 CPUs instead of 1.6 s (server/sign-in-flood.process.test.ts).
const attemptsAtOnce = Math.max(1, availableParallelism() - 1);
const maxWaiting = 32;
const maxWaitMs = 2_000;
export const passwordGateRetryAfterSeconds = 2;

type Waiter = { start: () => void };
let running = 0;
const waiting: { priority: Waiter[]; normal: Waiter[] } = { priority: [], normal: [] };

function busy() {
  return new AppError(503, "sign_in_busy", "Many people are signing in right now. Please try again in a moment.", {
    retryAfterSeconds: passwordGateRetryAfterSeconds,
  });
}

/** Runs `work` once a slot is free; 503 when too many are already waiting or the wait runs out. */
export async function withPasswordSlot<T>(work: () => Promise<T>, { isPriority = false } = {}): Promise<T> {
  if (running >= attemptsAtOnce) await waitForSlot(isPriority);
  else running += 1;
  try {
    return await work();
  } finally {
    const next = waiting.priority.shift() ?? waiting.normal.shift();
    if (next) next.start(); // the slot passes straight to the next waiter
    else running -= 1;
  }
}

function waitForSlot(isPriority: boolean): Promise<void> {
  const queue = isPriority ? waiting.priority : waiting.normal;
  if (queue.length >= maxWaiting) return Promise.reject(busy());
  return new Promise((resolve, reject) => {
    const waiter: Waiter = {
      start: () => {
        clearTimeout(timer);
        resolve();
      },
    };
    const timer = setTimeout(() => {
      queue.splice(queue.indexOf(waiter), 1);
      reject(busy());
    }, maxWaitMs);
    queue.push(waiter);
  });
}
