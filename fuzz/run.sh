#!/usr/bin/env bash
# Runs one fuzz target from its committed seeds for SECONDS (ctest gives 10;
# docs/hardening.md gives the longer run). New inputs go to WORK/corpus, never
# into fuzz/seeds, and a later run starts from them too; --fresh (ctest's) empties
# it first, so that a short run's time goes to fuzzing, not to replaying what
# earlier runs found. A crash is written as WORK/crash-* and fails the run
# (exit 1: libFuzzer's own 77 is ctest's skip).
#
# usage: run.sh [--fresh] TARGET SEEDS WORK SECONDS [libFuzzer flags...]
set -euo pipefail
fresh=false
if [[ ${1-} == --fresh ]]; then
  fresh=true
  shift
fi
target=$1 seeds=$2 work=$3 seconds=$4
shift 4
$fresh && rm -rf "$work/corpus"
mkdir -p "$work/corpus"
exec "$target" -max_total_time="$seconds" -error_exitcode=1 -timeout_exitcode=1 -timeout=10 -rss_limit_mb=4096 \
  -print_final_stats=1 -artifact_prefix="$work/" "$@" "$work/corpus" "$seeds"
