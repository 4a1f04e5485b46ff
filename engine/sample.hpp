// Sampled judgement (ANALYSIS.md section 4): deals of the tiles a seat has
// not seen, drawn uniformly among those consistent with what it knows (how
// many tiles each other seat holds, the numbers its passes proved it lacks,
// the tiles left undealt). Exact: placements are counted by dynamic
// programming over the tiles, and each tile's seat is drawn in proportion to
// the placements that remain, so every consistent placement is equally
// likely.
#pragma once

#include <array>
#include <cstdint>
#include <random>

#include "engine/tile.hpp"

namespace pips {

// Where the unseen tiles may be: slots 0..3 are seats, slot 4 the tiles not
// dealt to anyone (a set larger than the deal, e.g. fives-threes for two).
struct Unseen {
    static constexpr int kSlots = 5;
    TileSet pool;                           // the tiles to place
    std::array<int, kSlots> need{};         // how many each slot gets; they sum to pool.size()
    std::array<TileSet, kSlots> allowed{};  // the tiles each slot may get
};

// The number of placements consistent with `u` (0: none; saturates at the
// largest value, which no set of 28 tiles reaches).
std::uint64_t count_placements(const Unseen& u);

// One placement drawn uniformly: the tiles of each slot. `u` must have one.
std::array<TileSet, Unseen::kSlots> sample_placement(const Unseen& u, std::mt19937_64& rng);

}  // namespace pips
