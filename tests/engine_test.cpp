// Unit tests of the engine: tiles, tile sets, the two layouts and HandState.
// Every expected value here is worked out by hand from RULINGS.md and the seeds;
// the positions are built with the engine's public API only.
#include <gtest/gtest.h>

#include <array>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/hand.hpp"
#include "engine/layout.hpp"
#include "engine/tile.hpp"
#include "engine/variant.hpp"
#include "tests/support/chains.hpp"
#include "tests/support/support.hpp"

using namespace pips;

namespace {

Variant variant(RuleSet r, int players, Options o = {}) {
    return test::variant_of(r, players, o);
}

using test::tiles;

TileSet set_of(std::string_view text) {
    TileSet s;
    for (Tile t : tiles(text)) s.insert(t);
    return s;
}

int halves(TileSet s, int v) {
    int n = 0;
    s.for_each([&](Tile t) { n += (t.hi == v) + (t.lo == v); });
    return n;
}

// A line built from a chain of numbers n0 n1 ... nk: the pose n0-n1 (n0 on the
// left), then each tile n(i)-n(i+1) played on the right. The ends are n0 and nk.
// Checks the invariants after every tile.
Layout line(const std::vector<int>& chain, TileSet set = TileSet::full()) {
    Layout l(LayoutKind::line, set);
    l.pose(chain.at(0), chain.at(1));
    EXPECT_EQ(l.check_invariants(), "");
    for (std::size_t i = 1; i + 1 < chain.size(); ++i) {
        Tile t(chain[i], chain[i + 1]);
        EXPECT_TRUE(l.fits(t, End::R)) << t.str() << " at " << l.str();
        l.play(t, End::R);
        EXPECT_EQ(l.check_invariants(), "") << "after " << t.str();
    }
    return l;
}

using test::end_of;

// Replays a script of moves on a hand, asserting that each is accepted and that
// every invariant holds after it. Moves: "A:6-6P" (pose, the first number on the
// left), "B:6-1L" (play at an end), "C:4-2?" (play, end left out), "D:pass",
// "B:draw".
::testing::AssertionResult replay(HandState& h, std::string_view script) {
    std::istringstream in{std::string(script)};
    std::string w;
    while (in >> w) {
        int seat = w.at(0) - 'A';
        std::string m = w.substr(2);
        Step st;
        if (m == "pass") {
            st = h.pass(seat);
        } else if (m == "draw") {
            st = h.draw(seat);
        } else {
            Tile t(m.at(0) - '0', m.at(2) - '0');
            char e = m.at(3);
            if (e == 'P')
                st = h.pose(seat, t, m.at(0) - '0', m.at(2) - '0');
            else if (e == '?')
                st = h.play(seat, t, std::nullopt);
            else
                st = h.play(seat, t, end_of(e));
        }
        if (!st) return ::testing::AssertionFailure() << w << " refused: " << st.why;
        if (std::string e = h.check_invariants(); !e.empty())
            return ::testing::AssertionFailure() << "after " << w << ": " << e;
    }
    return ::testing::AssertionSuccess();
}

using test::deal_chain;
using test::kBlankChain;
using test::kKeyChain;
using test::play_chain;

// ---------------------------------------------------------------- tiles ----

TEST(Tile, IndexRoundTripForAllTwentyEight) {
    std::set<std::pair<int, int>> seen;
    for (int i = 0; i < kTiles; ++i) {
        Tile t = Tile::from_index(i);
        EXPECT_EQ(t.index(), i);
        EXPECT_GE(t.hi, t.lo);
        EXPECT_LE(t.hi, 6);
        EXPECT_EQ(t.index(), t.hi * (t.hi + 1) / 2 + t.lo);
        seen.insert({t.hi, t.lo});
    }
    EXPECT_EQ(seen.size(), 28u);  // every tile of the double-six set, once
    for (int a = 0; a <= 6; ++a)
        for (int b = 0; b <= 6; ++b) EXPECT_EQ(Tile::from_index(Tile(a, b).index()), Tile(b, a));
    EXPECT_EQ(Tile(0, 0).index(), 0);
    EXPECT_EQ(Tile(6, 6).index(), 27);
}

TEST(Tile, NormalisedValue) {
    Tile t(2, 5);
    EXPECT_EQ(t, Tile(5, 2));
    EXPECT_EQ(t.hi, 5);
    EXPECT_EQ(t.lo, 2);
    EXPECT_EQ(t.pips(), 7);
    EXPECT_TRUE(t.carries(2));
    EXPECT_TRUE(t.carries(5));
    EXPECT_FALSE(t.carries(3));
    EXPECT_EQ(t.other(5), 2);
    EXPECT_EQ(t.other(2), 5);
    EXPECT_FALSE(t.is_double());
    EXPECT_TRUE(Tile(4, 4).is_double());
    EXPECT_EQ(Tile(4, 4).other(4), 4);
    EXPECT_EQ(t.str(), "5-2");
}

TEST(TileSet, Operations) {
    TileSet a = set_of("6-6 5-4 0-0");
    TileSet b = set_of("5-4 3-1");
    EXPECT_EQ(a.size(), 3);
    EXPECT_TRUE(a.contains(Tile(4, 5)));
    EXPECT_FALSE(a.contains(Tile(3, 1)));
    EXPECT_EQ((a | b).size(), 4);
    EXPECT_EQ(a & b, set_of("5-4"));
    EXPECT_EQ(a - b, set_of("6-6 0-0"));
    EXPECT_EQ(a.pips(), 21);
    EXPECT_TRUE(a.has_double());
    EXPECT_EQ(a.doubles(), 2);
    EXPECT_FALSE(b.has_double());
    EXPECT_EQ(a.first(), Tile(0, 0));
    EXPECT_EQ(a.str(), "6-6 5-4 0-0");
    TileSet c = a;
    c.erase(Tile(6, 6));
    c |= set_of("2-1");
    EXPECT_EQ(c, set_of("5-4 0-0 2-1"));
    c -= set_of("0-0");
    EXPECT_EQ(c, set_of("5-4 2-1"));
    c &= set_of("2-1 6-6");
    EXPECT_EQ(c, set_of("2-1"));
    EXPECT_TRUE(TileSet().empty());
    EXPECT_EQ(TileSet::full().size(), 28);
    EXPECT_EQ(TileSet::full().pips(), 168);  // 8 halves of each of 0..6
    EXPECT_EQ(TileSet::carrying(3), set_of("3-0 3-1 3-2 3-3 4-3 5-3 6-3"));
    EXPECT_EQ(fitting(a | b, 4, 1), set_of("5-4 3-1"));
    int n = 0;
    a.for_each([&](Tile) { ++n; });
    EXPECT_EQ(n, 3);
}

// A set's pips (read from a table, a quarter of the set at a time) are the
// sum of its tiles' pips, and the size the same lookups give is its size.
TEST(TileSet, PipsAreTheSumOfTheTiles) {
    std::uint32_t x = 0x9E3779B9u;
    for (int n = 0; n < 20000; ++n) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        // Every size from empty to full: keep a random number of low bits too.
        const std::uint32_t bits = (x & ((1u << kTiles) - 1)) >> (n % 29 == 0 ? 28 : n % 7);
        const TileSet s = TileSet::from_bits(bits);
        int sum = 0, count = 0;
        s.for_each([&](Tile t) {
            sum += t.hi + t.lo;
            ++count;
        });
        ASSERT_EQ(s.pips(), sum) << bits;
        ASSERT_EQ(s.size_and_pips(), count * 256 + sum) << bits;
    }
    EXPECT_EQ(TileSet::full().pips(), 168);
    EXPECT_EQ(TileSet::full().size_and_pips(), 28 * 256 + 168);
    EXPECT_EQ(TileSet().pips(), 0);
}

