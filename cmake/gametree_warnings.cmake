# Strict warnings for gametree's own targets (tests, examples, benchmarks). They are never put
# on the INTERFACE target, so projects that consume gametree keep their own warning policy.
add_library(gametree_warnings INTERFACE)
if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
  target_compile_options(gametree_warnings INTERFACE
    -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Werror)
elseif(MSVC)
  target_compile_options(gametree_warnings INTERFACE /W4 /WX /permissive-)
endif()

# gametree_add_program(<target> <source>...) builds one of the project's own programs against
# the library with the project's warnings.
function(gametree_add_program target)
  add_executable(${target} ${ARGN})
  target_link_libraries(${target} PRIVATE gametree::gametree gametree_warnings)
endfunction()

# GAMETREE_COMPILE_ONLY_EXTRAS: the benchmarks and the docs/ examples are compiled for their
# warnings alone (-fsyntax-only: no object, no binary, no run). The clang++ sanitizer build sets
# it: the g++ Release build (the README's test command) builds and runs both, the library code
# they call is the tests' code too, and they were a ninth of that build's compile time.
option(GAMETREE_COMPILE_ONLY_EXTRAS "Compile the benchmarks and docs/ examples for warnings only" OFF)

# gametree_add_extra_program(<target> <source>...): a benchmark or docs/ example; a program as
# above, or with GAMETREE_COMPILE_ONLY_EXTRAS an object library compiled with -fsyntax-only.
function(gametree_add_extra_program target)
  if(GAMETREE_COMPILE_ONLY_EXTRAS)
    add_library(${target} OBJECT ${ARGN})
    target_compile_options(${target} PRIVATE -fsyntax-only)
    target_link_libraries(${target} PRIVATE gametree::gametree gametree_warnings)
  else()
    gametree_add_program(${target} ${ARGN})
  endif()
endfunction()
