# A user's first build on a machine without Catch2 (or Google Benchmark): a plain configure
# must turn the tests off with one STATUS line, build the examples and install; asking for
# the tests by hand must still fail at configure.
# cmake -DSOURCE_DIR=<gametree> -DWORK_DIR=<scratch> -DCXX=<compiler> -P run_without_catch2.cmake
foreach(var SOURCE_DIR WORK_DIR CXX)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_without_catch2.cmake: ${var} is not set")
  endif()
endforeach()

file(REMOVE_RECURSE ${WORK_DIR})
set(hidden -DCMAKE_DISABLE_FIND_PACKAGE_Catch2=ON -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON)
set(status_line "gametree: Catch2 not found, tests and fuzz-corpus replays are off (Debian: apt-get install catch2)")

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    string(REPLACE ";" " " shown "${ARGN}")
    message(FATAL_ERROR "without Catch2: command failed (${rc}): ${shown}\n${out}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

# No build type, as in the README's first command; it is also the quickest to compile.
run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR}/plain -DCMAKE_CXX_COMPILER=${CXX} ${hidden})
string(FIND "${out}" "-- ${status_line}\n" at)
if(at EQUAL -1)
  message(FATAL_ERROR "without Catch2: the configure output lacks the line\n"
                      "-- ${status_line}\n--- output:\n${out}")
endif()
if(EXISTS ${WORK_DIR}/plain/tests)
  message(FATAL_ERROR "without Catch2: the configure still added tests/")
endif()
run(${CMAKE_COMMAND} --build ${WORK_DIR}/plain)
foreach(program minimax_fill tree_coloring alpha_beta grid_game)
  if(NOT EXISTS ${WORK_DIR}/plain/examples/${program})
    message(FATAL_ERROR "without Catch2: the example ${program} was not built")
  endif()
endforeach()
run(${CMAKE_COMMAND} --install ${WORK_DIR}/plain --prefix ${WORK_DIR}/prefix)
if(NOT EXISTS ${WORK_DIR}/prefix/include/gametree/gametree.hpp)
  message(FATAL_ERROR "without Catch2: the install has no include/gametree/gametree.hpp")
endif()

execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${WORK_DIR}/explicit
                        -DCMAKE_CXX_COMPILER=${CXX} ${hidden} -DGAMETREE_BUILD_TESTS=ON
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
if(rc EQUAL 0 OR NOT out MATCHES "Catch2")
  message(FATAL_ERROR "without Catch2: -DGAMETREE_BUILD_TESTS=ON must fail at configure "
                      "naming Catch2 (exit status ${rc})\n--- output:\n${out}")
endif()
if(out MATCHES "tests and fuzz-corpus replays are off")
  message(FATAL_ERROR "without Catch2: -DGAMETREE_BUILD_TESTS=ON still says the tests are off")
endif()