TEST(TileSet, EveryNumberHasEightHalvesInTheFullSet) {
    TileSet full = variant(RuleSet::jamaican, 4).tile_set();
    EXPECT_EQ(full, TileSet::full());
    for (int v = 0; v <= 6; ++v) {
        EXPECT_EQ(halves(full, v), 8) << v;
        EXPECT_EQ(halves(TileSet::carrying(v) - set_of(Tile(v, v).str()), v), 6) << v;
    }
}

TEST(TileSet, ThreePlayerCutthroatHasNoDoubleBlank) {
    TileSet s = variant(RuleSet::cutthroat, 3).tile_set();
    EXPECT_EQ(s.size(), 27);
    EXPECT_FALSE(s.contains(Tile(0, 0)));
    EXPECT_EQ(halves(s, 0), 6);
    for (int v = 1; v <= 6; ++v) EXPECT_EQ(halves(s, v), 8) << v;
    EXPECT_EQ(variant(RuleSet::cutthroat, 3).tiles_per_seat(), 9);
    EXPECT_TRUE(variant(RuleSet::cutthroat, 3).all_dealt());
    EXPECT_EQ(variant(RuleSet::cutthroat, 4).tile_set(), TileSet::full());
    EXPECT_EQ(variant(RuleSet::cutthroat, 2).tile_set(), TileSet::full());
}

// Deal sizes, boneyards and partnerships of every game (RULINGS.md, DGN 5).
TEST(Variant, DealsAndPartnerships) {
    struct Case {
        const char* rules;
        int players;
        const char* options;
        int per_seat, set, boneyard;
        bool partners, all_dealt;
    };
    const std::vector<Case> cases = {
        {"jamaican", 4, "", 7, 28, 0, true, true},
        {"cutthroat", 2, "", 14, 28, 0, false, true},
        {"cutthroat", 2, "draw", 7, 28, 14, false, false},
        {"cutthroat", 3, "", 9, 27, 0, false, true},
        {"cutthroat", 4, "", 7, 28, 0, false, true},
        {"french", 4, "blank-ten", 7, 28, 0, false, true},
        {"chiva", 4, "", 7, 28, 0, true, true},
        {"chiva", 3, "", 7, 28, 7, false, false},
        {"chiva", 2, "", 7, 28, 14, false, false},
        {"quinientos", 4, "bonus capicu", 7, 28, 0, true, true},
        {"fives-threes", 2, "", 7, 28, 0, false, false},  // 14 unused, no draws
        {"fives-threes", 4, "", 6, 28, 0, true, false},   // 4 unused
    };
    for (const auto& c : cases) {
        Variant v;
        auto err = make_variant(c.rules, c.players, c.options, v);
        ASSERT_FALSE(err) << c.rules << " " << c.players << ": " << err->message;
        EXPECT_EQ(v.tiles_per_seat(), c.per_seat) << v.name();
        EXPECT_EQ(v.tile_set().size(), c.set) << v.name();
        EXPECT_EQ(v.draw_game(), c.boneyard > 0) << v.name();
        EXPECT_EQ(v.partnership(), c.partners) << v.name();
        EXPECT_EQ(v.all_dealt(), c.all_dealt) << v.name();
        HandState h(v);
        h.start();
        EXPECT_EQ(h.boneyard(), c.boneyard) << v.name();
    }
    struct Bad {
        const char* rules;
        int players;
        const char* options;
        VariantError::Field field;
    };
    using F = VariantError::Field;
    for (auto b : std::vector<Bad>{{"jamaican", 3, "", F::players},
                                   {"cutthroat", 3, "draw", F::options},
                                   {"cutthroat", 4, "draw", F::options},
                                   {"french", 4, "sporting", F::options},
                                   {"fives-threes", 3, "", F::players},
                                   {"chiva", 5, "", F::players},
                                   {"dominoes", 4, "", F::rules}}) {
        Variant v;
        auto err = make_variant(b.rules, b.players, b.options, v);
        ASSERT_TRUE(err) << b.rules << " " << b.players << " " << b.options;
        EXPECT_EQ(err->field, b.field) << b.rules << " " << b.players << " " << b.options;
    }
}

// ----------------------------------------------------------- line layout ----

TEST(LayoutLine, PoseFitsAndPlay) {
    Layout l(LayoutKind::line);
    EXPECT_TRUE(l.empty());
    EXPECT_TRUE(l.ends().empty());
    EXPECT_FALSE(l.fits(Tile(6, 6), End::L));
    l.pose(6, 4);
    EXPECT_EQ(l.end_value(End::L), 6);
    EXPECT_EQ(l.end_value(End::R), 4);
    EXPECT_EQ(l.ends(), (std::vector<End>{End::L, End::R}));
    EXPECT_EQ(l.count(6), 1);
    EXPECT_EQ(l.count(4), 1);
    EXPECT_TRUE(l.fits(Tile(6, 1), End::L));
    EXPECT_FALSE(l.fits(Tile(6, 1), End::R));
    EXPECT_FALSE(l.fits(Tile(6, 4), End::L));  // already on the table
    EXPECT_FALSE(l.fits(Tile(6, 1), End::N));  // not a line end
    EXPECT_EQ(l.fitting_ends(Tile(4, 6)), std::vector<End>{});
    EXPECT_EQ(l.fitting_ends(Tile(6, 2)), std::vector<End>{End::L});
    EXPECT_EQ(l.fitting_ends(Tile(4, 2)), std::vector<End>{End::R});
    l.play(Tile(4, 4), End::R);
    EXPECT_EQ(l.end_value(End::R), 4);
    EXPECT_TRUE(l.double_at(End::R));
    EXPECT_FALSE(l.double_at(End::L));
    EXPECT_EQ(l.count(4), 3);
    l.play(Tile(6, 2), End::L);
    EXPECT_EQ(l.end_value(End::L), 2);
    EXPECT_EQ(l.tiles(), 3);
    EXPECT_EQ(l.on_table(), set_of("6-4 4-4 6-2"));
    EXPECT_EQ(l.fitting_ends(Tile(4, 2)), (std::vector<End>{End::L, End::R}));
    EXPECT_EQ(l.playable(set_of("4-2 5-5 2-0 6-6")), set_of("4-2 2-0"));
    EXPECT_EQ(l.check_invariants(), "");
}

