// Where the tiles of a hand can be when the record does not show them all: a
// small matching problem. Every tile of the set goes to one place (a seat's
// dealt hand, one of its draws, the boneyard still undrawn, the unused
// tiles), no place over its capacity, each tile only in a place it is
// allowed in. A hand's capacities add up to the set, so every place is then
// full. A placement exists when every tile can be put somewhere at once
// (Hall's condition, checked by a max flow over at most 28 tiles and at most
// 32 places).
#pragma once

#include <array>
#include <cstdint>

#include "engine/tile.hpp"

namespace pips {

struct PlacementProblem {
    static constexpr int kMaxPlaces = 32;
    int places = 0;
    std::array<int, kMaxPlaces> capacity{};
    // By tile index: the places the tile may be in (bit q: place q).
    std::array<std::uint32_t, kTiles> allowed{};
    TileSet tiles;  // the tiles to place

    // A new place; returns its number (there are at most kMaxPlaces).
    int add_place(int cap) {
        capacity[static_cast<std::size_t>(places)] = cap;
        return places++;
    }
};

// Why no placement exists: `tiles` may only go to `places`, which have room
// for `room` tiles, fewer than there are tiles.
struct PlacementCut {
    TileSet tiles;
    std::uint32_t places = 0;
    int room = 0;
};

// The place of each tile (by index) in a placement.
using Placement = std::array<std::int8_t, kTiles>;

// Whether a placement exists. When none does and `cut` is given, it gets a
// set of tiles with too little room (the smallest the flow finds); when one
// does and `found` is given, it gets one.
// `start`, when given, is tried first: each tile stays where it puts it
// while it may.
bool place_tiles(const PlacementProblem& p, PlacementCut* cut = nullptr, Placement* found = nullptr,
                 const Placement* start = nullptr);

// Whether `a` (a placement found for an earlier problem) is one for `p`:
// every tile in an allowed place, no place over its capacity.
bool still_placed(const PlacementProblem& p, const Placement& a);

}  // namespace pips
