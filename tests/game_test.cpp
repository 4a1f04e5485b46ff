// Game (engine/game.hpp): the moves it lists on hand-built positions of every
// rule set, apply and clone, random playouts of every variant to a result, and
// perft counts walked through Game against the pins of tests/perft_test.cpp.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "engine/game.hpp"
#include "engine/perft.hpp"
#include "tests/support/support.hpp"

using namespace pips;

namespace {

Variant variant(const std::string& spec, int players) {
    const RulesSpec rs = split_rules_spec(spec);
    Variant v;
    EXPECT_FALSE(make_variant(rs.rules, players, rs.options, v).has_value()) << spec;
    return v;
}

// Deal lines as written: "6-6 5-4 ...", one string per seat.
Deal deal_of(const std::vector<std::string>& hands, const std::string& stock = "") {
    Deal d;
    for (const auto& h : hands) d.hands.push_back(test::tiles(h));
    d.stock = test::tiles(stock);
    return d;
}

Game dealt(const Variant& v, const Deal& d) {
    Game g(v);
    const Step st = g.deal(d);
    EXPECT_TRUE(st) << st.why;
    return g;
}

// The moves as text, in order: "B:6-6 C:pass".
std::string moves_text(const Game& g) {
    std::string s;
    for (const Move& m : g.legal_moves()) {
        if (!s.empty()) s += ' ';
        s += m.str();
    }
    return s;
}

void play(Game& g, const std::string& moves) {
    for (const Move& m : g.legal_moves())
        if (m.str() == moves) {
            const Step st = g.apply(m);
            ASSERT_TRUE(st) << moves << ": " << st.why;
            return;
        }
    FAIL() << moves << " is not among " << moves_text(g);
}

// Seed 101 of tests/perft_test.cpp (and docs/perft.md).
const Deal kJamaican = deal_of({"4-2 6-4 3-2 4-4 6-3 5-5 2-2", "2-0 6-6 5-1 3-3 3-0 5-3 6-5",
                                "5-4 1-0 0-0 1-1 5-2 5-0 4-1", "4-0 6-0 4-3 6-1 3-1 2-1 6-2"});
const Deal kFrench = deal_of({"1-1 6-3 3-0 4-0 6-4 5-0 6-2", "1-0 5-4 4-4 4-2 5-1 2-2 3-2",
                              "6-5 6-0 6-1 4-3 5-5 2-1 6-6", "2-0 3-1 5-2 4-1 5-3 3-3 0-0"});
const Deal kChiva2 = deal_of({"2-2 6-6 5-0 3-1 3-0 4-1 3-2", "3-3 2-0 2-1 5-1 5-3 4-4 4-3"},
                             "4-0 5-5 1-1 6-4 1-0 4-2 0-0 6-1 5-2 6-5 6-3 5-4 6-2 6-0");
const Deal kCutthroat2Draw = deal_of({"1-0 4-3 5-5 6-0 5-4 5-1 6-5", "5-0 4-0 0-0 6-2 3-0 3-2 4-2"},
                                     "4-1 3-1 6-6 6-1 4-4 6-4 3-3 5-2 2-1 2-2 2-0 6-3 5-3 1-1");
const Deal kFivesThrees2 = deal_of({"2-0 6-3 3-0 3-1 2-2 4-1 6-6", "3-3 6-5 5-2 5-0 6-4 5-3 5-5"});

}  // namespace

TEST(GameLegalMoves, JamaicanHolderOfSixSixPosesThenPlaysAndForcedPasses) {
    Game g = dealt(variant("jamaican", 4), kJamaican);
    EXPECT_EQ(moves_text(g), "B:6-6");
    play(g, "B:6-6");
    EXPECT_EQ(moves_text(g), "C:pass");  // C holds no 6
    play(g, "C:pass");
    // Both ends show 6: each tile once, the end left to DGN.
    EXPECT_EQ(moves_text(g), "D:6-0L D:6-1L D:6-2L");
    for (const Move& m : g.legal_moves()) EXPECT_FALSE(m.end_matters);
}

TEST(GameLegalMoves, SportingHolderPosesAnyTile) {
    Game g = dealt(variant("jamaican:sporting", 4), kJamaican);
    EXPECT_EQ(moves_text(g), "B:2-0 B:3-0 B:3-3 B:5-1 B:5-3 B:6-5 B:6-6");
}