// Open totals, fives-threes style: a lone tile counts both halves; a double at
// an end counts both halves.
TEST(LayoutLine, OpenTotal) {
    struct Case {
        std::vector<int> chain;
        int total;
    };
    const std::vector<Case> cases = {
        {{5, 5}, 10},          // a posed 5-5 makes 10
        {{6, 4}, 10},          // a lone 6-4 counts both halves
        {{0, 0}, 0},           // a lone 0-0
        {{5, 5, 0}, 10},       // 5-5 still at the left end: 10 + 0
        {{6, 4, 4}, 14},       // 6 + 4-4 at the right: 6 + 8
        {{6, 4, 4, 1}, 7},     // 4-4 no longer at an end: 6 + 1
        {{5, 5, 3, 3}, 16},    // 5-5 and 3-3 at both ends
        {{6, 6, 3}, 15},       // seed 001: 6-6 at one end and a three
        {{6, 6, 4, 4}, 20},    // seed 001: 6-6 and 4-4 for 20
        {{3, 2, 0, 1, 3}, 6},  // plain ends 3 and 3
    };
    for (const auto& c : cases) {
        Layout l = line(c.chain);
        EXPECT_EQ(l.open_total(), c.total) << l.str();
    }
    Layout l(LayoutKind::line);
    EXPECT_EQ(l.open_total(), 0);
}

TEST(LayoutLine, SameResultWhenBothEndsShowTheSameNumber) {
    Layout l = line({3, 1, 0, 3});  // ends 3 and 3, no doubles
    ASSERT_EQ(l.fitting_ends(Tile(3, 5)), (std::vector<End>{End::L, End::R}));
    EXPECT_TRUE(l.same_result(Tile(3, 5), End::L, End::R, false));
    EXPECT_TRUE(l.same_result(Tile(3, 5), End::L, End::R, true));
    EXPECT_TRUE(l.same_result(Tile(3, 3), End::L, End::R, true));
}

TEST(LayoutLine, DifferentResultWhenEndsDiffer) {
    Layout l = line({3, 1, 0, 5});  // ends 3 and 5
    EXPECT_FALSE(l.same_result(Tile(3, 5), End::L, End::R, false));
    EXPECT_FALSE(l.same_result(Tile(3, 5), End::L, End::R, true));
}

TEST(LayoutLine, DoubleAtOneEndDiffersOnlyInFivesThrees) {
    Layout l = line({3, 3, 1, 0, 3});  // 3-3 at the left end, a plain 3 at the right
    ASSERT_TRUE(l.double_at(End::L));
    ASSERT_FALSE(l.double_at(End::R));
    ASSERT_EQ(l.open_total(), 9);
    // 3-5 at L leaves 5 + 3 = 8; at R it leaves 3-3 (6) + 5 = 11.
    EXPECT_FALSE(l.same_result(Tile(3, 5), End::L, End::R, true));
    EXPECT_TRUE(l.same_result(Tile(3, 5), End::L, End::R, false));
    // The posed double at both ends: the other end keeps it either way.
    Layout p = line({4, 4});
    EXPECT_TRUE(p.same_result(Tile(4, 2), End::L, End::R, true));
}

// Seed 000: "the 6 on the right is a hard end where only the [6-2] can be played".
TEST(LayoutLine, HardEndSeedExample) {
    Layout l = line({3, 6, 0, 5, 6, 6, 4, 1, 6});
    ASSERT_EQ(l.end_value(End::L), 3);
    ASSERT_EQ(l.end_value(End::R), 6);
    EXPECT_EQ(l.count(6), 7);  // "this number appears seven times on the layout"
    Tile last;
    EXPECT_TRUE(l.hard(End::R, &last));
    EXPECT_EQ(last, Tile(6, 2));
    EXPECT_FALSE(l.hard(End::L));  // six 3s are still off the table
    EXPECT_FALSE(l.key_tile());
    // Of all the tiles off the table, only 6-2 goes on the right.
    TileSet rest = TileSet::full() - l.on_table();
    TileSet right;
    rest.for_each([&](Tile t) {
        if (l.fits(t, End::R)) right.insert(t);
    });
    EXPECT_EQ(right, set_of("6-2"));
}

TEST(LayoutLine, KeyTile) {
    Layout l = line(kKeyChain);
    ASSERT_EQ(l.end_value(End::L), 2);
    ASSERT_EQ(l.end_value(End::R), 6);
    Tile a, b, key;
    EXPECT_TRUE(l.hard(End::L, &a));
    EXPECT_TRUE(l.hard(End::R, &b));
    EXPECT_EQ(a, Tile(6, 2));
    EXPECT_EQ(b, Tile(6, 2));
    EXPECT_TRUE(l.key_tile(&key));
    EXPECT_EQ(key, Tile(6, 2));
    // It is the only tile anyone can still play.
    EXPECT_EQ(l.playable(TileSet::full() - l.on_table()), set_of("6-2"));
}

TEST(LayoutLine, OnlyTheDoubleLeftIsNoKeyTile) {
    Layout l = line({3, 0, 1, 3, 2, 4, 3, 5, 6, 3});  // ends 3 and 3, only 3-3 left
    ASSERT_EQ(l.end_value(End::L), 3);
    ASSERT_EQ(l.end_value(End::R), 3);
    EXPECT_EQ(l.playable(TileSet::full() - l.on_table()), set_of("3-3"));
    EXPECT_FALSE(l.hard(End::L));
    EXPECT_FALSE(l.hard(End::R));
    EXPECT_FALSE(l.key_tile());
    // Same with the blank chain: 0-0 is the only playable tile, not a key tile.
    Layout z = line(kBlankChain);
    EXPECT_EQ(z.playable(TileSet::full() - z.on_table()), set_of("0-0"));
    EXPECT_FALSE(z.key_tile());
}

TEST(LayoutLine, HardEndsWithDifferentLastTilesAreNoKey) {
    // Left: 3s all placed but 3-1; right: 6s all placed but 6-2.
    Layout l = line({3, 0, 6, 6, 4, 3, 3, 5, 6, 1, 4, 2, 3, 6});
    ASSERT_EQ(l.end_value(End::L), 3);
    ASSERT_EQ(l.end_value(End::R), 6);
    Tile a, b;
    ASSERT_TRUE(l.hard(End::L, &a));
    ASSERT_TRUE(l.hard(End::R, &b));
    EXPECT_EQ(a, Tile(3, 1));
    EXPECT_EQ(b, Tile(6, 2));
    EXPECT_FALSE(l.key_tile());
}

TEST(LayoutLine, HardEndCountsTheSetInUse) {
    // 3-player cutthroat has no 0-0: with 0-1..0-5 placed, a 0 end is hard
    // (0 shows only five times on the layout).
    const std::vector<int> chain = {0, 1, 2, 0, 3, 4, 0, 5};
    Layout cut = line(chain, variant(RuleSet::cutthroat, 3).tile_set());
    Tile last;
    EXPECT_EQ(cut.count(0), 5);
    EXPECT_TRUE(cut.hard(End::L, &last));
    EXPECT_EQ(last, Tile(6, 0));
    Layout full = line(chain);
    EXPECT_FALSE(full.hard(End::L));  // 0-0 and 0-6 are both left
}

