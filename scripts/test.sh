#!/usr/bin/env bash
# `npm test`: type check, lint and build (side by side), the Vitest tiers (README, "Tests"): unit,
# database and process on PGlite, database and process again on PostgreSQL when one answers, a short
# load test, then browser tests in Debian's Chromium. Ends with one "N passed, N failed" line for all
# of it, and each stage's wall time.
set -euo pipefail
cd "$(dirname "$0")/.."

results_dir="$(mktemp -d)"
export TEST_RESULTS_DIR="$results_dir"
timings="$results_dir/stage-times.txt"

# Each stage's wall time, and the CPU time its processes used (how much of the machine it kept busy).
# (`times` in this shell, not in a $(...) subshell, which has no children of its own.)
children_cpu_seconds() {
  times >"$results_dir/times"
  awk 'NR == 2 { total = 0; for (i = 1; i <= 2; i++) { split($i, part, "m"); total += part[1] * 60 + part[2] } printf "%d", total }' "$results_dir/times"
}
step() {
  printf '\n== %s ==\n' "$*"
  stage_name="$*"
  stage_started=$SECONDS
  children_cpu_seconds >"$results_dir/stage-cpu"
}
step_done() {
  children_cpu_seconds >"$results_dir/now-cpu"
  printf '%5d s wall, %5d s CPU  %s\n' $((SECONDS - stage_started)) $(($(cat "$results_dir/now-cpu") - $(cat "$results_dir/stage-cpu"))) "$stage_name" >>"$timings"
}

step "Browser and PHP"
# Debian's headless Chromium (playwright.config.ts, decision 0039), never a downloaded browser; and
# Debian's php-cli with php-curl, which call /api/v2 as panel software does (app/routes/api.v2.php-panel.db.test.ts).
missing=()
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
php -r 'exit(function_exists("curl_init") ? 0 : 1);' 2>/dev/null || missing+=(php-cli php-curl)
if [ ${#missing[@]} -gt 0 ]; then
  if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
  else
    echo "Debian's ${missing[*]} is missing and apt-get is not usable here: install it with 'apt-get install ${missing[*]}'." >&2
    exit 1
  fi
fi
/usr/bin/chromium-headless-shell --version
php -r 'echo "PHP ", PHP_VERSION, "\n";'
step_done

# Independent of each other: each writes to its own log, printed in order once all have ended.
step "Type check, lint and build, side by side"
npm run --silent typecheck >"$results_dir/typecheck.log" 2>&1 &
typecheck=$!
npm run --silent lint >"$results_dir/lint.log" 2>&1 &
lint=$!
npm run --silent build >"$results_dir/build.log" 2>&1 &
build=$!
failed_stages=()
wait $typecheck || failed_stages+=("type check")
wait $lint || failed_stages+=("lint")
wait $build || failed_stages+=("build")
for part in typecheck lint; do
  printf -- '-- %s --\n' "$part"
  cat "$results_dir/$part.log"
done
if [ ${#failed_stages[@]} -gt 0 ]; then
  cat "$results_dir/build.log"
  echo "failed: ${failed_stages[*]}" >&2
  exit 1
fi
step_done

postgres_url="${TEST_DATABASE_URL:-postgresql://postgres@127.0.0.1:5432/test}"
postgres_reachable=false
node scripts/can-reach-postgres.js "$postgres_url" && postgres_reachable=true

if $postgres_reachable; then
  step "Unit and database tests on PGlite"
  env -u TEST_DATABASE_URL npx vitest run --project unit --project database --reporter=default --reporter=json --outputFile="$results_dir/vitest-pglite.json"
  step_done
  # The process tier runs once: on PostgreSQL, as a deployment runs several processes (its tests of
  # the embedded database's own process behaviour, the data directory's lock and restarts, ask for
  # PGlite themselves).
  step "Database and process tests on PostgreSQL ($postgres_url)"
  TEST_DATABASE_URL="$postgres_url" npx vitest run --project database --project process --reporter=default --reporter=json --outputFile="$results_dir/vitest-postgresql.json"
  step_done
  # A short run of `npm run test:load` (5 minutes by default): clients buying and paying while
  # workers complete tasks and a sign-in flood guesses passwords, on two server processes sharing the
  # database (requests round-robin), then the integrity checks (exactly-once credits, no
  # over-delivery, the ledger balances, limits and jobs shared across processes, no 5xx). Exits 1 on
  # any failure.
  step "Load test, 30 s on PostgreSQL, 2 processes"
  LOAD_DATABASE_URL="$postgres_url" node load/run.js --no-build --build-dir "${BUILD_DIR:-build}" --duration 30 --processes 2
  step_done
else
  step "Unit, database and process tests on PGlite (PostgreSQL at $postgres_url is not reachable: no PostgreSQL pass, no load test)"
  env -u TEST_DATABASE_URL npx vitest run --reporter=default --reporter=json --outputFile="$results_dir/vitest-pglite.json"
  step_done
fi

step "Browser tests (every test with JavaScript on, those tagged @without-javascript also with it off)"
E2E_SKIP_BUILD=1 npx playwright test
step_done

step "Summary"
cat "$timings"
node scripts/summarize-tests.js "$results_dir"