TEST(GameLegalMoves, SixSixPosesInCutthroatChivaFourAndQuinientos) {
    for (const auto& [spec, players] : std::vector<std::pair<std::string, int>>{
             {"cutthroat", 4}, {"chiva", 4}, {"quinientos", 4}}) {
        Game g = dealt(variant(spec, players), kJamaican);
        EXPECT_EQ(moves_text(g), "B:6-6") << spec;
    }
}

TEST(GameLegalMoves, DrawGamePoseThenForcedDraws) {
    // 6-6 is in the stock: the highest double dealt, A's 5-5, is posed.
    Game d = dealt(variant("cutthroat:draw", 2), kCutthroat2Draw);
    EXPECT_EQ(moves_text(d), "A:5-5");
    play(d, "A:5-5");
    EXPECT_EQ(moves_text(d), "B:5-0L");

    // A poses 6-6; B holds no 6 and must draw (never pass) while the stock lasts.
    Game g = dealt(variant("chiva", 2), kChiva2);
    EXPECT_EQ(moves_text(g), "A:6-6");
    play(g, "A:6-6");
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(moves_text(g), "B:draw");
        play(g, "B:draw");
    }
    EXPECT_EQ(moves_text(g), "B:draw");
    play(g, "B:draw");  // 6-4, the fourth tile of the stock
    EXPECT_EQ(moves_text(g), "B:6-4L");
    EXPECT_EQ(g.hand().boneyard(), 10);
}

TEST(GameLegalMoves, DrawPoseCandidates) {
    std::vector<TileSet> hands(2);
    for (Tile t : test::tiles("6-3 5-0 4-1 3-1 2-0 6-1 4-0")) hands[0].insert(t);
    for (Tile t : test::tiles("5-4 5-1 3-2 6-0 4-2 2-1 3-0")) hands[1].insert(t);
    // No double dealt: the heaviest tiles are 6-3 and 5-4 (9 pips); the higher
    // half breaks the tie, so A's 6-3 is the one pose, whichever seat holds it.
    EXPECT_EQ(draw_pose_candidates(hands), (std::vector<PoseCandidate>{{0, Tile(6, 3)}}));
    std::swap(hands[0], hands[1]);
    EXPECT_EQ(draw_pose_candidates(hands), (std::vector<PoseCandidate>{{1, Tile(6, 3)}}));
    std::swap(hands[0], hands[1]);
    hands[1].insert(Tile(2, 2));
    hands[0].insert(Tile(1, 1));
    EXPECT_EQ(draw_pose_candidates(hands), (std::vector<PoseCandidate>{{1, Tile(2, 2)}}));
    hands[0].insert(Tile(6, 6));
    EXPECT_EQ(draw_pose_candidates(hands), (std::vector<PoseCandidate>{{0, Tile(6, 6)}}));
}

TEST(GameLegalMoves, FivesThreesAnySeatLeadsAndEndsThatMatter) {
    Game g = dealt(variant("fives-threes", 2), kFivesThrees2);
    EXPECT_EQ(g.legal_moves().size(), 14u);
    Game f = dealt(variant("fives-threes", 2),
                   deal_of({"6-6 6-5 0-0 1-1 3-3 4-4 1-0", "6-2 5-2 3-0 4-0 4-1 3-1 2-0"}));
    play(f, "A:6-6");
    EXPECT_EQ(f.last_points(), 4);  // 6-6 alone counts 12: four threes
    play(f, "B:6-2L");
    play(f, "A:6-5R");
    // Ends 2|5: 5-2 fits both and gives 5|5 or 2|2: one move per end.
    EXPECT_EQ(moves_text(f), "B:2-0L B:5-2L B:5-2R");
    const auto moves = f.legal_moves();
    EXPECT_TRUE(!moves[0].end_matters && moves[1].end_matters && moves[2].end_matters);
    EXPECT_FALSE(f.same_position(moves[1], moves[2]));
    EXPECT_EQ(f.points_after(moves[1]), 2);  // 5|5 counts 10: two fives
    EXPECT_EQ(f.points_after(moves[2]), 0);  // 2|2 counts 4
}

