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

void Layout::spinner_refresh() {
    const bool all_used = all_arms_used();
    TileSet all;
    for (std::size_t i = 0; i < 4; ++i) {
        const Arm& a = arms_[i];
        TileSet m;
        if (!all_used) {
            if (!a.used) m = TileSet::carrying(spinner_);
        } else if (on_.contains(Tile(a.end, a.end))) {
            m = TileSet::carrying(a.end);
        } else {
            m.insert(Tile(a.end, a.end));
        }
        arm_fit_[i] = (m & set_) - on_;
        all |= arm_fit_[i];
    }
    spinner_fit_all_ = all;
}

Layout::Ends Layout::spinner_fitting(Tile t) const {
    std::uint32_t packed = 0;
    int n = 0;
    for (std::size_t i = 0; i < 4; ++i)
        if (arm_fit_[i].contains(t)) {
            packed |= (static_cast<std::uint32_t>(End::N) + static_cast<std::uint32_t>(i))
                      << (8 * n);
            ++n;
        }
    return Ends::of(packed, n);
}

std::vector<End> Layout::fitting_ends(Tile t) const {
    Ends f = fitting(t);
    return std::vector<End>(f.begin(), f.end());
}

void Layout::spinner_play(Tile t, End e) {
    Arm& a = arms_[arm(e)];
    int from = a.used ? a.end : spinner_;
    a.end = static_cast<std::uint8_t>(t.other(from));
    a.used = true;
    spinner_refresh();
}

bool Layout::spinner_same_result(Tile t, End e1, End e2) const {
    // The arms after playing t at e: what each shows (-1: empty), sorted.
    auto key = [&](End e) {
        std::array<int, 4> k{};
        for (std::size_t i = 0; i < 4; ++i) k[i] = arms_[i].used ? arms_[i].end : -1;
        const std::size_t i = arm(e);
        k[i] = t.other(arms_[i].used ? arms_[i].end : spinner_);
        std::sort(k.begin(), k.end());
        return k;
    };
    return key(e1) == key(e2);
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
    return {};
}

}  // namespace pips
