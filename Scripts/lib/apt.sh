# Shared by Scripts/corpus.sh, Scripts/benchmark.sh and Scripts/setup-tests.sh; source it,
# don't run it.

# Installs a Debian package when it is missing and we may (root with apt-get, as on a fresh
# CI machine); quietly does nothing elsewhere. `apt-get update` only when the install fails.
# $1: the package; $2: the prefix of the messages it prints (`corpus`, `benchmark`).
ensure_apt_package() {
    local package="$1" prefix="$2"
    command -v dpkg >/dev/null && command -v apt-get >/dev/null && [[ "$(id -u)" == 0 ]] || return 0
    dpkg -s "$package" >/dev/null 2>&1 && return 0
    echo "$prefix: installing $package"
    apt-get install -y -qq "$package" >/dev/null 2>&1 ||
        { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq "$package" >/dev/null 2>&1; } ||
        echo "$prefix: could not install $package"
}
