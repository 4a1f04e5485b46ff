// The layout: one abstraction with two shapes. A line (two ends, L and R) for
// every rule set but French; a spinner (a posed double with four arms N E S W)
// for French. Both keep the tiles on the table and a count of halves per number.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/tile.hpp"
#include "engine/variant.hpp"

namespace pips {

// Where a tile goes. L/R on a line, N/E/S/W on a spinner.
enum class End : std::uint8_t { L, R, N, E, S, W };
char end_letter(End e);
inline bool is_line_end(End e) {
    return e == End::L || e == End::R;
}

class Layout {
public:
    Layout() = default;
    explicit Layout(LayoutKind kind, TileSet set = TileSet::full()) : kind_(kind), set_(set) {}

    // Back to empty, of the same kind and set: what Layout(kind(), tile_set())
    // is, set member by member (HandState::reset, every hand). Assigning a
    // new Layout built it on the stack in narrow stores and copied it with
    // wide loads, which could not be forwarded from them. Every member but
    // kind_ and set_ must be reset here.
    void clear() {
        on_ = {};
        tiles_ = 0;
        count_ = {};
        end_ = {};
        dbl_ = {};
        spinner_ = -1;
        arms_ = {};
        arm_fit_ = {};
        spinner_fit_all_ = {};
        value_fit_ = {};
    }

    LayoutKind kind() const { return kind_; }
    bool empty() const { return tiles_ == 0; }
    int tiles() const { return tiles_; }
    TileSet on_table() const { return on_; }
    TileSet tile_set() const { return set_; }
    // Halves showing v on the table (a double shows two).
    int count(int v) const { return count_[v]; }

    // The pose: a-b with a on the left and b on the right (spinner: a double).
    void pose(int a, int b);
    // Ends open to play, in the order L R / N E S W.
    std::vector<End> ends() const;
    bool fits(Tile t, End e) const { return fit_mask(e).contains(t); }
    bool fits_anywhere(Tile t) const { return fit_mask().contains(t); }
    // Ends that can take t, in order.
    std::vector<End> fitting_ends(Tile t) const;
    // The same without allocating: at most four ends.
    struct Ends {
        std::array<End, 4> e{};
        int n = 0;
        // Built in registers and stored whole: writing the ends a byte at a
        // time and then copying the struct stalls store-to-load forwarding.
        // `packed` holds e[0] in its low byte.
        static Ends of(std::uint32_t packed, int count) {
            Ends out;
            if constexpr (std::endian::native == std::endian::little) {
                out.e = std::bit_cast<std::array<End, 4>>(packed);
            } else {
                for (std::size_t i = 0; i < 4; ++i)
                    out.e[i] = static_cast<End>((packed >> (8 * i)) & 0xFF);
            }
            out.n = count;
            return out;
        }
        const End* begin() const { return e.data(); }
        const End* end() const { return e.data() + n; }
        bool empty() const { return n == 0; }
        End front() const { return e[0]; }
        std::size_t size() const { return static_cast<std::size_t>(n); }
    };
    Ends fitting(Tile t) const {
        if (empty() || on_.contains(t) || !set_.contains(t)) return Ends{};
        if (kind_ == LayoutKind::line) {
            const bool l = t.carries(end_[0]), r = t.carries(end_[1]);
            // L and R when both fit, else the one that does first.
            constexpr auto L = static_cast<std::uint32_t>(End::L);
            constexpr auto R = static_cast<std::uint32_t>(End::R);
            // (Without a branch: which ends a tile fits changes from play to play.)
            return Ends::of((L | R << 8) >> (8 * static_cast<std::uint32_t>(!l)), int{l} + int{r});
        }
        return spinner_fitting(t);
    }
    // The ends of fitting(t) as bits (1 << End), without a branch on the
    // tile (HandState::play_plain).
    unsigned fit_bits(Tile t) const {
        if (empty()) return 0;
        const int x = t.index();
        const unsigned off = ((set_ - on_).bits() >> x) & 1u;
        unsigned bits;
        if (kind_ == LayoutKind::line) {
            bits = (bit_of(t.hi == end_[0]) | bit_of(t.lo == end_[0])) |
                   (bit_of(t.hi == end_[1]) | bit_of(t.lo == end_[1])) << 1;
        } else {
            bits = arms_taking(x) << static_cast<unsigned>(End::N);
        }
        return bits & mask_of(off != 0);
    }
    // Plays t at e; e must fit.
    void play(Tile t, End e) {
        on_.insert(t);
        ++tiles_;
        ++count_[t.hi];
        ++count_[t.lo];
        if (kind_ == LayoutKind::line) {
            const auto i = static_cast<std::size_t>(e);
            // The other half, t carrying the end's number: by xor, not a
            // branch on which half that is (it changes from play to play).
            end_[i] = static_cast<std::uint8_t>(t.hi ^ t.lo ^ end_[i]);
            dbl_[i] = t.is_double();
        } else {
            spinner_play(t, e);
        }
    }
    // Whether playing t at e1 and at e2 leaves the same position (DGN: the end may
    // then be left out). `count_doubles` adds the doubles at the ends to what a
    // position is (fives-threes).
    bool same_result(Tile t, End e1, End e2, bool count_doubles) const {
        if (e1 == e2) return true;
        if (kind_ != LayoutKind::line) return spinner_same_result(t, e1, e2);
        // The two ends after playing t at L and at R, as (number, double there).
        auto key = [&](int v, bool dbl) { return v * 2 + (count_doubles && dbl ? 1 : 0); };
        const int at_l[2] = {key(t.other(end_[0]), t.is_double()), key(end_[1], dbl_[1])};
        const int at_r[2] = {key(end_[0], dbl_[0]), key(t.other(end_[1]), t.is_double())};
        return std::minmax(at_l[0], at_l[1]) == std::minmax(at_r[0], at_r[1]);
    }