TEST(LayoutLine, InvariantsHoldAfterEveryPlayOfALongLine) {
    // line() checks after each tile; also check the halves at the end.
    Layout l = line(kKeyChain);
    EXPECT_EQ(l.tiles(), 24);
    for (int v = 0; v <= 6; ++v) EXPECT_EQ(l.count(v), halves(l.on_table(), v)) << v;
    l.play(Tile(6, 2), End::L);
    EXPECT_EQ(l.check_invariants(), "");
    EXPECT_EQ(l.end_value(End::L), 6);
    EXPECT_EQ(l.end_value(End::R), 6);
}

// -------------------------------------------------------- spinner layout ----

TEST(LayoutSpinner, OnlySpinnerTilesOntoEmptyArmsUntilAllFourHoldATile) {
    Layout l(LayoutKind::spinner);
    l.pose(0, 0);
    EXPECT_EQ(l.spinner(), 0);
    EXPECT_EQ(l.ends(), (std::vector<End>{End::N, End::E, End::S, End::W}));
    EXPECT_EQ(l.fitting_ends(Tile(0, 3)), (std::vector<End>{End::N, End::E, End::S, End::W}));
    EXPECT_FALSE(l.fits(Tile(3, 4), End::N));
    EXPECT_FALSE(l.fits(Tile(0, 3), End::L));
    l.play(Tile(0, 1), End::N);
    EXPECT_TRUE(l.arm_used(End::N));
    EXPECT_EQ(l.end_value(End::N), 1);
    EXPECT_TRUE(l.arm_closed(End::N));
    // N is used: 0-tiles go to the empty arms only, and N takes nothing yet,
    // not even its double.
    EXPECT_EQ(l.fitting_ends(Tile(0, 2)), (std::vector<End>{End::E, End::S, End::W}));
    EXPECT_FALSE(l.fits(Tile(1, 1), End::N));
    EXPECT_FALSE(l.fits(Tile(1, 5), End::N));
    l.play(Tile(0, 2), End::E);
    l.play(Tile(0, 3), End::S);
    EXPECT_FALSE(l.fits(Tile(1, 1), End::N));
    EXPECT_EQ(l.fitting_ends(Tile(0, 5)), std::vector<End>{End::W});
    l.play(Tile(0, 4), End::W);
    EXPECT_EQ(l.check_invariants(), "");
    // All four arms hold a tile: 0-5 has nowhere to go (no arm shows 0).
    EXPECT_FALSE(l.fits_anywhere(Tile(0, 5)));
    EXPECT_EQ(l.str(), "N1* E2* S3* W4*");
}

TEST(LayoutSpinner, ClosedArmTakesOnlyItsDoubleThenAnyTileOfItsNumber) {
    Layout l(LayoutKind::spinner);
    l.pose(0, 0);
    l.play(Tile(0, 1), End::N);
    l.play(Tile(0, 2), End::E);
    l.play(Tile(0, 3), End::S);
    l.play(Tile(0, 4), End::W);
    EXPECT_TRUE(l.fits(Tile(1, 1), End::N));
    EXPECT_FALSE(l.fits(Tile(1, 1), End::E));
    EXPECT_FALSE(l.fits(Tile(1, 5), End::N));
    EXPECT_FALSE(l.fits(Tile(1, 2), End::N));
    EXPECT_FALSE(l.fits(Tile(1, 2), End::E));
    l.play(Tile(1, 1), End::N);
    EXPECT_EQ(l.end_value(End::N), 1);  // a double leaves the arm showing its number
    EXPECT_FALSE(l.arm_closed(End::N));
    EXPECT_TRUE(l.fits(Tile(1, 5), End::N));
    EXPECT_TRUE(l.fits(Tile(1, 2), End::N));
    EXPECT_FALSE(l.fits(Tile(1, 2), End::E));  // E still waits for 2-2
    EXPECT_FALSE(l.fits(Tile(3, 5), End::S));
    EXPECT_EQ(l.check_invariants(), "");
}

TEST(LayoutSpinner, DoubleAnywhereOnTheTableOpensTheArm) {
    Layout l(LayoutKind::spinner);
    l.pose(0, 0);
    l.play(Tile(0, 1), End::N);
    l.play(Tile(0, 2), End::E);
    l.play(Tile(0, 3), End::S);
    l.play(Tile(0, 4), End::W);
    l.play(Tile(1, 1), End::N);
    l.play(Tile(2, 2), End::E);
    l.play(Tile(2, 1), End::E);  // E now shows 1, and 1-1 is already down on N
    EXPECT_EQ(l.end_value(End::E), 1);
    EXPECT_FALSE(l.arm_closed(End::E));
    EXPECT_TRUE(l.fits(Tile(1, 5), End::E));
    EXPECT_EQ(l.fitting_ends(Tile(1, 5)), (std::vector<End>{End::N, End::E}));
    // A number whose double is not down yet closes the arm it shows on.
    l.play(Tile(1, 5), End::N);
    EXPECT_TRUE(l.arm_closed(End::N));
    EXPECT_FALSE(l.fits(Tile(5, 6), End::N));
    EXPECT_TRUE(l.fits(Tile(5, 5), End::N));
    EXPECT_EQ(l.check_invariants(), "");
    EXPECT_EQ(l.count(1), 5);
}

TEST(LayoutSpinner, SameResult) {
    Layout l(LayoutKind::spinner);
    l.pose(0, 0);
    // Empty arms are alike.
    EXPECT_TRUE(l.same_result(Tile(0, 5), End::N, End::W, false));
    l.play(Tile(0, 3), End::N);
    EXPECT_TRUE(l.same_result(Tile(0, 5), End::E, End::S, false));
    l.play(Tile(0, 1), End::E);
    l.play(Tile(0, 2), End::S);
    l.play(Tile(0, 4), End::W);
    l.play(Tile(1, 1), End::E);
    l.play(Tile(2, 2), End::S);
    // 1-2 on E leaves arms 3 2 2 4; on S it leaves 3 1 1 4.
    ASSERT_EQ(l.fitting_ends(Tile(2, 1)), (std::vector<End>{End::E, End::S}));
    EXPECT_FALSE(l.same_result(Tile(2, 1), End::E, End::S, false));
    l.play(Tile(2, 1), End::S);  // S shows 1 too
    ASSERT_EQ(l.fitting_ends(Tile(1, 5)), (std::vector<End>{End::E, End::S}));
    EXPECT_TRUE(l.same_result(Tile(1, 5), End::E, End::S, false));
}

// ----------------------------------------------------------------- deals ----

