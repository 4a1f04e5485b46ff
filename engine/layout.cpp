#include "engine/layout.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace pips {

char end_letter(End e) {
    return "LRNESW"[static_cast<int>(e)];
}
void Layout::pose(int a, int b) {
    Tile t(a, b);
    on_.insert(t);
    tiles_ = 1;
    ++count_[a];
    ++count_[b];
    if (kind_ == LayoutKind::line) {
        end_ = {static_cast<std::uint8_t>(a), static_cast<std::uint8_t>(b)};
        dbl_ = {t.is_double(), t.is_double()};
    } else {
        spinner_ = a;
        // An empty arm shows the spinner (end_value): kept in its end, so
        // that a play reads what it covers without a branch on `used`.
        for (Arm& arm : arms_) arm.end = static_cast<std::uint8_t>(a);
        spinner_refresh();
    }
}

std::vector<End> Layout::ends() const {
    if (empty()) return {};
    if (kind_ == LayoutKind::line) return {End::L, End::R};
    return {End::N, End::E, End::S, End::W};
}

bool Layout::arm_closed(End e) const {
    const Arm& a = arms_[arm(e)];
    return a.used && !on_.contains(Tile(a.end, a.end));
}

namespace {
// The bit of v-v in a tile mask.
constexpr std::array<std::uint32_t, 7> kDoubleBit = [] {
    std::array<std::uint32_t, 7> d{};
    for (int v = 0; v <= 6; ++v) d[static_cast<std::size_t>(v)] = 1u << Tile(v, v).index();
    return d;
}();
// For each set of arms (bit i: arm i, N E S W) that take a tile: those ends
// in order, packed as Layout::Ends::of takes them, and how many.
struct ArmEnds {
    std::uint32_t packed = 0;
    int n = 0;
};
constexpr std::array<ArmEnds, 16> kArmEnds = [] {
    std::array<ArmEnds, 16> t{};
    for (std::uint32_t m = 0; m < 16; ++m)
        for (std::uint32_t i = 0; i < 4; ++i)
            if ((m >> i) & 1u) {
                t[m].packed |= (static_cast<std::uint32_t>(End::N) + i) << (8 * t[m].n);
                ++t[m].n;
            }
    return t;
}();
}  // namespace

void Layout::spinner_refresh() {
    // Until all four arms are used only the empty arms take a tile, one
    // carrying the spinner; then an arm showing v takes v-v, and once v-v is
    // down any tile carrying v. Worked out for every arm both ways and picked
    // by masks, not branches: which arms are used and which doubles are down
    // change from play to play (the branches were mispredicted).
    const std::uint32_t on = on_.bits();
    const std::uint32_t set = set_.bits();
    for (std::size_t v = 0; v < value_fit_.size(); ++v) {
        const std::uint32_t d = kDoubleBit[v];
        const std::uint32_t down = mask_of((on & d) != 0);
        value_fit_[v] = TileSet::from_bits(
            ((TileSet::carrying(static_cast<int>(v)).bits() & down) | (d & ~down)) & set);
    }
    const std::uint32_t all_used = mask_of((bit_of(arms_[0].used) & bit_of(arms_[1].used) &
                                            bit_of(arms_[2].used) & bit_of(arms_[3].used)) != 0);
    const std::uint32_t carries_spinner = TileSet::carrying(spinner_).bits();
    std::uint32_t all = 0;
    for (std::size_t i = 0; i < 4; ++i) {
        const std::uint32_t full = value_fit_[arms_[i].end].bits();
        const std::uint32_t empty = carries_spinner & mask_of(!arms_[i].used);
        const std::uint32_t m = ((full & all_used) | (empty & ~all_used)) & set;
        arm_fit_[i] = TileSet::from_bits(m);
        all |= m;
    }
    spinner_fit_all_ = TileSet::from_bits(all);
}

Layout::Ends Layout::spinner_fitting(Tile t) const {
    const unsigned m = arms_taking(t.index());
    return Ends::of(kArmEnds[m].packed, kArmEnds[m].n);
}

std::vector<End> Layout::fitting_ends(Tile t) const {
    Ends f = fitting(t);
    return std::vector<End>(f.begin(), f.end());
}