    // Line: whether a tile that fits both ends leaves the same position at
    // each, which is same_result(t, L, R, count_doubles) for such a tile
    // without the tile: the two ends show one number (a tile joining two
    // numbers makes a different line at each end) and, where doubles count,
    // both or neither is a double. Without a branch: the replay asks it on
    // every play.
    bool line_ends_alike(bool count_doubles) const {
        const auto bit = [](bool b) { return static_cast<unsigned>(b); };
        return (bit(end_[0] == end_[1]) & (bit(!count_doubles) | bit(dbl_[0] == dbl_[1]))) != 0;
    }

    // Line: the number an end shows, and whether a double sits crosswise there
    // (never at N, E, S or W).
    int end_value(End e) const {
        if (kind_ == LayoutKind::line) return end_[static_cast<std::size_t>(e) & 1];
        if (is_line_end(e)) return spinner_;
        const Arm& a = arms_[arm(e)];
        return a.used ? a.end : spinner_;
    }
    bool double_at(End e) const {
        return kind_ == LayoutKind::line && is_line_end(e) && dbl_[static_cast<std::size_t>(e)];
    }
    // Spinner
    int spinner() const { return spinner_; }
    bool arm_used(End e) const { return arms_[arm(e)].used; }
    // An arm showing v is closed to all but v-v until v-v is on the table.
    bool arm_closed(End e) const;

    // Sum of the open ends, fives-threes style: a double at an end counts both
    // halves; a lone tile counts both halves.
    int open_total() const {
        if (empty() || kind_ != LayoutKind::line) return 0;
        if (tiles_ == 1) return on_.first().pips();
        // A double at an end counts twice (a shift, not a branch on it).
        return (end_[0] << int{dbl_[0]}) + (end_[1] << int{dbl_[1]});
    }

    // Line only. A hard end shows v where exactly one tile of the set carrying
    // v is off the table, and that tile is not v-v. Returns that tile.
    bool hard(End e, Tile* last = nullptr) const;
    // Both ends hard with different numbers and the one tile left for each is
    // the same tile: the key tile.
    bool key_tile(Tile* key = nullptr) const;
    // Line only: whether t, just played, was the key tile before it was
    // played (key_tile() then named t). Asked after the play: both ends now
    // show one number, t joins it to another, and no tile carrying either
    // is left off the table. (Before the play the two ends showed t's two
    // numbers and t was the one tile off the table carrying each.)
    bool was_key_tile(Tile t) const {
        return !t.is_double() && end_[0] == end_[1] && t.carries(end_[0]) &&
               (((TileSet::carrying(t.hi) | TileSet::carrying(t.lo)) & set_) - on_).empty();
    }

