// Bugs the fuzz targets found that are not fixed yet, and how to step around
// them so that a run gets past the first one (docs/fuzzing.md). Each has its
// minimised input in corpus/regressions/<target>/ and a line in
// corpus/regressions/open_bugs.txt. When a bug is fixed, delete its guard
// here and its line there. Fixed so far, their guards gone (inputs in
// corpus/regressions/): the reader's hang on a line ending in two CRs, the
// checker's match score indexed with -1 by a `score` line naming a stranger,
// HandState::pass/draw before the pose, HandState::pose taking a proof tile
// from the known boneyard, HandState::remain showing boneyard tiles.
//
// A guard is a predicate on the input or the state, checked right before the
// call it protects, that makes the target skip (or alter) exactly that call:
//
//   inline bool remain_from_boneyard(const HandState& h, TileSet shown) {
//       if (strict()) return false;
//       ...
//   }
//
// PIPS_FUZZ_STRICT=1 in the environment turns every guard off: run a target
// that way on the regression inputs to see whether a fix holds.
#pragma once

#include <cstdlib>

namespace pips::fuzz {

inline bool strict() {
    static const bool on = std::getenv("PIPS_FUZZ_STRICT") != nullptr;
    return on;
}

// No open bug at the moment.

}  // namespace pips::fuzz
