# Profile-guided optimisation of the release build (PIPS_PGO, on in the
# `release` preset; docs/performance.md, "Fourth round" and "Build time").
#
# The build of this directory first builds an instrumented `pips` from the
# same sources in <build>/pgo-generate (an ExternalProject with
# PIPS_PGO_STAGE=generate), runs it on the training set of
# scripts/pgo_train.sh (generated matches of every rule set, the corpus),
# which leaves a profile of every object file in <build>/pgo-profile, and
# then compiles this build's sources with that profile. Object files are
# named by their path below the build directory (-fprofile-prefix-path), so
# both builds find the same profile. Retraining (when the instrumented pips
# changed) rebuilds every object file, so that an incremental build is the
# same as a clean one. Functions the training does not run are compiled as
# without a profile (-fprofile-partial-training), not for size.
#
# GCC only; the code is the same either way, only its layout and inlining
# change.

# Called by the top-level CMakeLists once the targets exist: with PIPS_PGO,
# each of them waits for the profile and is rebuilt when it changes.
function(pips_pgo_depend)
  if(NOT TARGET pips_pgo_profile)
    return()
  endif()
  foreach(t IN LISTS ARGN)
    if(NOT TARGET ${t})
      continue()
    endif()
    add_dependencies(${t} pips_pgo_profile)
    get_target_property(srcs ${t} SOURCES)
    get_target_property(dir ${t} SOURCE_DIR)
    foreach(s IN LISTS srcs)
      # (A relative name would be taken from this directory, not the target's.)
      cmake_path(ABSOLUTE_PATH s BASE_DIRECTORY ${dir})
      set_property(SOURCE ${s} DIRECTORY ${dir} APPEND PROPERTY OBJECT_DEPENDS ${PIPS_PGO_STAMP})
      # A source written into the build directory (cli/version.cpp) is not
      # the same file in the instrumented build: GCC takes its profile for
      # another function's and stops. It gets none.
      get_source_file_property(generated ${s} DIRECTORY ${dir} GENERATED)
      if(generated)
        set_property(SOURCE ${s} DIRECTORY ${dir} APPEND PROPERTY COMPILE_OPTIONS -fno-profile-use)
      endif()
    endforeach()
  endforeach()
endfunction()

set(PIPS_PGO_STAGE "" CACHE STRING "Internal: the instrumented build of PIPS_PGO (generate)")
mark_as_advanced(PIPS_PGO_STAGE)
set(PIPS_PGO_PROFILE_DIR "${PROJECT_BINARY_DIR}/pgo-profile"
    CACHE PATH "Where the training run writes its profile")
mark_as_advanced(PIPS_PGO_PROFILE_DIR)

if(PIPS_PGO_STAGE STREQUAL "generate")
  add_compile_options(-fprofile-generate=${PIPS_PGO_PROFILE_DIR}
                      -fprofile-prefix-path=${PROJECT_BINARY_DIR} -fprofile-update=prefer-atomic)
  add_link_options(-fprofile-generate=${PIPS_PGO_PROFILE_DIR})
  return()
endif()
if(NOT PIPS_PGO)
  return()
endif()
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  message(WARNING "PIPS_PGO needs GCC; building without a profile")
  return()
endif()

include(ExternalProject)
set(pgo_gen_dir ${PROJECT_BINARY_DIR}/pgo-generate)
ExternalProject_Add(
  pips_pgo_instrumented
  SOURCE_DIR ${PROJECT_SOURCE_DIR}
  BINARY_DIR ${pgo_gen_dir}
  CMAKE_ARGS -DCMAKE_BUILD_TYPE=${CMAKE_BUILD_TYPE}
             -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}
             -DPIPS_PGO_STAGE=generate
             -DPIPS_PGO_PROFILE_DIR=${PIPS_PGO_PROFILE_DIR}
             -DPIPS_BUILD_TESTS=OFF
             -DPIPS_BUILD_BENCH=OFF
  BUILD_COMMAND ${CMAKE_COMMAND} --build ${pgo_gen_dir} --target pips
  BUILD_ALWAYS ON
  BUILD_BYPRODUCTS ${pgo_gen_dir}/pips
  INSTALL_COMMAND ""
  STEP_TARGETS build)

set(PIPS_PGO_STAMP ${PROJECT_BINARY_DIR}/pgo-trained.stamp)
add_custom_command(
  OUTPUT ${PIPS_PGO_STAMP}
  COMMAND ${PROJECT_SOURCE_DIR}/scripts/pgo_train.sh ${pgo_gen_dir}/pips ${PIPS_PGO_PROFILE_DIR}
          ${PROJECT_BINARY_DIR}/pgo-train
  COMMAND ${CMAKE_COMMAND} -E touch ${PIPS_PGO_STAMP}
  DEPENDS ${pgo_gen_dir}/pips pips_pgo_instrumented ${PROJECT_SOURCE_DIR}/scripts/pgo_train.sh
  COMMENT "Training the profile-guided build (scripts/pgo_train.sh)"
  VERBATIM)
add_custom_target(pips_pgo_profile DEPENDS ${PIPS_PGO_STAMP})

# -Wno-restrict, -Wno-stringop-overflow, -Wno-array-bounds: once the profile
# changes what is inlined, GCC 12 warns of an overlapping or oversized memcpy inside
# std::string's own operator+ and replace (in CLI11's code and ours; GCC
# bug 105329, fixed in GCC 13): false positives. The dev and sanitizer builds
# keep both warnings, as errors.
add_compile_options(-fprofile-use=${PIPS_PGO_PROFILE_DIR} -fprofile-prefix-path=${PROJECT_BINARY_DIR}
                    -fprofile-partial-training -Wno-missing-profile -Wno-restrict
                    -Wno-stringop-overflow -Wno-array-bounds)