    // Tiles of `s` that fit somewhere.
    TileSet playable(TileSet s) const { return s & fit_mask(); }
    // Every tile off the table that fits end e / any end (no allocation: the
    // replay asks this after every move).
    TileSet fit_mask(End e) const {
        if (empty()) return {};
        if (kind_ == LayoutKind::line) {
            if (!is_line_end(e)) return {};
            return (TileSet::carrying(end_[static_cast<std::size_t>(e)]) & set_) - on_;
        }
        return spinner_fit_mask(e);
    }
    TileSet fit_mask() const {
        if (empty()) return {};
        if (kind_ == LayoutKind::line)
            return ((TileSet::carrying(end_[0]) | TileSet::carrying(end_[1])) & set_) - on_;
        return spinner_fit_all_ - on_;
    }

    std::string str() const;  // "L5 R3" / "N0 E- S3* W1"
    // Invariants: tile count, halves count, ends consistent. Empty string if ok.
    std::string check_invariants() const;

private:
    static std::size_t arm(End e) {
        return static_cast<std::size_t>(e) - static_cast<std::size_t>(End::N);
    }
    TileSet spinner_fit_mask(End e) const {
        return is_line_end(e) ? TileSet{} : arm_fit_[arm(e)] - on_;
    }
    Ends spinner_fitting(Tile t) const;
    // A comparison as a number (1 or 0) and as a mask (every bit or none),
    // for the steps written without branches: which way it goes changes
    // from play to play, and a branch on it was mispredicted.
    static constexpr std::uint32_t bit_of(bool b) { return static_cast<std::uint32_t>(b); }
    static constexpr std::uint32_t mask_of(bool b) { return 0u - bit_of(b); }
    // The arms whose masks hold tile index x, as bits (N first).
    unsigned arms_taking(int x) const {
        return ((arm_fit_[0].bits() >> x) & 1u) | ((arm_fit_[1].bits() >> x) & 1u) << 1 |
               ((arm_fit_[2].bits() >> x) & 1u) << 2 | ((arm_fit_[3].bits() >> x) & 1u) << 3;
    }
    // (In the header: play_plain asks it whenever a tile fits two arms and
    // no end is written.)
    bool spinner_same_result(Tile t, End e1, End e2) const {
        // Playing t at arm i replaces what it shows, a (-1: empty), by n. The
        // arms, as a multiset, come out the same from arms i and j exactly when
        // {n_i, a_j} = {n_j, a_i}.
        const Arm& x = arms_[arm(e1)];
        const Arm& y = arms_[arm(e2)];
        const int a1 = x.used ? x.end : -1, a2 = y.used ? y.end : -1;
        const int n1 = t.other(x.end), n2 = t.other(y.end);  // (an empty arm's end: the spinner)
        return (n1 == n2 && a1 == a2) || (n1 == a1 && n2 == a2);
    }
    void spinner_play(Tile t, End e);
    // Works out value_fit_, arm_fit_ and spinner_fit_all_ anew from the
    // tiles on the table and the arms (the pose, the fourth arm filled, and
    // check_invariants).
    void spinner_refresh();
    bool all_arms_used() const {
        return arms_[0].used && arms_[1].used && arms_[2].used && arms_[3].used;
    }
    struct Arm {
        bool used = false;
        std::uint8_t end = 0;  // once posed: the spinner while the arm is empty
    };
    LayoutKind kind_ = LayoutKind::line;
    TileSet set_ = TileSet::full();
    TileSet on_;
    int tiles_ = 0;
    std::array<std::uint8_t, 7> count_{};
    // line
    std::array<std::uint8_t, 2> end_{};
    std::array<bool, 2> dbl_{};
    // spinner
    int spinner_ = -1;
    std::array<Arm, 4> arms_{};
    // What each arm takes now and their union, kept up to date by pose and
    // play (the replay asks after every move). Tiles already on the table
    // are left in, and taken out where the masks are read: a play then
    // changes only the arms it reaches.
    std::array<TileSet, 4> arm_fit_{};
    TileSet spinner_fit_all_;
    // Once all four arms are used, what an arm showing v takes: v-v, or
    // every tile carrying v once v-v is down (kept from the pose on; it
    // changes only when a double goes down). An arm's mask is then the
    // entry of the number it shows.
    std::array<TileSet, 7> value_fit_{};
};

}  // namespace pips
