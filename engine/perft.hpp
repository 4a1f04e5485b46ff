// Perft for dominoes: the number of legal ply sequences of each length from a
// dealt hand, and how the sequences that finish the hand end, walked through
// Game::legal_moves and Game::apply. Pinned in tests
// (tests/perft_test.cpp) so that any change in move generation shows; the
// definition of a ply is in docs/perft.md.
//
// A ply is one turn, counted once per distinct resulting position:
// - the pose (hand 1's pose rule of the rule set: who poses and what); a tile
//   posed either way round is one ply (the mirror image is the same position);
// - a play of a tile: one ply per class of ends that give the same position
//   (Layout::same_result: the same end numbers, in fives-threes also the same
//   doubles at the ends; on a spinner the same multiset of arm ends, empty arms
//   alike);
// - a forced pass; in french also a pass while able (it is legal there);
// - in draw games, the whole turn: the draws (forced: the stock order is known)
//   then a play or a pass; drawing is never a branching point.
// Fouls are not plies (they change no position). A block completes the hand:
// no knocks follow. In fives-threes a hand ended by reaching 61 cannot happen
// from 0-0 in hand 1 and is not considered (points are not scored).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/hand.hpp"
#include "engine/tile.hpp"
#include "engine/variant.hpp"

namespace pips {

struct PerftResult {
    // nodes[d]: the number of distinct legal ply sequences of exactly d plies,
    // d = 0..depth (nodes[0] = 1: the empty sequence). A sequence that
    // completes the hand is not extended.
    std::vector<std::uint64_t> nodes;
    // Over the sequences that complete the hand within `depth` plies:
    std::array<std::uint64_t, 4> domino{};       // by the seat that played out (fives-threes
                                                 // 4 players: the second partner to chip out)
    std::array<std::uint64_t, 4> blocked_win{};  // blocked, by winning party (side 0 = AC,
                                                 // 1 = BD; a seat in individual games)
    std::uint64_t blocked_tie = 0;  // blocked with no winner: a tie (quinientos: void);
                                    // every fives-threes block (they name no winner)
    // Not empty when the input is not a position perft can start from (a bad
    // deal, a hand not fully known) or the engine refused a move it offered.
    std::string error;

    std::uint64_t complete() const;  // every completed sequence
    friend bool operator==(const PerftResult&, const PerftResult&) = default;
};

// From the dealt position of hand 1 of a match, before the pose. `deals` has
// one tile list per seat (every seat), `stock` the boneyard in draw order (draw
// games only; empty otherwise). depth >= 0.
PerftResult perft(const Variant& v, const std::vector<std::vector<Tile>>& deals,
                  const std::vector<Tile>& stock, int depth);

// From any position of hand 1 in which every hand (and in draw games the
// stock) is known, posed or not. Plies are counted from `h`.
PerftResult perft(const HandState& h, int depth);

// The counts as `pips perft` prints them: "depth D: N" for D = 1..depth, then
// "domino SEAT: N", "blocked WHO: N" (a side or a seat), "blocked tie: N" and
// "complete: N", one a line.
std::string perft_report(const PerftResult& r, const Variant& v);

}  // namespace pips
