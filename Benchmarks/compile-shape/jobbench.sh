#!/usr/bin/env bash
# jobbench.sh ROUNDS N DIR1 DIR2 ...: one frontend job (like a SwiftPM debug batch) with the same
# N primary files (models and requests, sampled evenly) per variant dir; reports CPU seconds.
rounds=$1; n=$2; shift 2
M="${MODULES:?set MODULES to the debug Modules folder holding MusubiRuntime.swiftmodule}"
declare -A R
for ((r=0;r<rounds;r++)); do
 for d in "$@"; do
  (cd $d && find . -name '*.swift' | sort > /tmp/jb-files.txt
   total=$(wc -l < /tmp/jb-files.txt); step=$((total / n))
   prim=$(awk -v s=$step 'NR % s == 0' /tmp/jb-files.txt | head -$n | sed 's/^/-primary-file /' | tr '\n' ' ')
   outs=$(for i in $(seq 1 $n); do echo -n "-o /tmp/jb-out-$i.o "; done)
   rm -rf /tmp/jb-index
   /usr/bin/time -f "%U %S %M" -o /tmp/jb.t swiftc -frontend -c -filelist /tmp/jb-files.txt $prim $outs -module-name GHV -package-name ghv -I $M -Onone -g -enable-testing -swift-version 6 -parse-as-library -index-store-path /tmp/jb-index -Xcc -fPIC -Xcc -g -enable-anonymous-context-mangled-names -DSWIFT_PACKAGE -DDEBUG 2>&1 | head -5)
  read u s m < /tmp/jb.t
  R[$d]+="$(echo "$u+$s" | bc) "
 done
done
for d in "$@"; do echo "$(basename $d) min=$(echo ${R[$d]} | tr ' ' '\n' | sort -n | head -1) all=${R[$d]}"; done
