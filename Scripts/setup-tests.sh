#!/usr/bin/env bash
# Sets up what the tests need on a Debian machine with Swift, then prints the Python the
# end-to-end tests run (for MUSUBI_TEST_PYTHON). Scripts/test.sh and .ci/run run it; it is
# quick once everything is in place, so running it before every test run costs nothing.
#
# - libyaml-dev, for the CLibYAML system library target (installed with apt-get when we are
#   root, as on a fresh CI machine; elsewhere a missing one is reported with the command).
# - A Python venv in .venv with Scripts/requirements-test.txt: openapi-core for the validating
#   mock server of the end-to-end tests, openapi-spec-validator for our own specs. It is
#   reinstalled only when the requirements file changed since the last install. When
#   MUSUBI_TEST_PYTHON is already set, that Python is used as it is.
#
# Messages go to standard error; standard output is only the Python's path.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# shellcheck source=lib/apt.sh
source Scripts/lib/apt.sh

ensure_apt_package libyaml-dev setup >&2
if command -v pkg-config >/dev/null && ! pkg-config --exists yaml-0.1; then
    echo "setup: libyaml is missing; install it with: apt-get install libyaml-dev" >&2
    exit 1
fi

if [[ -n "${MUSUBI_TEST_PYTHON:-}" ]]; then
    echo "$MUSUBI_TEST_PYTHON"
    exit 0
fi

if [[ ! -x .venv/bin/python ]]; then
    echo "setup: creating the Python venv in .venv" >&2
    if ! python3 -m venv .venv >&2; then
        rm -rf .venv
        ensure_apt_package python3-venv setup >&2
        python3 -m venv .venv >&2
    fi
fi

# The requirements' hash, kept in the venv, says whether they are installed already.
stamp=.venv/musubi-requirements.sha256
wanted="$(sha256sum Scripts/requirements-test.txt | cut -d' ' -f1)"
if [[ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]]; then
    echo "setup: installing Scripts/requirements-test.txt into .venv" >&2
    .venv/bin/pip install --quiet --disable-pip-version-check -r Scripts/requirements-test.txt >&2
    echo "$wanted" >"$stamp"
fi
echo "$PWD/.venv/bin/python"
