// Why the rules decided what they did, as data: what decided it and the
// seats, counts and tiles involved. The rule sets fill these; the checker
// puts them in words (checker/reasons.cpp) only when a message or a note
// needs them.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "engine/tile.hpp"

namespace pips {

// Why a seat (or seats) may pose the next hand.
struct PoseReason {
    enum class By : std::uint8_t {
        none,
        holder,         // the holder of `tile` poses it (`sporting`: any tile; `draw`: see below)
        playoff_side,   // the side that forced the play-off
        replay_side,    // a replay after a tie: the side with points
        winning_side,   // the side that won the last hand
        block_seat,     // after a block: the winning side's seat with the lower count
        winner,         // the winner of the last hand
        winner_double,  // the winner of the last hand, a double of their choice
        lot,            // hand 1: a seat drawn by lot leads
        next_leader,    // the seat after `seat`, who led the last hand
    } by = By::none;
    // holder: when the holder poses.
    enum class When : std::uint8_t { hand_1, tie, reset, void_hand } when = When::hand_1;
    Tile tile;              // holder: the tile
    bool draw = false;      // holder: a draw game (6-6 may be in the boneyard)
    bool sporting = false;  // holder: any tile may be posed
    bool seats = false;     // reset: the seats' scores went back to 0 (not the sides')
    int seat = -1;          // next_leader: the seat that led the last hand
};

// How the result of a hand follows from the rules.
struct ResultReason {
    enum class By : std::uint8_t {
        none,           // not known (the counts are not shown)
        domino,         // `seat` played their last tile
        lowest_count,   // blocked: `seat` has the lowest count, or opponents share it (`shared`)
        side_totals,    // blocked: the side with the lower total of counts wins, equal: a tie
        counted_block,  // blocked, the winners scoring the counts (below)
        target,         // `party` reached the match target exactly
        chip_out,       // `party` chipped out
        no_chip_out,    // blocked: nobody scores the chip-out point
    } by = By::none;
    int seat = -1;
    int party = -1;
    std::array<int, 4> counts{-1, -1, -1, -1};  // blocks: pip counts by seat (-1: unknown)
    int lowest = 0;                             // lowest_count: the lowest count
    bool shared = false;                        // lowest_count: shared by opponents
    std::array<int, 2> sides{};                 // side totals: AC, BD
    // domino
    bool playoff = false;          // a play-off win
    std::optional<Tile> key_tile;  // won with the key tile, worth one more point
    int ties = 0;                  // tied hands before this one
    int value = 0;                 // what the hand is worth, after ties
    bool double_domino = false;    // went out with a double: the others' counts doubled
    int left = -1;                 // the pips in the other hands (the winners score them)
    // counted_block
    bool by_lowest = false;  // decided by the single lowest count (`seat`; -1: shared by sides)
    int closer = -1;         // tied, so the side of the seat that closed the game wins
    int all = -1;            // the winners score all four counts (-1: the hand is void)
    // bonuses
    int hand_bonus = 0;  // for winning hand 1 (100) or hand 2 (50)
    bool capicu = false;
    bool double_blank = false;
};

}  // namespace pips
