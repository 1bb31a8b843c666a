# Runs one example program on an input file and checks what it does, as a user would see it.
#   cmake -DPROGRAM=<exe> -DINPUT=<file> [-DFLAGS=<a;b>] -DEXPECT=<ok|error>
#         [-DEXPECTED_FILE=<file>] [-DERROR_TEXT=<substring>] -P run_example.cmake
# ok:    exit status 0, stdout equal to EXPECTED_FILE, nothing on stderr.
# error: exit status 1, nothing on stdout, exactly one line on stderr that starts with
#        "error: " and contains ERROR_TEXT.
execute_process(COMMAND ${PROGRAM} ${FLAGS}
                INPUT_FILE ${INPUT}
                OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc
                TIMEOUT 60)
if(EXPECT STREQUAL "ok")
  file(READ ${EXPECTED_FILE} expected)
  if(NOT rc EQUAL 0 OR NOT out STREQUAL expected OR NOT err STREQUAL "")
    message(FATAL_ERROR "${PROGRAM} ${FLAGS} < ${INPUT}\n exit: ${rc}\n stdout:\n${out}\n"
                        " expected:\n${expected}\n stderr:\n${err}")
  endif()
elseif(EXPECT STREQUAL "error")
  string(REGEX MATCHALL "\n" newlines "${err}")
  list(LENGTH newlines lines)
  string(FIND "${err}" "${ERROR_TEXT}" at)
  if(NOT rc EQUAL 1 OR NOT out STREQUAL "" OR NOT err MATCHES "^error: [^\n]+\n$"
     OR NOT lines EQUAL 1 OR at EQUAL -1)
    message(FATAL_ERROR "${PROGRAM} ${FLAGS} < ${INPUT}\n exit: ${rc} (want 1)\n"
                        " stdout (want empty):\n${out}\n stderr (want one 'error: ' line"
                        " containing '${ERROR_TEXT}'):\n${err}")
  endif()
else()
  message(FATAL_ERROR "run_example.cmake: EXPECT must be ok or error, not '${EXPECT}'")
endif()
