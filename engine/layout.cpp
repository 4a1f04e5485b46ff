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

TileSet Layout::spinner_fit_mask(End e) const {
    if (is_line_end(e)) return {};
    const Arm& a = arms_[arm(e)];
    TileSet m;
    if (!all_arms_used()) {
        if (!a.used) m = TileSet::carrying(spinner_);
    } else if (on_.contains(Tile(a.end, a.end))) {
        m = TileSet::carrying(a.end);
    } else {
        m.insert(Tile(a.end, a.end));
    }
    return (m & set_) - on_;
}

Layout::Ends Layout::spinner_fitting(Tile t) const {
    Ends out;
    for (End e : {End::N, End::E, End::S, End::W})
        if (spinner_fit_mask(e).contains(t)) out.e[static_cast<std::size_t>(out.n++)] = e;
    return out;
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
}

bool Layout::same_result(Tile t, End e1, End e2, bool count_doubles) const {
    if (e1 == e2) return true;
    if (kind_ == LayoutKind::line) {
        // The two ends after playing t at L and at R, as (number, double there).
        auto key = [&](int v, bool dbl) { return v * 2 + (count_doubles && dbl ? 1 : 0); };
        const int at_l[2] = {key(t.other(end_[0]), t.is_double()), key(end_[1], dbl_[1])};
        const int at_r[2] = {key(end_[0], dbl_[0]), key(t.other(end_[1]), t.is_double())};
        return std::minmax(at_l[0], at_l[1]) == std::minmax(at_r[0], at_r[1]);
    }
    Layout x = *this, y = *this;
    x.play(t, e1);
    y.play(t, e2);
    auto key = [](const Layout& l) {
        std::array<int, 4> k{};
        for (std::size_t i = 0; i < 4; ++i) k[i] = l.arms_[i].used ? l.arms_[i].end : -1;
        std::sort(k.begin(), k.end());
        return k;
    };
    return key(x) == key(y);
}

int Layout::open_total() const {
    if (empty() || kind_ != LayoutKind::line) return 0;
    if (tiles_ == 1) {
        Tile t = on_.first();
        return t.pips();
    }
    int s = 0;
    for (int i = 0; i < 2; ++i) s += dbl_[i] ? 2 * end_[i] : end_[i];
    return s;
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