TEST(HandDeal, Validation) {
    HandState h(variant(RuleSet::jamaican, 4));
    Step s = h.deal(0, tiles("6-6 6-5 6-4 6-3 6-2 6-1"));
    EXPECT_EQ(s.fault, Fault::bad_deal);
    EXPECT_NE(s.why.find("6"), std::string::npos);
    s = h.deal(0, tiles("6-6 6-5 6-4 6-3 6-2 6-1 6-0 5-5"));
    EXPECT_EQ(s.fault, Fault::bad_deal);
    s = h.deal(0, tiles("6-6 6-5 6-4 6-3 6-2 6-1 5-6"));  // 6-5 twice
    EXPECT_EQ(s.fault, Fault::bad_deal);
    EXPECT_NE(s.why.find("6-5"), std::string::npos);
    EXPECT_FALSE(h.seat(0).dealt);
    ASSERT_TRUE(h.deal(0, tiles("6-6 6-5 6-4 6-3 6-2 6-1 6-0")));
    EXPECT_TRUE(h.seat(0).dealt);
    EXPECT_EQ(h.seat(0).count, 7);
    s = h.deal(1, tiles("5-5 5-4 5-3 5-2 5-1 5-0 6-0"));  // 6-0 is A's
    EXPECT_EQ(s.fault, Fault::bad_deal);
    EXPECT_NE(s.why.find("6-0"), std::string::npos);
    s = h.deal(0, tiles("5-5 5-4 5-3 5-2 5-1 5-0 4-4"));  // A dealt twice
    EXPECT_EQ(s.fault, Fault::bad_deal);

    HandState cut(variant(RuleSet::cutthroat, 3));
    s = cut.deal(0, tiles("0-0 6-5 6-4 6-3 6-2 6-1 6-0 5-5 5-4"));
    EXPECT_EQ(s.fault, Fault::bad_deal);
    EXPECT_NE(s.why.find("0-0"), std::string::npos);
    EXPECT_TRUE(cut.deal(0, tiles("6-6 6-5 6-4 6-3 6-2 6-1 6-0 5-5 5-4")));
}

TEST(HandDeal, StartInfersTheOneMissingDealWhenAllTilesAreDealt) {
    HandState h(variant(RuleSet::jamaican, 4));
    ASSERT_TRUE(h.deal(0, tiles("6-6 6-5 6-4 6-3 6-2 6-1 6-0")));
    ASSERT_TRUE(h.deal(1, tiles("5-5 5-4 5-3 5-2 5-1 5-0 4-4")));
    ASSERT_TRUE(h.deal(3, tiles("4-3 4-2 4-1 4-0 3-3 3-2 3-1")));
    h.start();
    EXPECT_TRUE(h.seat(2).dealt);
    EXPECT_EQ(h.seat(2).known, set_of("3-0 2-2 2-1 2-0 1-1 1-0 0-0"));
    EXPECT_EQ(h.seat(2).count, 7);
    EXPECT_EQ(h.pip_count(2), 3 + 4 + 3 + 2 + 2 + 1 + 0);
    EXPECT_EQ(h.check_invariants(), "");

    // 3-player cutthroat: 27 tiles, 9 each.
    HandState c(variant(RuleSet::cutthroat, 3));
    ASSERT_TRUE(c.deal(0, tiles("6-6 6-5 6-4 6-3 6-2 6-1 6-0 5-5 5-4")));
    ASSERT_TRUE(c.deal(1, tiles("5-3 5-2 5-1 5-0 4-4 4-3 4-2 4-1 4-0")));
    c.start();
    EXPECT_TRUE(c.seat(2).dealt);
    EXPECT_EQ(c.seat(2).known, set_of("3-3 3-2 3-1 3-0 2-2 2-1 2-0 1-1 1-0"));

    // Two deals missing: nothing is inferred.
    HandState two(variant(RuleSet::jamaican, 4));
    ASSERT_TRUE(two.deal(0, tiles("6-6 6-5 6-4 6-3 6-2 6-1 6-0")));
    ASSERT_TRUE(two.deal(1, tiles("5-5 5-4 5-3 5-2 5-1 5-0 4-4")));
    two.start();
    EXPECT_FALSE(two.seat(2).dealt);
    EXPECT_FALSE(two.seat(3).dealt);
    EXPECT_EQ(two.seat(3).count, 7);
    EXPECT_TRUE(two.seat(3).known.empty());

    // Fives-threes leaves 4 tiles undealt with 4 players: no inference.
    HandState ft(variant(RuleSet::fives_threes, 4));
    ASSERT_TRUE(ft.deal(0, tiles("6-6 6-5 6-4 6-3 6-2 6-1")));
    ASSERT_TRUE(ft.deal(1, tiles("5-5 5-4 5-3 5-2 5-1 5-0")));
    ASSERT_TRUE(ft.deal(2, tiles("4-4 4-3 4-2 4-1 4-0 3-3")));
    ft.start();
    EXPECT_FALSE(ft.seat(3).dealt);
    EXPECT_EQ(ft.seat(3).count, 6);

    // A draw game: the known stock and two deals give the third.
    HandState ch(variant(RuleSet::chiva, 3));
    ASSERT_TRUE(ch.deal(0, tiles("6-6 6-5 6-4 6-3 0-0 1-1 2-2")));
    ASSERT_TRUE(ch.deal(1, tiles("1-0 2-0 3-0 4-0 5-0 2-1 3-1")));
    ASSERT_TRUE(ch.stock(tiles("5-1 3-2 4-2 5-2 4-3 5-3 5-4")));
    ch.start();
    EXPECT_TRUE(ch.seat(2).dealt);
    EXPECT_EQ(ch.seat(2).known, set_of("6-2 6-1 6-0 3-3 4-4 5-5 4-1"));
    EXPECT_EQ(ch.boneyard(), 7);
}

TEST(HandDeal, StockValidation) {
    HandState j(variant(RuleSet::jamaican, 4));
    EXPECT_EQ(j.stock(tiles("5-1")).fault, Fault::bad_deal);  // no boneyard
    HandState h(variant(RuleSet::chiva, 3));
    ASSERT_TRUE(h.deal(0, tiles("6-6 6-5 6-4 6-3 0-0 1-1 2-2")));
    EXPECT_EQ(h.stock(tiles("5-1 3-2 4-2 5-2 4-3 5-3 6-6")).fault, Fault::bad_deal);  // dealt
    EXPECT_EQ(h.stock(tiles("5-1 3-2 4-2 5-2 4-3 5-3")).fault, Fault::bad_deal);      // 6, not 7
    EXPECT_EQ(h.stock(tiles("5-1 3-2 4-2 5-2 4-3 5-3 5-1")).fault, Fault::bad_deal);  // twice
}

// --------------------------------------------------------- pass legality ----

TEST(HandPass, IllegalPassWithAKnownDealNamesTheTileAndTheEnd) {
    HandState h(variant(RuleSet::jamaican, 4, Options{.sporting = true}));
    ASSERT_TRUE(h.deal(1, tiles("4-1 5-5 5-3 3-2 2-0 1-0 0-0")));
    h.start();
    ASSERT_TRUE(h.pose(0, Tile(6, 4), 6, 4));  // left 6, right 4
    Step s = h.pass(1);
    EXPECT_EQ(s.fault, Fault::illegal_pass);
    EXPECT_NE(s.why.find("4-1"), std::string::npos) << s.why;
    EXPECT_NE(s.why.find("right end (4)"), std::string::npos) << s.why;
    EXPECT_EQ(h.turn(), 1);  // refused: nothing moved
    EXPECT_EQ(h.passes_in_row(), 0);
}

