// The baseline for the throughput benchmark: the smallest useful node:http server. Whatever the app
// reaches as a share of this on the same machine, in the same run, is comparable across machines.
import http from "node:http";

const port = Number(process.env.PORT);
const host = process.env.HOST || "127.0.0.1";

const server = http.createServer((_request, response) => {
  response.writeHead(200, { "Content-Type": "text/plain; charset=utf-8" });
  response.end("Hello World");
});
server.listen(port, host);
process.on("SIGTERM", () => server.close(() => process.exit(0)));
