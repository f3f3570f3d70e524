import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createPostgresDatabase, expectStartFailure, makeDataDir, startServer } from "./testing/spawn-server";

describe("configuration", () => {
  it("prints every bad variable and exits non-zero", async () => {
    const failure = await expectStartFailure({ PORT: "not-a-port", DATABASE_URL: "mysql://nope", TRUST_PROXY: "maybe" });
    expect(failure.exitCode).toBe(1);
    expect(failure.output).toContain("PORT");
    expect(failure.output).toContain("DATABASE_URL");
    expect(failure.output).toContain("TRUST_PROXY");
    expect(failure.output).not.toMatch(/\n\s+at /); // a message for the operator, not a stack trace
  });

  it("requires SESSION_SECRET when NODE_ENV=production", async () => {
    const failure = await expectStartFailure({ SESSION_SECRET: "" });
    expect(failure.output).toContain("SESSION_SECRET: required when NODE_ENV=production");
  });

  it("refuses to run production payments on the sandbox unless PAYMENTS_SANDBOX=true says so", async () => {
    const failure = await expectStartFailure({ PAYMENTS_SANDBOX: "" });
    expect(failure.exitCode).toBe(1);
    expect(failure.output).toContain("PAYSTACK_SECRET_KEY: required when NODE_ENV=production");
    expect(failure.output).toContain("PAYMENTS_SANDBOX=true");
    expect(failure.output).not.toMatch(/\n\s+at /);
  });

  it("generates a session secret once in the data folder, and is on http://localhost:PORT, when NODE_ENV is unset", async () => {
    const dataDir = makeDataDir();
    for (let run = 0; run < 2; run++) {
      // The README's `npm start`: no configuration at all.
      const server = await startServer({ NODE_ENV: "", SESSION_SECRET: "", PUBLIC_URL: "", DATA_DIR: dataDir }, { database: "pglite" });
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(await (await fetch(`${server.url}/sitemap.xml`)).text()).toContain(`<loc>http://localhost:${new URL(server.url).port}/packages</loc>`);
      expect(await server.stop()).toBe(0);
    }
    const secret = fs.readFileSync(path.join(dataDir, "session-secret"), "utf8");
    expect(secret.length).toBeGreaterThanOrEqual(32);
  });
});

describe("logs", () => {
  const listeningLine = (output: string) => output.split("\n").find((line) => line.includes("Social Media Boost is listening on")) ?? "";

  it("writes one JSON object per line when stdout is not a terminal, human lines with LOG_FORMAT=pretty", async () => {
    const jsonServer = await startServer({}, { database: "pglite" });
    await jsonServer.stop();
    // The address it announces is PUBLIC_URL (the test's own), the one e-mail links are built from.
    expect(JSON.parse(listeningLine(jsonServer.output()))).toMatchObject({ level: 30, msg: expect.stringContaining("is listening on"), address: jsonServer.url });

    const prettyServer = await startServer({ LOG_FORMAT: "pretty" }, { database: "pglite" });
    await prettyServer.stop();
    const line = listeningLine(prettyServer.output());
    expect(line).toMatch(/^\S*\[\d\d:\d\d:\d\d\.\d{3}\]\S* \S*INFO\S*: \S*Social Media Boost is listening on/);
    expect(() => JSON.parse(line)).toThrow();
  }, 120_000); // two start-ups
});

describe("the embedded database", () => {
  it("lets only one process own a data directory", async () => {
    const owner = await startServer({}, { database: "pglite" });
    try {
      const failure = await expectStartFailure({ DATA_DIR: owner.dataDir }, { database: "pglite" });
      expect(failure.exitCode).toBe(1);
      expect(failure.output).toContain(`is already in use by process ${owner.process.pid}`);
      expect((await fetch(`${owner.url}/healthz`)).status).toBe(200);
    } finally {
      await owner.stop();
    }
  });

  it("recovers the lock after kill -9 and keeps every committed write", async () => {
    const first = await startServer({}, { database: "pglite" });
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);
    await first.stop("SIGKILL");
    const lockFile = path.join(first.dataDir, "pglite", "owner.pid");
    expect(fs.existsSync(lockFile)).toBe(true); // left behind by the killed process

    const second = await startServer({ DATA_DIR: first.dataDir }, { database: "pglite" });
    expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
    expect(second.output()).not.toContain("applied database migrations"); // the first run's work survived
    expect(await second.stop()).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);

    const database = await PGlite.create(path.join(first.dataDir, "pglite"));
    try {
      const { rows } = await database.query<{ unfinished: number }>(
        `SELECT count(*)::int AS unfinished FROM "_prisma_migrations" WHERE finished_at IS NULL`,
      );
      expect(rows[0].unfinished).toBe(0);
    } finally {
      await database.close();
    }
  });
});

