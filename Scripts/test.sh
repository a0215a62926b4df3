#!/usr/bin/env bash
# Runs every test: `swift test` with the AsyncHTTPClient trait (so that transport's tests run
# too), in two passes over one build.
#
# The tests that measure timing (streaming while a response is still open, cancellation,
# retries: TransportTests and MusubiRuntimeTests; the deadlines of the test support's waits:
# MusubiTestSupportTests) run in a pass of their own. In one pass they would share the
# concurrency pool's threads (as many as cores: two here) with the tests that run the `musubi`
# binary and wait for it, and a stream's first event could wait behind them longer than the
# test server holds it, or a wait outlast its deadline.
#
# First Scripts/setup-tests.sh sets up what the tests need (libyaml, the Python venv in .venv
# for the end-to-end suites) and names the Python in MUSUBI_TEST_PYTHON; it is quick when all
# is in place. Any further arguments go to both `swift test` runs: `--skip PackageBuildTests`
# leaves out the tests that build whole generated packages, which take minutes.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

MUSUBI_TEST_PYTHON="$(Scripts/setup-tests.sh)"
export MUSUBI_TEST_PYTHON

timing='^(TransportTests|MusubiRuntimeTests|MusubiTestSupportTests)\.'
swift test --traits AsyncHTTPClient --skip "$timing" "$@"
swift test --traits AsyncHTTPClient --filter "$timing" "$@"