TEST(HandPass, LegalPassWithAKnownDeal) {
    HandState h(variant(RuleSet::jamaican, 4, Options{.sporting = true}));
    ASSERT_TRUE(h.deal(1, tiles("5-5 5-3 3-2 2-1 2-0 1-0 0-0")));
    h.start();
    ASSERT_TRUE(h.pose(0, Tile(6, 4), 6, 4));
    EXPECT_EQ(h.can_play(1), std::optional<bool>(false));
    EXPECT_TRUE(h.pass(1));
    EXPECT_EQ(h.turn(), 2);
    EXPECT_EQ(h.check_invariants(), "");
}

TEST(HandPass, PassProvenIllegalByALaterPlayWithoutDeals) {
    HandState h(variant(RuleSet::jamaican, 4, Options{.sporting = true}));
    h.start();
    ASSERT_TRUE(replay(h, "A:5-3P"));  // ends 5 and 3
    int pass_event = h.event_count();
    ASSERT_TRUE(replay(h, "B:pass C:3-1R D:1-0R A:0-0R"));  // ends 5 and 0
    // B passed on 5 and 3, so B held no 5 and no 3 then: 5-4 proves the pass wrong.
    HandState copy = h;
    Step s = h.play(1, Tile(5, 4), End::L);
    EXPECT_EQ(s.fault, Fault::illegal_pass);
    EXPECT_EQ(s.event, pass_event);
    EXPECT_NE(s.why.find("5-4"), std::string::npos) << s.why;
    // A tile that did not fit then is fine for B, and 5-4 is fine for C, who
    // never passed.
    HandState other = copy;
    EXPECT_TRUE(replay(copy, "B:0-2R"));
    EXPECT_TRUE(other.play(2, Tile(5, 4), End::L));
}

TEST(HandPlay, NotInHand) {
    HandState h(variant(RuleSet::jamaican, 4));
    ASSERT_TRUE(h.deal(0, tiles("6-6 6-5 6-4 6-3 5-5 4-4 3-3")));
    ASSERT_TRUE(h.deal(2, tiles("6-2 2-2 2-1 2-0 1-1 1-0 0-0")));
    h.start();
    ASSERT_TRUE(replay(h, "A:6-6P"));
    // A tile on the layout.
    Step s = h.play(1, Tile(6, 6), End::L);
    EXPECT_EQ(s.fault, Fault::not_in_hand);
    EXPECT_NE(s.why.find("layout"), std::string::npos) << s.why;
    // A tile known to be in A's hand.
    s = h.play(1, Tile(6, 5), End::L);
    EXPECT_EQ(s.fault, Fault::not_in_hand);
    EXPECT_NE(s.why.find("A's hand"), std::string::npos) << s.why;
    // C's deal is known and holds no 6-1.
    s = h.play(2, Tile(6, 1), End::L);
    EXPECT_EQ(s.fault, Fault::not_in_hand);
    // Checked before the fit: 5-5 is A's and fits nowhere.
    EXPECT_EQ(h.play(1, Tile(5, 5), End::L).fault, Fault::not_in_hand);
    // A tile nobody is known to hold, and one that does not fit.
    EXPECT_EQ(h.play(1, Tile(5, 1), End::L).fault, Fault::no_match);
    EXPECT_TRUE(replay(h, "B:6-1L C:6-2R"));
    EXPECT_EQ(h.seat(2).known, set_of("2-2 2-1 2-0 1-1 1-0 0-0"));
    EXPECT_EQ(h.seat(1).count, 6);
}

TEST(HandPlay, EndLeftOutWhereTheEndsGiveDifferentPositions) {
    // Ends 3-3 (a double, at the left) and 3: the same numbers, but in
    // fives-threes the double at an end changes the count.
    const char* start = "A:3-3P B:3-1R A:1-0R B:0-3R";
    HandState ft(variant(RuleSet::fives_threes, 2));
    ft.start();
    ASSERT_TRUE(replay(ft, start));
    Step s = ft.play(0, Tile(3, 5), std::nullopt);
    EXPECT_EQ(s.fault, Fault::ambiguous_end);
    EXPECT_TRUE(ft.play(0, Tile(3, 5), End::R));

    HandState cut(variant(RuleSet::cutthroat, 2));
    cut.start();
    ASSERT_TRUE(replay(cut, start));
    End chosen = End::R;
    EXPECT_TRUE(cut.play(0, Tile(3, 5), std::nullopt, &chosen));
    EXPECT_EQ(chosen, End::L);

    // Ends that differ: ambiguous in every rule set.
    HandState j(variant(RuleSet::jamaican, 4, Options{.sporting = true}));
    j.start();
    ASSERT_TRUE(replay(j, "A:5-3P B:3-1R"));  // ends 5 and 1
    EXPECT_EQ(j.play(2, Tile(5, 1), std::nullopt).fault, Fault::ambiguous_end);
    EXPECT_EQ(j.play(2, Tile(5, 3), std::nullopt).fault, Fault::not_in_hand);  // on the table
    EXPECT_EQ(j.play(2, Tile(6, 4), std::nullopt).fault, Fault::no_match);
    EXPECT_EQ(j.play(2, Tile(6, 4), End::L).fault, Fault::no_match);
    EXPECT_EQ(j.play(2, Tile(5, 4), End::N).fault, Fault::no_match);  // not a line end
    ASSERT_TRUE(replay(j, "C:5-1L"));                                 // ends 1 and 1
    EXPECT_TRUE(replay(j, "D:1-4?"));
}

// ------------------------------------------------------------ draw games ----

// Chiva with 3 players: 7 each, 7 in the boneyard.
const char* kChivaA = "6-6 6-5 6-4 6-3 0-0 1-1 2-2";
const char* kChivaB = "1-0 2-0 3-0 4-0 5-0 2-1 3-1";

TEST(HandDraw, DrawnTileKnownAndDrawingWhileAbleIsIllegal) {
    HandState h(variant(RuleSet::chiva, 3));
    ASSERT_TRUE(h.deal(0, tiles(kChivaA)));
    ASSERT_TRUE(h.deal(1, tiles(kChivaB)));
    ASSERT_TRUE(h.deal(2, tiles("6-2 6-1 5-1 3-3 4-4 5-5 4-1")));
    ASSERT_TRUE(h.stock(tiles("6-0 3-2 4-2 5-2 4-3 5-3 5-4")));
    h.start();
    EXPECT_EQ(h.boneyard(), 7);
    ASSERT_TRUE(replay(h, "A:6-6P"));
    // B holds no 6 but the boneyard is not empty: B must draw, not pass.
    Step s = h.pass(1);
    EXPECT_EQ(s.fault, Fault::illegal_pass);
    EXPECT_NE(s.why.find("boneyard"), std::string::npos) << s.why;
    std::optional<Tile> drawn;
    ASSERT_TRUE(h.draw(1, &drawn));
    EXPECT_EQ(drawn, std::optional<Tile>(Tile(6, 0)));
    EXPECT_EQ(h.boneyard(), 6);
    EXPECT_EQ(h.seat(1).count, 8);
    EXPECT_TRUE(h.seat(1).known.contains(Tile(6, 0)));
    EXPECT_EQ(h.check_invariants(), "");
    // Now B holds 6-0, which fits: drawing again is illegal.
    s = h.draw(1);
    EXPECT_EQ(s.fault, Fault::illegal_draw);
    EXPECT_NE(s.why.find("6-0"), std::string::npos) << s.why;
    EXPECT_EQ(h.boneyard(), 6);
    EXPECT_TRUE(replay(h, "B:6-0L"));
    EXPECT_EQ(h.turn(), 2);
    // C holds 6-2 and 6-1: no draw.
    EXPECT_EQ(h.draw(2).fault, Fault::illegal_draw);
}

