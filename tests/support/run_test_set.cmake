# Runs a test-set runner program on a set and checks it passed, as a user would see it.
#   cmake -DPROGRAM=<exe> -DINPUT=<file> [-DFLAGS=<a;b>] -DLINES=<n> -P run_test_set.cmake
# Passes when the program exits 0 (no mismatch), prints exactly n lines and nothing on stderr.
execute_process(COMMAND ${PROGRAM} ${FLAGS}
                INPUT_FILE ${INPUT}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc
                TIMEOUT 1200)
string(REGEX MATCHALL "\n" newlines "${out}")
list(LENGTH newlines lines)
if(NOT rc EQUAL 0 OR NOT lines EQUAL LINES OR NOT err STREQUAL "")
  message(FATAL_ERROR "${PROGRAM} ${FLAGS} < ${INPUT}\n exit: ${rc} (want 0)\n"
                      " output lines: ${lines} (want ${LINES})\n stderr (want empty):\n${err}")
endif()