void Layout::spinner_play(Tile t, End e) {
    const std::size_t i = arm(e);
    Arm& a = arms_[i];
    const bool was_used = a.used;
    // The other half of t from what the arm shows (an empty arm shows the
    // spinner), by xor: a branch on which half it is was mispredicted.
    a.end = static_cast<std::uint8_t>(t.hi ^ t.lo ^ a.end);
    a.used = true;
    // A double down: arms showing its number take every tile carrying it
    // (an or of a mask, not a branch on whether t is a double).
    value_fit_[t.hi] |=
        TileSet::from_bits(TileSet::carrying(t.hi).bits() & set_.bits() & mask_of(t.is_double()));
    // What spinner_refresh() would work out, for the arms the play changes.
    // The fourth arm filled: every arm changes rule (once a hand).
    const bool all_used = all_arms_used();
    if (was_used != all_used) {
        spinner_refresh();
        return;
    }
    if (!all_used) {
        // Another arm filled: it takes nothing until all four are used; the
        // empty ones still take what they took.
        arm_fit_[i] = TileSet{};
    } else {
        // Each arm takes what its number's entry says: the arm played at
        // shows a new number, and a double changes what every arm showing
        // its number takes. (All four read anew: fewer steps than working
        // out which arms changed.)
        for (std::size_t k = 0; k < 4; ++k) arm_fit_[k] = value_fit_[arms_[k].end];
    }
    spinner_fit_all_ = arm_fit_[0] | arm_fit_[1] | arm_fit_[2] | arm_fit_[3];
}

bool Layout::hard(End e, Tile* last) const {
    if (kind_ != LayoutKind::line || empty()) return false;
    int v = end_[static_cast<int>(e)];
    TileSet left = (set_ & TileSet::carrying(v)) - on_;
    if (left.size() != 1) return false;
    Tile t = left.first();
    if (t.is_double()) return false;
    if (last) *last = t;
    return true;
}

bool Layout::key_tile(Tile* key) const {
    Tile a, b;
    if (!hard(End::L, &a) || !hard(End::R, &b)) return false;
    if (end_[0] == end_[1] || !(a == b)) return false;
    if (key) *key = a;
    return true;
}

std::string Layout::str() const {
    if (empty()) return "empty";
    std::string s;
    if (kind_ == LayoutKind::line) {
        return fmt::format("L{} R{}", end_[0], end_[1]);
    }
    for (End e : {End::N, End::E, End::S, End::W}) {
        if (!s.empty()) s += ' ';
        s += end_letter(e);
        const Arm& a = arms_[arm(e)];
        if (!a.used) {
            s += '-';
            continue;
        }
        fmt::format_to(std::back_inserter(s), "{}", a.end);
        if (arm_closed(e)) s += '*';
    }
    return s;
}

std::string Layout::check_invariants() const {
    if (on_.size() != tiles_) return "tile count disagrees with tiles on the table";
    if ((on_ - set_).size() != 0) return "a tile outside the set is on the table";
    std::array<int, 7> c{};
    on_.for_each([&](Tile t) {
        ++c[t.hi];
        ++c[t.lo];
    });
    for (int v = 0; v <= 6; ++v)
        if (c[v] != count_[v]) return fmt::format("halves count of {} disagrees", v);
    if (kind_ == LayoutKind::line && !empty() && tiles_ > 1) {
        // Inside the line halves pair up: a number has an odd count exactly when
        // it shows at one end only.
        for (int v = 0; v <= 6; ++v) {
            int want = ((end_[0] == v) + (end_[1] == v)) % 2;
            if (c[v] % 2 != want) return "line ends do not match the tiles";
        }
    }
    if (kind_ == LayoutKind::spinner && !empty()) {
        // What each arm takes, kept up to date play by play, is what working
        // it out anew from the arms gives.
        Layout fresh = *this;
        fresh.spinner_refresh();
        if (fresh.arm_fit_ != arm_fit_ || fresh.spinner_fit_all_ != spinner_fit_all_ ||
            fresh.value_fit_ != value_fit_)
            return "an arm's fit mask disagrees with the arms";
    }
    return {};
}

}  // namespace pips
