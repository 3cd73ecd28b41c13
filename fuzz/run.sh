#!/usr/bin/env bash
# Runs one fuzz target from its committed seeds for SECONDS (ctest gives 10;
# docs/hardening.md gives the longer run). New inputs go to the build's own
# corpus folder, never into fuzz/seeds; a crash is written beside it as
# crash-* and fails the run (exit 1: libFuzzer's own 77 is ctest's skip).
#
# usage: run.sh TARGET SEEDS WORK SECONDS [libFuzzer flags...]
set -euo pipefail
target=$1 seeds=$2 work=$3 seconds=$4
shift 4
mkdir -p "$work/corpus"
exec "$target" -max_total_time="$seconds" -error_exitcode=1 -timeout_exitcode=1 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
  -artifact_prefix="$work/" "$@" "$work/corpus" "$seeds"
