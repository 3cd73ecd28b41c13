# --rocm 5.1.0: hipMallocAsync arrives in ROCm 5.2.0, so cudaMallocAsync stays
# (a finding for a person) while the rest is translated.
set -u
rc=0
f=$TMP/out/async.cu
grep -q 'cudaMallocAsync(p, 64, s);' "$f" || { echo "check.sh: cudaMallocAsync did not stay: $(cat "$f")"; rc=1; }
grep -q 'hipMallocAsync' "$f" && { echo "check.sh: hipMallocAsync written for ROCm 5.1.0"; rc=1; }
grep -q 'hipStream_t s' "$f" || { echo "check.sh: cudaStream_t not translated"; rc=1; }
exit $rc
