// The layout's quick answers (the spinner's fit masks kept up to date by
// pose and play, `fitting` built whole, `fit_bits`, `same_result` and
// `line_ends_alike` without playing on copies, `was_key_tile` after the
// play) against answers worked out from the layout's public state after
// every move of random hands on a line and on a spinner.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <vector>

#include "engine/layout.hpp"

namespace pips {
namespace {

const std::array<End, 2> kLine = {End::L, End::R};
const std::array<End, 4> kArms = {End::N, End::E, End::S, End::W};

// What end e takes, from the rules: a line end takes the tiles carrying its
// number; a spinner arm takes tiles carrying the spinner while an arm is
// empty (and then only the empty arms), afterwards the tiles carrying its
// end once that end's double is down, and only the double before.
TileSet reference_fit(const Layout& l, End e) {
    if (l.empty()) return {};
    TileSet m;
    if (l.kind() == LayoutKind::line) {
        if (!is_line_end(e)) return {};
        m = TileSet::carrying(l.end_value(e));
    } else {
        if (is_line_end(e)) return {};
        bool all_used = true;
        for (End a : kArms) all_used = all_used && l.arm_used(a);
        const int v = l.end_value(e);
        if (!all_used) {
            if (!l.arm_used(e)) m = TileSet::carrying(l.spinner());
        } else if (l.on_table().contains(Tile(v, v))) {
            m = TileSet::carrying(v);
        } else {
            m.insert(Tile(v, v));
        }
    }
    return (m & l.tile_set()) - l.on_table();
}

// What a position is for same_result: the line's ends (with the doubles
// there when they count), or the spinner's arms, sorted.
std::vector<int> position_key(const Layout& l, bool count_doubles) {
    std::vector<int> k;
    if (l.kind() == LayoutKind::line) {
        for (End e : kLine)
            k.push_back(l.end_value(e) * 2 + (count_doubles && l.double_at(e) ? 1 : 0));
    } else {
        for (End e : kArms) k.push_back(l.arm_used(e) ? l.end_value(e) : -1);
    }
    std::sort(k.begin(), k.end());
    return k;
}

int reference_open_total(const Layout& l) {
    if (l.empty() || l.kind() != LayoutKind::line) return 0;
    if (l.tiles() == 1) return l.on_table().pips();
    int s = 0;
    for (End e : kLine) s += l.double_at(e) ? 2 * l.end_value(e) : l.end_value(e);
    return s;
}

void check_layout(const Layout& l) {
    const bool line = l.kind() == LayoutKind::line;
    TileSet all;
    for (End e : {End::L, End::R, End::N, End::E, End::S, End::W}) {
        RC_ASSERT(l.fit_mask(e) == reference_fit(l, e));
        all |= reference_fit(l, e);
    }
    RC_ASSERT(l.fit_mask() == all);
    RC_ASSERT(l.open_total() == reference_open_total(l));
    for (int i = 0; i < kTiles; ++i) {
        const Tile t = Tile::from_index(i);
        std::vector<End> want;
        unsigned want_bits = 0;
        for (End e : {End::L, End::R, End::N, End::E, End::S, End::W})
            if (reference_fit(l, e).contains(t)) {
                want.push_back(e);
                want_bits |= 1u << static_cast<unsigned>(e);
            }
        RC_ASSERT(l.fit_bits(t) == want_bits);
        // A line's key tile, judged after the play (as the replay judges a
        // seat's last tile): what key_tile() said before it.
        if (line)
            for (End e : want) {
                Layout x = l;
                x.play(t, e);
                Tile key;
                const bool was = l.key_tile(&key) && key == t;
                RC_ASSERT(x.was_key_tile(t) == was);
                RC_CLASSIFY(was, "a key tile played");
            }
        const Layout::Ends got = l.fitting(t);
        RC_ASSERT(std::vector<End>(got.begin(), got.end()) == want);
        RC_ASSERT(got.size() == want.size());
        if (!want.empty()) RC_ASSERT(got.front() == want.front());
        for (End e1 : want)
            for (End e2 : want)
                for (bool cd : {false, true}) {
                    Layout x = l, y = l;
                    x.play(t, e1);
                    y.play(t, e2);
                    const bool same = position_key(x, cd && line) == position_key(y, cd && line);
                    RC_ASSERT(l.same_result(t, e1, e2, cd) == same);
                    // A tile fitting both ends of a line: what the replay
                    // asks without the tile.
                    if (line && e1 == End::L && e2 == End::R)
                        RC_ASSERT(l.line_ends_alike(cd) == same);
                }
    }
}

RC_GTEST_PROP(LayoutQuickAnswers, AgreeWithTheRulesAfterEveryMove, (bool spinner, bool subset)) {
    const auto seed = *rc::gen::arbitrary<std::uint32_t>();
    std::mt19937 rng(seed);
    TileSet set = TileSet::full();
    if (subset) set = TileSet::from_bits(rng() & TileSet::full().bits());
    // The pose: a tile of the set (a double on a spinner).
    std::vector<Tile> poses;
    set.for_each([&](Tile t) {
        if (!spinner || t.is_double()) poses.push_back(t);
    });
    RC_PRE(!poses.empty());
    Layout l(spinner ? LayoutKind::spinner : LayoutKind::line, set);
    check_layout(l);
    const Tile p = poses[rng() % poses.size()];
    const bool flip = (rng() & 1) != 0;
    l.pose(flip ? p.lo : p.hi, flip ? p.hi : p.lo);
    std::vector<std::pair<Tile, End>> played;
    for (;;) {
        check_layout(l);
        std::vector<std::pair<Tile, End>> moves;
        for (int i = 0; i < kTiles; ++i)
            for (End e : l.fitting(Tile::from_index(i))) moves.push_back({Tile::from_index(i), e});
        if (moves.empty()) break;
        const auto [t, e] = moves[rng() % moves.size()];
        l.play(t, e);
        played.push_back({t, e});
        RC_ASSERT(l.check_invariants().empty());
    }
    // Cleared, the layout is a new one of its kind and set: the same hand
    // played again on it and on a new layout gives the same answers.
    l.clear();
    Layout fresh(l.kind(), set);
    RC_ASSERT(l.empty());
    RC_ASSERT(l.tile_set() == set);
    const auto same = [](const Layout& a, const Layout& b) {
        RC_ASSERT(a.str() == b.str());
        RC_ASSERT(a.on_table() == b.on_table());
        RC_ASSERT(a.tiles() == b.tiles());
        RC_ASSERT(a.fit_mask() == b.fit_mask());
        for (End e : {End::L, End::R, End::N, End::E, End::S, End::W})
            RC_ASSERT(a.fit_mask(e) == b.fit_mask(e));
        RC_ASSERT(a.open_total() == b.open_total());
        RC_ASSERT(a.check_invariants().empty());
    };
    same(l, fresh);
    l.pose(flip ? p.lo : p.hi, flip ? p.hi : p.lo);
    fresh.pose(flip ? p.lo : p.hi, flip ? p.hi : p.lo);
    same(l, fresh);
    for (const auto& [t, e] : played) {
        l.play(t, e);
        fresh.play(t, e);
        same(l, fresh);
    }
    check_layout(l);
}

}  // namespace
}  // namespace pips
