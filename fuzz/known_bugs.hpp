// Bugs the fuzz targets found that are not fixed yet, and how to step around
// them so that a run gets past the first one (docs/fuzzing.md). Each has its
// minimised input in corpus/regressions/<target>/ and a line in
// corpus/regressions/open_bugs.txt. When a bug is fixed, delete its guard
// here and its line there. (Fixed so far, their guards gone: the reader's
// hang on a line ending in two CRs, the checker's match score indexed with -1
// by a `score` line naming a stranger, HandState::pass/draw before the pose.)
//
// PIPS_FUZZ_STRICT=1 in the environment turns every guard off: run a target
// that way on the regression inputs to see whether a fix holds.
#pragma once

#include <cstdlib>

#include "engine/hand.hpp"
#include "engine/tile.hpp"

namespace pips::fuzz {

inline bool strict() {
    static const bool on = std::getenv("PIPS_FUZZ_STRICT") != nullptr;
    return on;
}

// HandState::pose(seat, t, a, b, proof_holder) with a proof_holder tile that
// is still in the known boneyard (a draw game with its stock shown): pose()
// checks the tile against the other seats and the layout, not the boneyard,
// and adds it to the poser's hand, so the tile is in two places
// (check_invariants: "a boneyard tile is also elsewhere"). The checker only
// passes a proof tile other than the pose in games without a boneyard today.
// Input: corpus/regressions/fuzz_engine/pose_proof_tile_in_known_boneyard.bin
inline bool proof_in_boneyard(const HandState& h, Tile t, Tile proof) {
    if (strict() || !h.stock_known() || proof == t) return false;
    if (h.layout().on_table().contains(proof) || h.unplaced().contains(proof)) return false;
    for (int s = 0; s < h.players(); ++s)
        if (h.seat(s).known.contains(proof)) return false;
    return h.variant().tile_set().contains(proof);
}

}  // namespace pips::fuzz
