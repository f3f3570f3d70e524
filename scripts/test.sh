#!/usr/bin/env bash
# `npm test`: type check, lint, unit + integration tests (PGlite, then PostgreSQL when one answers),
# then browser tests in Debian's Chromium. Ends with one "N passed, N failed" line for all of it.
set -euo pipefail
cd "$(dirname "$0")/.."

results_dir="$(mktemp -d)"
export TEST_RESULTS_DIR="$results_dir"

step() { printf '\n== %s ==\n' "$*"; }

step "Browser"
if [ ! -x /usr/bin/chromium ]; then
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Debian's chromium is missing and apt-get is not usable here: install it with 'apt-get install chromium'." >&2
    exit 1
  fi
fi
/usr/bin/chromium --version

step "Type check"
npm run --silent typecheck

step "Lint"
npm run --silent lint

step "Build"
npm run --silent build >/dev/null

step "Unit and integration tests on PGlite"
env -u TEST_DATABASE_URL npx vitest run --reporter=default --reporter=json --outputFile="$results_dir/vitest-pglite.json"

postgres_url="${TEST_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/test}"
if node scripts/can-reach-postgres.js "$postgres_url"; then
  step "Unit and integration tests on PostgreSQL ($postgres_url)"
  TEST_DATABASE_URL="$postgres_url" npx vitest run --reporter=default --reporter=json --outputFile="$results_dir/vitest-postgresql.json"
  # A short run of `npm run test:load` (5 minutes by default): clients buying and paying while
  # workers complete tasks and a sign-in flood guesses passwords, on two server processes sharing the
  # database (requests round-robin), then the integrity checks (exactly-once credits, no
  # over-delivery, the ledger balances, limits and jobs shared across processes, no 5xx). Exits 1 on
  # any failure.
  step "Load test, 30 s on PostgreSQL, 2 processes"
  LOAD_DATABASE_URL="$postgres_url" node load/run.js --no-build --build-dir "${BUILD_DIR:-build}" --duration 30 --processes 2
else
  step "PostgreSQL at $postgres_url is not reachable: integration tests ran on PGlite only, no load test"
fi

step "Browser tests (JavaScript on and off)"
E2E_SKIP_BUILD=1 npx playwright test

step "Summary"
node scripts/summarize-tests.js "$results_dir"
