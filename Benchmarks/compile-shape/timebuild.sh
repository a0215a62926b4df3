#!/usr/bin/env bash
# usage: timebuild.sh PKGDIR TARGET [extra swift build args...]
# Clean products of TARGET (and the index store), then time a debug build of it alone.
set -euo pipefail
pkg="$1"; t="$2"; shift 2
b="$pkg/.build/x86_64-unknown-linux-gnu/debug"
[ -d "$b/$t.build" ] && find "$b/$t.build" -type f \( -name '*.o' -o -name '*.swiftdeps' -o -name '*.d' -o -name '*.dia' -o -name '*.priors' -o -name '*.swiftmodule' -o -name '*.swiftdoc' -o -name '*.swiftsourceinfo' -o -name '*.h' \) -delete
rm -rf "$b/Modules/$t.swiftmodule" "$b/Modules/$t.swiftdoc" "$b/Modules/$t.swiftsourceinfo" "$b/Modules/$t.abi.json" "$b/Modules/$t.o" "$b/index"
out=$(mktemp)
/usr/bin/time -f "%e %U %S %M" -o "$out.t" swift build --package-path "$pkg" --target "$t" "$@" > "$out" 2>&1 || { tail -20 "$out"; exit 1; }
if grep -q "Compiling MusubiRuntime" "$out"; then echo "WARNING: runtime rebuilt"; fi
read -r wall user sys kb < "$out.t"
load=$(cut -d' ' -f1 /proc/loadavg)
printf "%s wall=%s user=%s sys=%s peakMB=%d load=%s\n" "$t" "$wall" "$user" "$sys" $((kb/1024)) "$load"
rm -f "$out" "$out.t"
