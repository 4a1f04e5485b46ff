// The line `pips --version` prints. Defined in a file generated at build time
// (scripts/git_version.cmake), so that it names the commit pips was built from.
#pragma once

namespace pips::cli {

// "pips 0.1.0 (git 03003d5)"; "-dirty" after the commit when the checkout had
// uncommitted changes, "unknown" in place of the commit without git.
const char* version_line();

}  // namespace pips::cli
