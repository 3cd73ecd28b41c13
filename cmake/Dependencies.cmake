# Finds the real parts hipport is built on and stops at configure time, naming the
# Debian package, when one is missing.
find_package(PkgConfig)
if(NOT PKG_CONFIG_FOUND)
  message(FATAL_ERROR "pkg-config not found: apt-get install pkg-config")
endif()

function(hp_require_pkg target module debian_pkg)
  pkg_check_modules(${target} IMPORTED_TARGET ${module})
  if(NOT ${target}_FOUND)
    message(FATAL_ERROR "${module} not found: apt-get install ${debian_pkg}")
  endif()
endfunction()

hp_require_pkg(SQLITE sqlite3 libsqlite3-dev)
hp_require_pkg(PCRE2 libpcre2-8 libpcre2-dev)
hp_require_pkg(JANSSON jansson libjansson-dev)
hp_require_pkg(YAML yaml-0.1 libyaml-dev)

# libclang comes from llvm-config-16 unless -DLLVM_CONFIG= names another.
set(LLVM_CONFIG "llvm-config-16" CACHE STRING "llvm-config of the LLVM whose libclang hipport uses")
find_program(LLVM_CONFIG_EXE NAMES ${LLVM_CONFIG})
if(NOT LLVM_CONFIG_EXE)
  message(FATAL_ERROR "${LLVM_CONFIG} not found: apt-get install libclang-16-dev llvm-16-dev (or pass -DLLVM_CONFIG=)")
endif()
execute_process(COMMAND ${LLVM_CONFIG_EXE} --includedir OUTPUT_VARIABLE LLVM_INCLUDE_DIR OUTPUT_STRIP_TRAILING_WHITESPACE)
execute_process(COMMAND ${LLVM_CONFIG_EXE} --libdir OUTPUT_VARIABLE LLVM_LIB_DIR OUTPUT_STRIP_TRAILING_WHITESPACE)
find_library(LIBCLANG_LIBRARY NAMES clang libclang PATHS ${LLVM_LIB_DIR} NO_DEFAULT_PATH)
if(NOT LIBCLANG_LIBRARY OR NOT EXISTS "${LLVM_INCLUDE_DIR}/clang-c/Index.h")
  message(FATAL_ERROR "libclang not found under ${LLVM_LIB_DIR}: apt-get install libclang-16-dev")
endif()
# Not linked: analyzer/libclang.c opens it on first use.
# clang's own resource headers (the CUDA wrapper headers) sit under its lib folder.
execute_process(COMMAND ${LLVM_CONFIG_EXE} --version OUTPUT_VARIABLE LLVM_VERSION OUTPUT_STRIP_TRAILING_WHITESPACE)
