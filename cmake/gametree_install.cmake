include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(GAMETREE_INSTALL_CMAKEDIR "${CMAKE_INSTALL_DATADIR}/cmake/gametree"
    CACHE STRING "Where gametreeConfig.cmake is installed, relative to the prefix")

install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/gametree"
        DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(TARGETS gametree EXPORT gametreeTargets)
install(EXPORT gametreeTargets
        NAMESPACE gametree::
        DESTINATION "${GAMETREE_INSTALL_CMAKEDIR}")

configure_package_config_file(
  "${PROJECT_SOURCE_DIR}/cmake/gametreeConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/gametreeConfig.cmake"
  INSTALL_DESTINATION "${GAMETREE_INSTALL_CMAKEDIR}")
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/gametreeConfigVersion.cmake"
  COMPATIBILITY SameMinorVersion
  ARCH_INDEPENDENT)
install(FILES "${PROJECT_BINARY_DIR}/gametreeConfig.cmake"
              "${PROJECT_BINARY_DIR}/gametreeConfigVersion.cmake"
        DESTINATION "${GAMETREE_INSTALL_CMAKEDIR}")

# pkg-config: a header-only library is architecture independent, so the .pc file goes to
# share/pkgconfig. includedir is written relative to ${prefix} so a relocated install works.
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(GAMETREE_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(GAMETREE_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
configure_file("${PROJECT_SOURCE_DIR}/cmake/gametree.pc.in"
               "${PROJECT_BINARY_DIR}/gametree.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/gametree.pc"
        DESTINATION "${CMAKE_INSTALL_DATADIR}/pkgconfig")