TEST(GameLegalMoves, FrenchPosesZeroZeroAndPassesWhileAble) {
    Game g = dealt(variant("french", 4), kFrench);
    EXPECT_EQ(moves_text(g), "D:0-0");
    play(g, "D:0-0");
    // On the spinner, a tile on any empty arm is one move; a pass while able is legal.
    EXPECT_EQ(moves_text(g), "A:3-0N A:4-0N A:5-0N A:pass");
    const Step st = g.apply(Move::play(0, Tile(6, 3)));
    EXPECT_FALSE(st);
    EXPECT_EQ(st.fault, Fault::no_match);
}

TEST(GameLegalMoves, FrenchWinnerWithoutADoublePassesAtThePose) {
    const Variant v = variant("french", 4);
    Game g = dealt(v, kFrench);
    std::mt19937_64 rng(5);
    while (!g.hand_over()) {
        auto moves = g.legal_moves();
        // Play when possible, so that the hand ends.
        auto it = std::find_if(moves.begin(), moves.end(),
                               [](const Move& m) { return m.kind != Move::Kind::pass; });
        ASSERT_TRUE(g.apply(it != moves.end() ? *it : moves.front()));
    }
    ASSERT_TRUE(g.result().has_value());
    ASSERT_FALSE(g.result()->tie);
    const int w = g.result()->winner;
    // The winner holds no double; the next seat holds them all but 0-0.
    std::vector<std::string> hands(4, "");
    hands[static_cast<std::size_t>(w)] = "6-5 6-4 6-3 6-2 6-1 6-0 5-4";
    hands[static_cast<std::size_t>((w + 1) % 4)] = "6-6 5-5 4-4 3-3 2-2 1-1 5-3";
    hands[static_cast<std::size_t>((w + 2) % 4)] = "5-2 5-1 5-0 4-3 4-2 4-1 4-0";
    hands[static_cast<std::size_t>((w + 3) % 4)] = "3-2 3-1 3-0 2-1 2-0 1-0 0-0";
    ASSERT_TRUE(g.deal(deal_of(hands)));
    const std::string s = std::string(1, static_cast<char>('A' + w));
    EXPECT_EQ(moves_text(g), s + ":pass");
    play(g, s + ":pass");
    const std::string n = std::string(1, static_cast<char>('A' + (w + 1) % 4));
    // The next seat poses a double; it may also pass, as a later seat holds 0-0.
    EXPECT_EQ(moves_text(g), n + ":1-1 " + n + ":2-2 " + n + ":3-3 " + n + ":4-4 " + n + ":5-5 " +
                                 n + ":6-6 " + n + ":pass");
}

// With the poser unknown, each seat may pass at the pose while a later seat
// may still pose; on the spinner only a double poses, so a seat passes only
// when a later seat holds one (D holds none here: C must pose).
TEST(GameLegalMoves, FrenchPoseUnknownPassesOnlyToASeatWithADouble) {
    const Variant v = variant("french", 4);
    Game g(v);
    MatchState m;
    m.first = false;
    m.known = false;
    m.pose_unknown = true;
    g.set_match(m);
    ASSERT_TRUE(g.deal(deal_of({"6-5 6-3 4-0 3-3 2-2 2-0 1-1", "6-1 6-0 5-5 5-3 4-1 3-2 2-1",
                                "6-6 6-4 5-4 5-1 4-4 3-1 0-0", "6-2 5-2 5-0 4-3 4-2 3-0 1-0"})));
    play(g, "A:pass");
    play(g, "B:pass");
    EXPECT_EQ(moves_text(g), "C:0-0 C:4-4 C:6-6");
}

TEST(GameApply, RefusalsChangeNothing) {
    Game g = dealt(variant("jamaican", 4), kJamaican);
    EXPECT_FALSE(g.apply(Move::pose(0, Tile(4, 2))));  // B holds 6-6 and poses
    EXPECT_FALSE(g.apply(Move::pose(1, Tile(6, 5))));  // the pose must be 6-6
    EXPECT_FALSE(g.apply(Move::play(1, Tile(6, 6))));  // not posed yet
    EXPECT_FALSE(g.apply(Move::pose(7, Tile(6, 6))));  // no such seat
    EXPECT_EQ(g.hand().event_count(), 0);
    play(g, "B:6-6");
    EXPECT_FALSE(g.apply(Move::play(3, Tile(6, 0))));  // C's turn
    EXPECT_FALSE(g.apply(Move::draw(2)));              // no boneyard
    EXPECT_FALSE(g.apply(Move::play(2, Tile(6, 0))));  // D holds 6-0
    EXPECT_EQ(g.hand().event_count(), 1);
    EXPECT_EQ(moves_text(g), "C:pass");
}