describe("graceful shutdown", () => {
  it("finishes in-flight requests, closes the database and exits 0 on SIGTERM", async () => {
    const server = await startServer({}, { database: "pglite" });
    const { port } = new URL(server.url);
    // A first render loads the page modules; on a busy machine that can hold the event loop long
    // enough that the half-sent requests below are not yet read when the signal arrives.
    expect((await fetch(server.url)).status).toBe(200);
    // Slow clients: each has sent half of its request when the signal arrives.
    const clients = await Promise.all(Array.from({ length: 5 }, () => openHalfSentRequest(Number(port))));
    // The server must have accepted and begun reading them: close() refuses connections still in the
    // kernel's backlog, which is what an orchestrator's SIGTERM is meant to do.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const exited = server.stop("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const responses = await Promise.all(clients.map((client) => client.finish()));
    for (const response of responses) {
      expect(response).toMatch(/^HTTP\/1\.1 200/);
      expect(response).toContain("</html>");
    }
    expect(await exited).toBe(0);
    expect(server.output()).toContain("shut down cleanly");
    expect(fs.existsSync(path.join(server.dataDir, "pglite", "owner.pid"))).toBe(false);
  });

  it("does the same on SIGINT", async () => {
    const server = await startServer();
    expect(await server.stop("SIGINT")).toBe(0);
    expect(server.output()).toContain("shut down cleanly");
  });
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.runIf(postgresUrl)("on PostgreSQL", () => {
  async function withFreshDatabase(work: (url: string) => Promise<void>) {
    const database = await createPostgresDatabase(postgresUrl!);
    try {
      await work(database.url);
    } finally {
      await database.drop();
    }
  }

  it("lets two processes start together and applies each migration once", async () => {
    await withFreshDatabase(async (databaseUrl) => {
      const servers = await Promise.all([startServer({ DATABASE_URL: databaseUrl }), startServer({ DATABASE_URL: databaseUrl })]);
      try {
        for (const server of servers) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        const { rows } = await client.query(`SELECT migration_name, count(*)::int AS times FROM "_prisma_migrations" GROUP BY 1`);
        await client.end();
        expect(rows.length).toBeGreaterThan(0);
        for (const row of rows) expect(row.times).toBe(1);
        const appliers = servers.filter((server) => server.output().includes("applied database migrations"));
        expect(appliers).toHaveLength(1);
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
      }
    });
  });

  it("answers /healthz with 503 while the database is unreachable, and 200 again after", async () => {
    await withFreshDatabase(async (databaseUrl) => {
      const target = new URL(databaseUrl);
      const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
      const viaProxy = new URL(databaseUrl);
      viaProxy.hostname = "127.0.0.1";
      viaProxy.port = String(proxy.port);
      const server = await startServer({ DATABASE_URL: viaProxy.toString() });
      try {
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
        proxy.cutConnections(true);
        // One check's result answers for a second (server/health.ts): the outage shows after it.
        let down: Response | undefined;
        await expect.poll(async () => (down = await fetch(`${server.url}/healthz`)).status, { timeout: 5_000 }).toBe(503);
        expect(await down?.json()).toEqual({ ok: false, database: "down", payments: "sandbox" });
        proxy.cutConnections(false);
        await expect.poll(async () => (await fetch(`${server.url}/healthz`)).status, { timeout: 10_000 }).toBe(200);
      } finally {
        await server.stop();
        await proxy.close();
      }
    });
  });
});

/** A raw HTTP client that sends the request line and one header now, and the rest on finish(). */
async function openHalfSentRequest(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  let received = "";
  socket.on("data", (chunk) => (received += chunk));
  // A reset shows as an empty answer in the assertion, not as an unhandled error of the test run.
  socket.on("error", (error) => (received += `[${error.message}]`));
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
  return {
    async finish() {
      socket.write("Connection: close\r\n\r\n");
      await closed;
      return received;
    },
  };
}

/** A loopback TCP proxy to PostgreSQL that can drop every connection, as a failed network would. */
async function startTcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<net.Socket>();
  let isCut = false;
  const server = net.createServer((client) => {
    if (isCut) return client.destroy();
    const upstream = net.connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cutConnections(cut: boolean) {
      isCut = cut;
      if (cut) for (const socket of sockets) socket.destroy();
    },
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
