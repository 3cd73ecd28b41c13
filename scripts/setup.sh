#!/usr/bin/env bash
# Installs what hipport needs to build and test on Debian 12, skipping the install
# when everything is already there. Run as root, or it says what to install.
set -euo pipefail

# clang-16 and libclang-rt-16-dev: make check's sanitizer build and its fuzz targets;
# llvm-16-tools: FileCheck, for the HIPIFY suite (bench/hipify_suite.py);
# libomp-16-dev: omp.h where libclang looks, for CUDA code whose host side uses
# OpenMP (without it such a file is read lexically).
packages=(cmake make gcc pkg-config libclang-16-dev llvm-16-dev llvm-16-tools libsqlite3-dev libpcre2-dev
          libjansson-dev libyaml-dev libcmocka-dev hipcc libamdhip64-dev rocm-device-libs python3
          python3-jsonschema clang-16 libclang-rt-16-dev chromium git libomp-16-dev
          libhiprand-dev librocrand-dev libhipsparse-dev librocsparse-dev librocprim-dev)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

# The CUDA Toolkit's headers are what the analyzer parses against; no Debian
# package in main carries a current toolkit, so they are checked, not installed.
cuda=${CUDA_PATH:-/usr/local/cuda}
if [ ! -r "$cuda/include/cuda_runtime.h" ]; then
  echo "setup: no CUDA Toolkit headers in $cuda/include: install the CUDA Toolkit (or Debian's nvidia-cuda-toolkit) and set CUDA_PATH" >&2
  exit 1
fi

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all build and test dependencies are installed"
  exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
  echo "setup: missing Debian packages; as root run: apt-get install ${missing[*]}" >&2
  exit 1
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