// A pose under the draw-game rule proves no seat was dealt a tile above it;
// the engine refuses one the hands shown rule out only after taking it (the
// checker stops there), so the game goes back to the hand before it, every
// hand known or not. (Found by fuzz_engine: corpus/regressions/fuzz_engine/
// draw_pose_refused_with_every_hand_known.bin.)
TEST(GameApply, RefusedDrawGamePoseChangesNothing) {
    // Neither B's deal nor the stock is shown; B's remain line then shows
    // its hand whole: every hand is known, B's deal is not.
    Deal d = kCutthroat2Draw;
    d.hidden = 0b10;
    d.stock_hidden = true;
    Game g = dealt(variant("cutthroat:draw", 2), d);
    ASSERT_TRUE(g.remain(1, test::tiles("5-0 4-0 0-0 6-2 3-0 3-2 4-2")));
    ASSERT_TRUE(g.hand().seat(0).exact() && g.hand().seat(1).exact());
    ASSERT_FALSE(g.hand().seat(1).dealt);
    const int events = g.hand().event_count();
    const int a_count = g.hand().seat(0).count;
    const TileSet a_known = g.hand().seat(0).known;
    const Step st = g.apply(Move::pose(0, Tile(1, 0)));
    EXPECT_FALSE(st);
    EXPECT_EQ(st.fault, Fault::wrong_pose) << st.why;
    EXPECT_FALSE(g.hand().posed());
    EXPECT_EQ(g.hand().layout().tiles(), 0);
    EXPECT_EQ(g.hand().event_count(), events);
    EXPECT_EQ(g.hand().seat(0).count, a_count);
    EXPECT_EQ(g.hand().seat(0).known, a_known);
    // The pose the tiles allow is still taken.
    play(g, "A:5-5");
    EXPECT_TRUE(g.hand().posed());
    EXPECT_EQ(g.hand().event_count(), events + 1);
}

TEST(GameApply, CloneIsIndependent) {
    Game g = dealt(variant("chiva", 2), kChiva2);
    play(g, "A:6-6");
    Game c = g.clone();
    const std::string before = moves_text(g);
    ASSERT_TRUE(c.apply(Move::draw(1)));
    EXPECT_EQ(moves_text(g), before);
    EXPECT_EQ(g.hand().boneyard(), 14);
    EXPECT_EQ(c.hand().boneyard(), 13);
}

TEST(GameApply, HandOverListsNothingAndRefusesMoves) {
    Game g = dealt(variant("cutthroat", 2),
                   deal_of({"2-1 5-4 1-0 6-3 6-4 0-0 4-2 5-1 6-6 3-1 4-4 6-0 6-2 4-3",
                            "1-1 6-1 5-5 4-0 4-1 6-5 2-0 5-0 3-2 5-2 3-3 3-0 2-2 5-3"}));
    while (!g.hand_over()) ASSERT_TRUE(g.apply(g.legal_moves().front()));
    EXPECT_TRUE(g.legal_moves().empty());
    EXPECT_EQ(g.apply(Move::pass(0)).fault, Fault::after_end);
    ASSERT_TRUE(g.result().has_value());
    EXPECT_EQ(g.match().hands, 1);
}

TEST(GameApply, AtAPositionCarriesOnFromIt) {
    Game g = dealt(variant("jamaican", 4), kJamaican);
    play(g, "B:6-6");
    Game at = Game::at(g.hand());
    EXPECT_EQ(moves_text(at), moves_text(g));
    while (!g.hand_over()) ASSERT_TRUE(g.apply(g.legal_moves().front()));
    const Game done = Game::at(g.hand());
    EXPECT_TRUE(done.hand_over());
    ASSERT_TRUE(done.result().has_value());
    EXPECT_EQ(done.result()->winner, g.result()->winner);
    EXPECT_TRUE(done.legal_moves().empty());
}

