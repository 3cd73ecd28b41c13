# The sanitizer build (make check's build-asan): AddressSanitizer (LeakSanitizer
# with it) and UndefinedBehaviorSanitizer on everything, any report fatal. When
# the compiler is clang with libFuzzer (Debian's clang-16 and libclang-rt-16-dev),
# the same build instruments the code for coverage and builds the fuzz targets;
# HP_FUZZ_REASON says why not otherwise (the fuzz tests then report a skip).
include(CheckCSourceCompiles)

set(HP_SANITIZE_FLAGS -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
set(CMAKE_REQUIRED_FLAGS "-fsanitize=address,undefined")
set(CMAKE_REQUIRED_LINK_OPTIONS "-fsanitize=address,undefined")
check_c_source_compiles("int main(void) { return 0; }" HP_HAVE_SANITIZERS)
if(NOT HP_HAVE_SANITIZERS)
  message(FATAL_ERROR "${CMAKE_C_COMPILER} cannot link -fsanitize=address,undefined: "
                      "apt-get install libclang-rt-16-dev (clang-16) or libasan8 libubsan1 (gcc)")
endif()

set(HP_FUZZ OFF)
if(NOT CMAKE_C_COMPILER_ID MATCHES "Clang")
  set(HP_FUZZ_REASON "the sanitizer build uses ${CMAKE_C_COMPILER_ID} ${CMAKE_C_COMPILER}, not clang: apt-get install clang-16 libclang-rt-16-dev and configure build-asan with CC=clang-16")
else()
  set(CMAKE_REQUIRED_FLAGS "-fsanitize=fuzzer,address,undefined")
  set(CMAKE_REQUIRED_LINK_OPTIONS "-fsanitize=fuzzer,address,undefined")
  check_c_source_compiles("#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { return 0; }" HP_HAVE_LIBFUZZER)
  if(HP_HAVE_LIBFUZZER)
    set(HP_FUZZ ON)
    list(APPEND HP_SANITIZE_FLAGS -fsanitize=fuzzer-no-link)
  else()
    set(HP_FUZZ_REASON "${CMAKE_C_COMPILER} has no libFuzzer: apt-get install libclang-rt-16-dev")
  endif()
endif()
unset(CMAKE_REQUIRED_FLAGS)
unset(CMAKE_REQUIRED_LINK_OPTIONS)

# A test build: assertions (broken invariants) are compiled in, as STYLE.md asks.
add_compile_options(${HP_SANITIZE_FLAGS} -UNDEBUG)
add_link_options(-fsanitize=address,undefined)

# The tests' environment: a report ends the program with an error, which fails
# the test; tests/sanitize/lsan.supp says why libclang's own leaks are let go
# and why the allocation stacks are two frames deep. use_tls=0: LeakSanitizer's
# tracer crashed (signal 11) walking the threads' dynamic TLS of the LLVM that
# hipport opens with dlopen (cli/verify_cuda_runs, the RelWithDebInfo build);
# thread-local storage is then no root, which can only add leak reports.
set(HP_SANITIZE_ENV
    "ASAN_OPTIONS=malloc_context_size=2"
    "LSAN_OPTIONS=suppressions=${CMAKE_CURRENT_SOURCE_DIR}/tests/sanitize/lsan.supp:print_suppressions=0:use_tls=0"
    "UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1")