TEST(HandDraw, EmptyBoneyard) {
    HandState h(variant(RuleSet::chiva, 3));
    ASSERT_TRUE(h.deal(0, tiles(kChivaA)));
    ASSERT_TRUE(h.deal(1, tiles(kChivaB)));
    ASSERT_TRUE(h.stock(tiles("5-1 3-2 4-2 5-2 4-3 5-3 5-4")));
    h.start();
    ASSERT_TRUE(h.seat(2).dealt);  // C: 6-2 6-1 6-0 3-3 4-4 5-5 4-1
    ASSERT_TRUE(replay(h, "A:6-6P"));
    const std::vector<Tile> order = tiles("5-1 3-2 4-2 5-2 4-3 5-3 5-4");
    for (Tile want : order) {  // none of them is a 6: B draws them all
        std::optional<Tile> drawn;
        ASSERT_TRUE(h.draw(1, &drawn));
        EXPECT_EQ(drawn, std::optional<Tile>(want));
        EXPECT_EQ(h.check_invariants(), "");
    }
    EXPECT_EQ(h.boneyard(), 0);
    EXPECT_EQ(h.seat(1).count, 14);
    Step s = h.draw(1);
    EXPECT_EQ(s.fault, Fault::illegal_draw);
    EXPECT_NE(s.why.find("empty"), std::string::npos) << s.why;
    EXPECT_TRUE(h.pass(1));  // now B passes
    EXPECT_EQ(h.turn(), 2);
    EXPECT_EQ(h.over(), HandOver::no);  // C holds three 6s
    EXPECT_EQ(h.blocked(), std::optional<bool>(false));
}

TEST(HandDraw, DrawProvenIllegalByALaterPlayWithoutTheDeal) {
    // Only A's deal and the stock are known: B and C share the other 14 tiles.
    HandState h(variant(RuleSet::chiva, 3));
    ASSERT_TRUE(h.deal(0, tiles(kChivaA)));
    ASSERT_TRUE(h.stock(tiles("6-0 3-2 4-2 5-2 4-3 5-3 5-4")));
    h.start();
    ASSERT_FALSE(h.seat(1).dealt);
    ASSERT_TRUE(replay(h, "A:6-6P"));
    int draw_event = h.event_count();
    std::optional<Tile> drawn;
    ASSERT_TRUE(h.draw(1, &drawn));
    ASSERT_EQ(drawn, std::optional<Tile>(Tile(6, 0)));
    // B drew, so B held no 6 then; the 6-0 just drawn may be played...
    HandState ok = h;
    EXPECT_TRUE(ok.play(1, Tile(6, 0), End::L));
    // ...but 6-1 was in B's hand before the draw: the draw was illegal.
    Step s = h.play(1, Tile(6, 1), End::L);
    EXPECT_EQ(s.fault, Fault::illegal_draw);
    EXPECT_EQ(s.event, draw_event);
}

TEST(HandDraw, NoDrawsOutsideDrawGames) {
    HandState h(variant(RuleSet::jamaican, 4));
    h.start();
    ASSERT_TRUE(replay(h, "A:6-6P"));
    EXPECT_EQ(h.draw(1).fault, Fault::illegal_draw);
    HandState c(variant(RuleSet::cutthroat, 2));  // 14 each, no boneyard
    c.start();
    ASSERT_TRUE(replay(c, "A:6-6P"));
    EXPECT_EQ(c.draw(1).fault, Fault::illegal_draw);
    HandState d(variant(RuleSet::cutthroat, 2, Options{.draw = true}));
    d.start();
    EXPECT_EQ(d.boneyard(), 14);
    ASSERT_TRUE(replay(d, "A:6-6P"));
    EXPECT_TRUE(d.draw(1));
    EXPECT_EQ(d.boneyard(), 13);
}

// -------------------------------------------------------- end of a hand ----

// A 10-tile line that shows 6 at both ends with every 6 down: blocked.
TEST(HandEnd, BlockedAtOnceWithFullInformation) {
    HandState h(variant(RuleSet::jamaican, 4));
    ASSERT_TRUE(h.deal(0, tiles("6-6 3-2 5-4 0-0 2-0 1-1 3-0")));
    ASSERT_TRUE(h.deal(1, tiles("6-1 6-0 6-5 2-2 4-0 3-1 2-1")));
    ASSERT_TRUE(h.deal(2, tiles("6-2 6-3 3-3 5-0 4-1 5-1 4-2")));
    h.start();  // D: 1-0 6-4 4-4 5-5 5-2 4-3 5-3
    ASSERT_TRUE(h.seat(3).dealt);
    ASSERT_TRUE(replay(h, "A:6-6P B:6-1L C:6-2R D:1-0L A:3-2R B:6-0L C:6-3R D:6-4R A:5-4R"));
    EXPECT_EQ(h.over(), HandOver::no);  // B still holds 6-5
    EXPECT_EQ(h.can_play(1), std::optional<bool>(true));
    EXPECT_EQ(h.can_play(0), std::optional<bool>(false));  // A: 0-0 2-0 1-1 3-0 on 6 and 5
    ASSERT_TRUE(replay(h, "B:6-5R"));
    EXPECT_EQ(h.layout().end_value(End::L), 6);
    EXPECT_EQ(h.layout().end_value(End::R), 6);
    EXPECT_EQ(h.over(), HandOver::blocked);  // no pass needed
    EXPECT_EQ(h.blocked(), std::optional<bool>(true));
    EXPECT_EQ(h.passes_in_row(), 0);
    EXPECT_EQ(h.pip_count(0), 7);
    EXPECT_EQ(h.pip_count(1), 15);
    EXPECT_EQ(h.pip_count(2), 28);
    EXPECT_EQ(h.pip_count(3), 40);
    EXPECT_EQ(h.last_player(), 1);
    EXPECT_EQ(h.play(2, Tile(5, 0), End::L).fault, Fault::after_end);
    // Knocks after the block: one each.
    EXPECT_TRUE(h.pass(2));
    EXPECT_EQ(h.pass(2).fault, Fault::after_end);
}

TEST(HandEnd, BlockedWithoutDealsAfterAFullRoundOfPasses) {
    // Fives-threes with 2 players leaves 14 tiles unused: the other 6s may all
    // be among them, and only a round of knocks shows the block.
    HandState h(variant(RuleSet::fives_threes, 2));
    h.start();
    ASSERT_TRUE(replay(h, "A:6-6P B:pass"));
    EXPECT_EQ(h.over(), HandOver::no);
    EXPECT_EQ(h.blocked(), std::nullopt);  // A may still hold a 6
    EXPECT_EQ(h.passes_in_row(), 1);
    ASSERT_TRUE(replay(h, "A:pass"));
    EXPECT_EQ(h.over(), HandOver::blocked);
    EXPECT_EQ(h.blocked(), std::optional<bool>(true));

    // With 4 players only 4 tiles are unused: the round of knocks comes when
    // no more than 4 tiles that fit are off the table (the 4s here).
    HandState four(variant(RuleSet::fives_threes, 4));
    four.start();
    ASSERT_TRUE(replay(four, "A:6-6P B:6-5L C:6-4R D:4-4R A:5-5L B:5-4L C:pass D:pass A:pass"));
    EXPECT_EQ(four.over(), HandOver::no);
    ASSERT_TRUE(replay(four, "B:pass"));
    EXPECT_EQ(four.over(), HandOver::blocked);
}

