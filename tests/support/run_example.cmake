# Runs one example program on an input file and checks what it does, as a user would see it.
#   cmake -DPROGRAM=<exe> -DINPUT=<file> [-DFLAGS=<a;b>] -DEXPECT=<ok|error|usage>
#         [-DEXPECTED_FILE=<file>] [-DERROR_TEXT=<substring>] [-DUSAGE_TEXT=<substring>]
#         -P run_example.cmake
# ok:    exit status 0, stdout equal to EXPECTED_FILE, nothing on stderr.
# error: exit status 1, nothing on stdout, exactly one line on stderr that starts with
#        "error: " and contains ERROR_TEXT.
# usage: exit status 0, stdout starting with "usage: ", ending in a newline and containing
#        USAGE_TEXT, nothing on stderr. (Given a directory as INPUT, the program fails if it
#        reads its input at all.)
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
elseif(EXPECT STREQUAL "usage")
  string(FIND "${out}" "${USAGE_TEXT}" at)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "^usage: [^\n]+\n(.*\n)?$" OR at EQUAL -1 OR NOT err STREQUAL "")
    message(FATAL_ERROR "${PROGRAM} ${FLAGS} < ${INPUT}\n exit: ${rc} (want 0)\n"
                        " stdout (want the usage, containing '${USAGE_TEXT}'):\n${out}\n"
                        " stderr (want empty):\n${err}")
  endif()
else()
  message(FATAL_ERROR "run_example.cmake: EXPECT must be ok, error or usage, not '${EXPECT}'")
endif()
