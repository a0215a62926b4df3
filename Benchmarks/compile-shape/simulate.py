#!/usr/bin/env python3
"""simulate.py STATSDIR TARGET: per-job user CPU from -stats-output-dir files, and the makespan
of those jobs on 2 idle cores (emit-module job first, then compile batches in order, greedy)."""
import json, glob, sys, heapq
d, t = sys.argv[1], sys.argv[2]
jobs = []
for f in sorted(glob.glob(f'{d}/*-{t}-*.json')):
    j = json.load(open(f))
    cpu = sum(v for k, v in j.items() if k.startswith('time.swift-frontend') and k.endswith('.user'))
    cpu += sum(v for k, v in j.items() if k.startswith('time.swift-frontend') and k.endswith('.sys'))
    jobs.append((0 if 'swiftmodule' in f else 1, f, cpu))
jobs.sort()
cores = [0.0, 0.0]
for _, f, cpu in jobs:
    c = heapq.heappop(cores); heapq.heappush(cores, c + cpu)
print(f"{t}: jobs={len(jobs)} cpu={sum(j[2] for j in jobs):.1f} idle-2-core makespan={max(cores):.1f} s; largest job={max(j[2] for j in jobs):.1f}")