TEST(HandEnd, NoBlockWhileATileThatFitsIsInSomeHand) {
    // Jamaican deals every tile: with 5s and 4s off the table someone holds
    // one and can play, whatever the passes say (B and C have room for them).
    HandState h(variant(RuleSet::jamaican, 4));
    h.start();
    ASSERT_TRUE(replay(h, "A:6-6P B:6-5L C:6-4R D:pass A:pass"));
    EXPECT_NE(h.over(), HandOver::blocked);
    EXPECT_NE(h.blocked(), std::optional<bool>(true));
}

TEST(HandEnd, PlayResetsTheRoundOfPasses) {
    HandState h(variant(RuleSet::fives_threes, 2));
    h.start();
    ASSERT_TRUE(replay(h, "A:6-6P B:pass A:6-5L B:pass"));
    EXPECT_EQ(h.over(), HandOver::no);
    EXPECT_EQ(h.passes_in_row(), 1);
    ASSERT_TRUE(replay(h, "A:pass"));
    EXPECT_EQ(h.over(), HandOver::blocked);
}

TEST(HandEnd, DominoWithTheKeyTile) {
    HandState h(variant(RuleSet::jamaican, 4));
    deal_chain(h, kKeyChain, {"6-2", "0-0", "1-1", "3-3"});
    play_chain(h, kKeyChain);
    ASSERT_EQ(h.turn(), 0);
    EXPECT_EQ(h.seat(0).count, 1);
    EXPECT_EQ(h.can_play(1), std::optional<bool>(false));  // 0-0 fits neither 2 nor 6
    EXPECT_EQ(h.blocked(), std::optional<bool>(false));
    // 6-2 fits both ends and they give different lines: the end must be written.
    EXPECT_EQ(h.play(0, Tile(6, 2), std::nullopt).fault, Fault::ambiguous_end);
    ASSERT_TRUE(h.play(0, Tile(6, 2), End::L));
    EXPECT_EQ(h.over(), HandOver::domino);
    EXPECT_EQ(h.domino_seat(), 0);
    EXPECT_TRUE(h.last_was_key());
    EXPECT_TRUE(h.last_fit_both());
    EXPECT_TRUE(h.last_both_ends_differ());
    EXPECT_EQ(h.last_tile(), std::optional<Tile>(Tile(6, 2)));
    EXPECT_EQ(h.check_invariants(), "");
    EXPECT_EQ(h.pass(1).fault, Fault::after_end);
}

TEST(HandEnd, DominoWithTheOnlyDoubleLeftIsNoKey) {
    HandState h(variant(RuleSet::jamaican, 4));
    deal_chain(h, kBlankChain, {"0-0", "1-1", "2-2", "3-3"});
    play_chain(h, kBlankChain);
    End chosen = End::R;
    ASSERT_TRUE(h.play(0, Tile(0, 0), std::nullopt, &chosen));  // both ends give 0 0
    EXPECT_EQ(chosen, End::L);
    EXPECT_EQ(h.over(), HandOver::domino);
    EXPECT_EQ(h.domino_seat(), 0);
    EXPECT_FALSE(h.last_was_key());
    EXPECT_TRUE(h.last_fit_both());
    EXPECT_FALSE(h.last_both_ends_differ());
}

// Fives-threes, 4 players, 6 tiles each: A plays out first and is skipped; the
// hand ends when C, A's partner, plays out too.
TEST(HandEnd, FivesThreesFourPlayersSkipsASeatThatIsOutUntilBothPartnersAre) {
    HandState h(variant(RuleSet::fives_threes, 4));
    ASSERT_TRUE(h.deal(0, tiles("6-2 5-5 4-3 4-1 2-0 1-0")));
    ASSERT_TRUE(h.deal(1, tiles("6-6 6-4 5-4 5-2 4-0 2-2")));
    ASSERT_TRUE(h.deal(2, tiles("6-3 6-1 5-0 3-2 1-1 0-0")));
    ASSERT_TRUE(h.deal(3, tiles("5-3 5-1 4-4 4-2 3-3 2-1")));
    h.start();
    ASSERT_TRUE(
        replay(h,
               "A:4-1P B:4-0L C:1-1R D:2-1R A:6-2R B:6-6R C:6-3R D:5-3R A:1-0L B:5-2R C:3-2R "
               "D:5-1L A:5-5L B:5-4L C:pass D:3-3R A:4-3R B:6-4L C:6-1L D:4-2R A:2-0R"));
    EXPECT_TRUE(h.seat(0).out);
    EXPECT_EQ(h.over(), HandOver::no);  // C still holds 5-0 and 0-0
    EXPECT_EQ(h.in_hand(), 3);
    EXPECT_EQ(h.turn(), 1);
    ASSERT_TRUE(replay(h, "B:pass C:0-0R D:pass"));
    EXPECT_EQ(h.turn(), 1);  // after D comes B: A is skipped
    ASSERT_TRUE(replay(h, "B:pass"));
    EXPECT_EQ(h.over(), HandOver::no);
    EXPECT_EQ(h.turn(), 2);
    ASSERT_TRUE(replay(h, "C:5-0R"));
    EXPECT_EQ(h.over(), HandOver::domino);
    EXPECT_EQ(h.domino_seat(), 2);
    EXPECT_EQ(h.hand_of(1), std::optional<TileSet>(set_of("2-2")));
    EXPECT_EQ(h.hand_of(3), std::optional<TileSet>(set_of("4-4")));
}

TEST(HandEnd, TwoPlayerFivesThreesEndsWhenOneSeatIsOut) {
    HandState h(variant(RuleSet::fives_threes, 2));
    ASSERT_TRUE(h.deal(0, tiles("6-4 5-3 5-2 5-1 4-3 4-1 3-0")));
    ASSERT_TRUE(h.deal(1, tiles("6-5 6-0 4-0 3-3 3-2 2-1 0-0")));
    h.start();
    EXPECT_TRUE(h.seat(1).dealt);
    ASSERT_TRUE(replay(h,
                       "A:5-2P B:3-2R A:5-3R B:6-5L A:5-1R B:6-0L A:4-1R B:0-0L A:6-4R B:4-0L "
                       "A:4-3L B:3-3L"));
    EXPECT_EQ(h.over(), HandOver::no);
    ASSERT_TRUE(replay(h, "A:3-0L"));
    EXPECT_EQ(h.over(), HandOver::domino);
    EXPECT_EQ(h.domino_seat(), 0);
    EXPECT_EQ(h.pip_count(1), 3);  // 2-1
}

}  // namespace
