// `npm run create-admin -- --email E --password P [--username U] [--name "Full Name"]`
// The only way an admin account is made. Uses the same build, database and rules as the server, so
// with the embedded database the server must be stopped first (one owner per data directory).
import { parseArgs } from "node:util";
import { withApp } from "./with-app.js";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    password: { type: "string" },
    username: { type: "string", default: "admin" },
    name: { type: "string", default: "Administrator" },
  },
});
if (!values.email || !values.password) {
  console.error('Usage: npm run create-admin -- --email E --password P [--username U] [--name "Full Name"]');
  process.exit(2);
}

try {
  await withApp(async (app) => {
    const admin = await app.createAdmin({ email: values.email, password: values.password, username: values.username, fullName: values.name });
    console.log(`Admin account created: ${admin.email} (username ${admin.username}).`);
  });
} catch (error) {
  const issues = error?.issues?.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
  console.error(issues ? `Invalid input:\n  ${issues.join("\n  ")}` : (error?.message ?? error));
  process.exitCode = 1;
}
