# Writes OUTPUT, a C++ file defining pips::cli::version_line(): "pips VERSION
# (git DESCRIBE)", DESCRIBE being `git describe --always --dirty` of SOURCE_DIR,
# or "unknown" without git or outside a checkout. Run at every build (cmake -P)
# and cheap: the file is rewritten, and so recompiled, only when the line
# changes.
#
#   cmake -DSOURCE_DIR=... -DOUTPUT=... -DVERSION=0.1.0 [-DDESCRIBE=...] -P git_version.cmake
#
# DESCRIBE, when given, stands for git's answer (the instrumented build of
# cmake/pgo.cmake: a new commit must not relink it, which would train the
# profile again and rebuild everything).
set(describe "unknown")
find_program(GIT_EXECUTABLE git)
if(DEFINED DESCRIBE)
  set(describe "${DESCRIBE}")
elseif(GIT_EXECUTABLE)
  execute_process(
    COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" describe --always --dirty
    OUTPUT_VARIABLE out
    ERROR_QUIET
    RESULT_VARIABLE rc
    OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(rc EQUAL 0 AND NOT out STREQUAL "")
    set(describe "${out}")
  endif()
endif()

set(content "// Generated at build time by scripts/git_version.cmake; do not edit.
#include \"cli/version.hpp\"

namespace pips::cli {

const char* version_line() { return \"pips ${VERSION} (git ${describe})\"; }

}  // namespace pips::cli
")

set(old "")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
endif()
if(NOT old STREQUAL content)
  file(WRITE "${OUTPUT}" "${content}")
endif()
