// The baseline for the throughput benchmark: the smallest useful node:http server. Whatever the app
// reaches as a share of this on the same machine, in the same run, is comparable across machines.
// With BODY_FILE it sends that file's bytes as HTML instead: the ceiling for a page of that size
// and content, since the load generator's own cost per response grows with the body (see README).
import fs from "node:fs";
import http from "node:http";

const port = Number(process.env.PORT);
const host = process.env.HOST || "127.0.0.1";
const body = process.env.BODY_FILE ? fs.readFileSync(process.env.BODY_FILE) : Buffer.from("Hello World");
const contentType = process.env.BODY_FILE ? "text/html; charset=utf-8" : "text/plain; charset=utf-8";

const server = http.createServer((_request, response) => {
  response.writeHead(200, { "Content-Type": contentType, "Content-Length": body.length });
  response.end(body);
});
server.listen(port, host);
process.on("SIGTERM", () => server.close(() => process.exit(0)));
