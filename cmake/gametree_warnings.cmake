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
