# The play program's --dot picture: runs PROGRAM with FLAGS (which write DOT_FILE), checks the
# file against EXPECTED_DOT (the picture in docs/images, so that the docs show what the program
# draws) when given, and renders it with DOT_EXECUTABLE (Graphviz), which must accept it.
#   cmake -DPROGRAM=<exe> "-DFLAGS=<a;b>" -DDOT_FILE=<file> [-DEXPECTED_DOT=<file>]
#         [-DDOT_EXECUTABLE=<dot>] -P check_dot.cmake
file(REMOVE ${DOT_FILE})
execute_process(COMMAND ${PROGRAM} ${FLAGS} INPUT_FILE /dev/null
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc TIMEOUT 60)
if(NOT rc EQUAL 0 OR NOT EXISTS ${DOT_FILE})
  message(FATAL_ERROR "${PROGRAM} ${FLAGS}: exit ${rc}, no ${DOT_FILE}\n${out}\n${err}")
endif()
file(READ ${DOT_FILE} dot)
if(NOT dot MATCHES "^digraph [a-z_]+ {\n.*  n0 \\[.*}\n$")
  message(FATAL_ERROR "${DOT_FILE} is not a DOT digraph with nodes:\n${dot}")
endif()
if(EXPECTED_DOT)
  file(READ ${EXPECTED_DOT} expected)
  if(NOT dot STREQUAL expected)
    message(FATAL_ERROR "${DOT_FILE} differs from ${EXPECTED_DOT}: regenerate the picture (see docs/engine.md)\n${dot}")
  endif()
endif()
if(DOT_EXECUTABLE)
  execute_process(COMMAND ${DOT_EXECUTABLE} -Tsvg ${DOT_FILE} OUTPUT_VARIABLE svg ERROR_VARIABLE dot_err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT dot_err STREQUAL "" OR NOT svg MATCHES "<svg")
    message(FATAL_ERROR "dot -Tsvg ${DOT_FILE}: exit ${rc}\n${dot_err}")
  endif()
endif()
