// Setting up the users through the HTTP API, as real people would: clients and workers register,
// the bootstrap admin approves every worker, each worker links a handle on each platform it joined.
import { inBatches } from "./pace.js";

export const platforms = ["instagram", "tiktok", "youtube"];
const password = "load-test-password";

/** The session cookie of a Set-Cookie header (`smb_session=...`), for the HTML pages. */
function sessionCookie(headers) {
  const setCookie = headers.get("set-cookie") ?? "";
  return setCookie.split(";")[0];
}

// Registration hashes a password (argon2): CPU work, so ten at a time.
const parallelRegistrations = 10;

export async function registerClients(call, count) {
  return inBatches(count, parallelRegistrations, async (index) => {
    const email = `load-client-${index}@example.com`;
    const { body, headers } = await call("POST", "/api/auth/register", {
      body: { email, username: `load_client_${index}`, fullName: `Load Client ${index}`, password, role: "client" },
      expect: [201],
    });
    return { index, email, token: body.token, cookie: sessionCookie(headers) };
  });
}

/** Worker i joins all three platforms when i % 3 == 0, else two of them or one, so queues differ. */
function platformsOfWorker(index) {
  if (index % 3 === 0) return platforms;
  if (index % 3 === 1) return [platforms[index % 2], "youtube"];
  return [platforms[index % 2]];
}

export async function enrolWorkers(call, adminToken, count) {
  return inBatches(count, parallelRegistrations, async (index) => {
    const joined = platformsOfWorker(index);
    const { body } = await call("POST", "/api/auth/register", {
      body: { email: `load-worker-${index}@example.com`, username: `load_worker_${index}`, fullName: `Load Worker ${index}`, password, role: "worker", platforms: joined },
      expect: [201],
    });
    await call("POST", `/api/admin/workers/${body.user.id}/approve`, { token: adminToken, expect: [200] });
    const handles = {};
    for (const platform of joined) {
      handles[platform] = `load_w${index}_${platform.slice(0, 2)}`;
      await call("PUT", "/api/worker/handles", { token: body.token, body: { platform, handle: handles[platform] }, expect: [200] });
    }
    return { index, id: body.user.id, token: body.token, handles };
  });
}

export async function signInAdmin(call, admin) {
  const { body } = await call("POST", "/api/auth/login", { body: admin, expect: [200] });
  return body.token;
}
