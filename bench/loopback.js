// Helpers for the processes bench/ and load/ start on 127.0.0.1.
import http from "node:http";
import net from "node:net";

/** The status of GET requestPath on 127.0.0.1:port, or 0 when nothing answers in time. */
export function getStatus(port, requestPath, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const request = http.get({ host: "127.0.0.1", port, path: requestPath, agent: false, timeout: timeoutMs }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(0));
  });
}

/** A port on 127.0.0.1 that was free a moment ago. */
export function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