// Every variant, whole matches of random legal moves: each hand ends with a
// known result, and the match moves on.
TEST(GamePlayout, EveryVariantEndsEachHandWithAResult) {
    int hands = 0;
    for (const Variant& v : test::all_variants()) {
        std::mt19937_64 rng(11);
        Game g(v);
        for (int hand = 1; hand <= 30 && !g.match_over(); ++hand) {
            ASSERT_TRUE(g.deal(rng)) << v.name();
            for (int guard = 0; guard < 400 && !g.hand_over(); ++guard) {
                const auto moves = g.legal_moves();
                ASSERT_FALSE(moves.empty()) << v.name();
                const auto k = std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng);
                ASSERT_TRUE(g.apply(moves[k])) << v.name() << " " << moves[k].str();
            }
            ASSERT_TRUE(g.hand_over()) << v.name();
            ASSERT_TRUE(g.result().has_value()) << v.name();
            EXPECT_TRUE(g.result()->known) << v.name();
            EXPECT_EQ(g.match().hands, hand) << v.name();
            ++hands;
        }
    }
    EXPECT_GT(hands, 100);  // matches run over many hands, not one
}

RC_GTEST_PROP(GamePlayout, ListedMovesAreAcceptedAndClonesIndependent, ()) {
    const auto all = test::all_variants();
    const Variant v = all[*rc::gen::inRange<std::size_t>(0, all.size())];
    std::mt19937_64 rng(*rc::gen::arbitrary<std::uint64_t>());
    Game g(v);
    RC_ASSERT(bool(g.deal(rng)));
    while (!g.hand_over()) {
        const auto moves = g.legal_moves();
        RC_ASSERT(!moves.empty());
        for (const Move& m : moves) {
            Game c = g.clone();
            RC_ASSERT(bool(c.apply(m)));
            RC_ASSERT(c.hand().check_invariants() == std::string());
        }
        RC_ASSERT(g.legal_moves() == moves);
        RC_ASSERT(bool(
            g.apply(moves[std::uniform_int_distribution<std::size_t>(0, moves.size() - 1)(rng)])));
    }
    RC_ASSERT(g.result().has_value());
}

namespace {

// Distinct ply sequences by depth, walked through Game as docs/perft.md
// defines a ply: forced draws belong to the turn, plays of a tile giving the
// same position are one.
void count(const Game& g, int ply, int depth, std::vector<std::uint64_t>& nodes) {
    if (g.hand_over() || ply == depth) return;
    Game cur = g;
    auto moves = cur.legal_moves();
    while (moves.size() == 1 && moves.front().kind == Move::Kind::draw) {
        ASSERT_TRUE(cur.apply(moves.front()));
        moves = cur.legal_moves();
    }
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (std::any_of(moves.begin(), moves.begin() + static_cast<std::ptrdiff_t>(i),
                        [&](const Move& x) { return cur.same_position(x, moves[i]); }))
            continue;
        Game c = cur;
        ASSERT_TRUE(c.apply(moves[i]));
        ++nodes[static_cast<std::size_t>(ply)];
        count(c, ply + 1, depth, nodes);
    }
}

std::vector<std::uint64_t> counts(const Variant& v, const Deal& d, int depth) {
    std::vector<std::uint64_t> nodes(static_cast<std::size_t>(depth), 0);
    count(dealt(v, d), 0, depth, nodes);
    return nodes;
}

}  // namespace

TEST(GamePerft, CountsMatchThePins) {
    using N = std::vector<std::uint64_t>;
    EXPECT_EQ(counts(variant("jamaican", 4), kJamaican, 10),
              (N{1, 1, 3, 9, 24, 81, 239, 580, 1274, 3630}));
    EXPECT_EQ(counts(variant("cutthroat:draw", 2), kCutthroat2Draw, 10),
              (N{1, 1, 5, 14, 36, 79, 141, 270, 396, 756}));
    EXPECT_EQ(counts(variant("chiva", 2), kChiva2, 12),
              (N{1, 1, 1, 3, 4, 9, 13, 27, 40, 76, 103, 195}));
    EXPECT_EQ(counts(variant("fives-threes", 2), kFivesThrees2, 6),
              (N{14, 31, 88, 216, 476, 1024}));
    EXPECT_EQ(counts(variant("french", 4), kFrench, 8), (N{1, 4, 8, 16, 32, 101, 186, 409}));
    // pips::perft walks Game too, and reports the same.
    const PerftResult r = perft(variant("jamaican", 4), kJamaican.hands, {}, 10);
    EXPECT_EQ(r.error, "");
    EXPECT_EQ(N(r.nodes.begin() + 1, r.nodes.end()), counts(variant("jamaican", 4), kJamaican, 10));
}
