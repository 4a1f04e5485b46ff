// A position to draw: the table after one ply of one hand, as the checker's
// replay left it (the layout and where each tile lies, what each seat holds
// as far as the record shows or proves, the score, the boneyard), with the
// record's first error when the replay stopped at it.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "checker/checker.hpp"
#include "engine/layout.hpp"
#include "engine/layout_trace.hpp"
#include "engine/tile.hpp"
#include "parser/ast.hpp"

namespace pips::render {

struct SeatView {
    char letter = 'A';
    std::string name;          // from the Players tag, or empty
    TileSet shown;             // in hand, as the record writes them (deal, stock)
    TileSet inferred;          // in hand, proven by the replay
    int backs = 0;             // in hand and unknown
    std::uint8_t voids = 0;    // numbers it is proven not to hold (bit v)
    bool out = false;          // played out
    bool to_play = false;      // its turn next
    bool played_last = false;  // made the ply shown
};

struct Position {
    std::string rules;           // "jamaican, 4 players"
    int hand = 0;                // the hand's number as written
    int ply = 0;                 // plies of the hand replayed (1-based; 0: none)
    int plies = 0;               // plies the hand has
    std::string ply_text;        // the ply shown, as DGN prints it ("B 6-4 R")
    std::optional<Tile> played;  // the tile the ply played, if it did
    bool posed = false;
    Layout layout;      // the open ends
    LayoutTrace trace;  // where each tile lies
    // Hard ends (L, R) of a line: the one tile that can still follow each.
    std::array<std::optional<Tile>, 2> hard;
    std::optional<Tile> key;  // the key tile of a line
    std::vector<SeatView> seats;
    std::vector<std::string> score;  // "AC 12", by party, match score with points in play
    bool score_known = true;
    std::optional<int> boneyard;  // draw games
    std::string note;             // what `pips annotate` notes after the ply
    std::optional<checker::Diagnostic>
        error;          // the record's first error, when at or before the ply
    bool over = false;  // the hand is over after the ply
};

// Which position: hand `hand` (its number as written; 0: the first hand) after
// ply `ply` (1-based; 0: the hand's last ply).
struct Target {
    int hand = 0;
    int ply = 0;
};

struct Found {
    std::optional<Position> position;
    std::string error;  // why there is none: no such hand or ply
};

// Replays `record` through the checker (as `pips check` and `pips annotate`
// do) up to the target, or up to the record's first error when it comes
// first.
Found find_position(const ast::Record& record, const Target& target);

// The same for many targets of one record, replayed once: find(t) is
// find_position(record, t). The record must outlive it.
class Replay {
public:
    explicit Replay(const ast::Record& record);
    ~Replay();
    Replay(const Replay&) = delete;
    Replay& operator=(const Replay&) = delete;
    Found find(const Target& target) const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace pips::render
