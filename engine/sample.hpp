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
#include <optional>
#include <random>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/game.hpp"
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

// The general form, for draw games: any number of places (a seat's dealt
// hand, each of its draws, the boneyard), each getting `need` tiles of those
// it `allowed`. Placements are counted by dynamic programming over the tiles
// (the most constrained first); places that no tile still to be placed tells
// apart are interchangeable, so a state is the sorted counts still to give
// each such group. Drawn as above: each tile's place in proportion to the
// placements that remain.
class PlaceSampler {
public:
    struct Place {
        int need = 0;
        TileSet allowed;
    };
    // Throws std::length_error when counting would take more than `max_states`
    // states (a position too open to count).
    PlaceSampler(TileSet pool, std::vector<Place> places, std::size_t max_states = 1u << 21);
    // The number of placements (saturating, as count_placements).
    std::uint64_t count();
    // One placement drawn uniformly: the tiles of each place. count() must not be 0.
    std::vector<TileSet> draw(std::mt19937_64& rng);

private:
    std::uint64_t ways(std::size_t i, std::vector<int>& rem);
    std::vector<Tile> tiles_;
    std::vector<Place> places_;
    // By level (tiles placed so far): each place's group, and the number of groups.
    std::vector<std::vector<int>> group_;
    std::vector<int> groups_;
    std::unordered_map<std::string, std::uint64_t> memo_;
    std::size_t max_states_;
};

// Deals of a draw-game hand drawn as seat `seat` could know it after `moves`
// (ANALYSIS.md section 4): its own dealt and drawn tiles, every move, the
// numbers each other seat's passes and draws proved it lacked then (before a
// draw a seat holds nothing playable), the tiles each seat holds, the size
// of the boneyard, and what the pose proved (under the draw-game pose rule,
// no seat was dealt a tile ranking above the posed one). A placement puts each
// tile the seat has not seen in another seat's dealt hand, one of its draws
// or the boneyard (RULINGS.md "Known and unknown"); placements are drawn
// uniformly (PlaceSampler) and the boneyard's order uniformly.
class DrawGameSampler {
public:
    // `before_deal`: the game before the hand was dealt; `deal`: the hand's
    // deal with every tile shown; `moves`: the moves made since the deal.
    DrawGameSampler(const Game& before_deal, const Deal& deal, std::span<const Move> moves,
                    int seat);
    std::uint64_t count() { return places_->count(); }
    // A deal: every seat's dealt hand and the stock in draw order.
    Deal draw(std::mt19937_64& rng);

private:
    int players_ = 0;
    int seat_ = 0;
    std::vector<Tile> own_;  // the seat's dealt hand
    // The stock's draws in order: by the seat (its tile) or by another seat
    // (the place of that draw).
    struct Drawn {
        int place = -1;
        Tile tile;
    };
    std::vector<Drawn> draws_;
    std::array<int, 4> deal_place_{};  // each other seat's dealt hand
    int boneyard_ = -1;
    std::optional<PlaceSampler> places_;
};

}  // namespace pips
