#!/usr/bin/env bash
# The long property, model and fuzz suites at QUALITY.md's counts (T13: 1,000 model sequences; T13/T14: 100 racing
# pairs, 500 signings, 500 tamperings; T15: 10,000 runs per endpoint). `npm test` runs samples of them (CI's
# 25-minute budget); this runs them whole, on SQLite and PostgreSQL. Takes 30–90 minutes on a 2-core host.
#   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test bash bench/full-runs.sh [T15|a11y]
set -euo pipefail
cd "$(dirname "$0")/.."
export FULL_RUNS=1
npx vitest run --project server \
  src/modules/offers/offers.model.test.ts \
  src/modules/offers/offers.integrity.test.ts
if [ "${1:-}" = "T15" ]; then
  T15_RUNS=10000 npx vitest run --project server \
    src/http/api-fuzz.test.ts src/http/admin-api.fuzz.test.ts \
    src/modules/search/search.fuzz.test.ts src/modules/applications/applications.fuzz.test.ts
fi
if [ "${1:-}" = "a11y" ]; then
  # Issue 13: axe on every state in en, ar and ja at 375 and 1280 px (CI runs two of the six each day).
  FULL_RUNS=1 node e2e/run.mjs specs/axe-matrix.spec.ts
fi
