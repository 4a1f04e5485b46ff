// Where each tile of a layout lies: the pose and the plays on each end in the
// order they were made, each with the half that touches the tile before it.
// The layout itself keeps only its open ends; a HandState keeps this record
// too when asked (pictures of a position need it, the replay does not).
#pragma once

#include <cstdint>
#include <vector>

#include "engine/layout.hpp"
#include "engine/tile.hpp"

namespace pips {

// A tile on an end: `near` is the half joined to the tile before it (the
// pose, or the spinner), `far` the half the end shows after it.
struct Placed {
    Tile tile;
    std::uint8_t near = 0;
    std::uint8_t far = 0;
    bool is_double() const { return tile.is_double(); }
};

class LayoutTrace {
public:
    void clear() {
        posed_ = false;
        plays_.clear();
    }
    // The pose: a on the left, b on the right (a spinner: the double).
    void pose(int a, int b) {
        clear();
        posed_ = true;
        left_ = static_cast<std::uint8_t>(a);
        right_ = static_cast<std::uint8_t>(b);
    }
    // t played at e on `before`, the layout before the play (e must fit).
    void play(const Layout& before, Tile t, End e) {
        const int near = before.end_value(e);
        plays_.push_back(
            {e, {t, static_cast<std::uint8_t>(near), static_cast<std::uint8_t>(t.other(near))}});
    }

    bool posed() const { return posed_; }
    Tile pose_tile() const { return Tile(left_, right_); }
    int pose_left() const { return left_; }
    int pose_right() const { return right_; }
    // The tiles on end e, from the pose outwards.
    std::vector<Placed> arm(End e) const {
        std::vector<Placed> out;
        for (const auto& p : plays_)
            if (p.end == e) out.push_back(p.placed);
        return out;
    }
    // Tiles on the table, the pose included.
    int tiles() const { return posed_ ? 1 + static_cast<int>(plays_.size()) : 0; }

private:
    struct Play {
        End end;
        Placed placed;
    };
    bool posed_ = false;
    std::uint8_t left_ = 0, right_ = 0;
    std::vector<Play> plays_;
};

}  // namespace pips
