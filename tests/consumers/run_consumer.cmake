# Configures, builds and runs one consumer project as a user would.
# cmake -DMODE=<find_package|add_subdirectory|fetch_content|pkg_config> -DSOURCE_DIR=<gametree>
#       -DGAMETREE_BUILD_DIR=<configured gametree build> -DWORK_DIR=<scratch>
#       -DCXX=<compiler> -P run_consumer.cmake
foreach(var MODE SOURCE_DIR GAMETREE_BUILD_DIR WORK_DIR CXX)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "run_consumer.cmake: ${var} is not set")
  endif()
endforeach()

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    string(REPLACE ";" " " shown "${ARGN}")
    message(FATAL_ERROR "consumer ${MODE}: command failed (${rc}): ${shown}")
  endif()
endfunction()

file(REMOVE_RECURSE ${WORK_DIR})
set(prefix ${WORK_DIR}/prefix)
set(build ${WORK_DIR}/build)
set(configure_args -S ${SOURCE_DIR}/tests/consumers/${MODE} -B ${build}
    -DCMAKE_CXX_COMPILER=${CXX} -DCMAKE_BUILD_TYPE=Release
    -DGAMETREE_SOURCE_DIR=${SOURCE_DIR})

if(MODE STREQUAL "find_package" OR MODE STREQUAL "pkg_config")
  run(${CMAKE_COMMAND} --install ${GAMETREE_BUILD_DIR} --prefix ${prefix})
endif()

if(MODE STREQUAL "find_package")
  list(APPEND configure_args -DCMAKE_PREFIX_PATH=${prefix})
elseif(MODE STREQUAL "pkg_config")
  set(ENV{PKG_CONFIG_PATH} ${prefix}/share/pkgconfig)
  # The .pc file must point into the prefix, not back at the source tree.
  execute_process(COMMAND pkg-config --cflags gametree OUTPUT_VARIABLE cflags
                  RESULT_VARIABLE rc OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(NOT rc EQUAL 0 OR NOT cflags MATCHES "prefix/share/pkgconfig/\\.\\./\\.\\./include|prefix/include")
    message(FATAL_ERROR "consumer pkg_config: unexpected cflags '${cflags}' (rc ${rc})")
  endif()
elseif(NOT MODE STREQUAL "add_subdirectory" AND NOT MODE STREQUAL "fetch_content")
  message(FATAL_ERROR "run_consumer.cmake: unknown MODE '${MODE}'")
endif()

run(${CMAKE_COMMAND} ${configure_args})
run(${CMAKE_COMMAND} --build ${build})
run(${build}/consumer)
