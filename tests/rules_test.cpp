// Table tests of the rule sets: who poses, what a hand scores, how the match
// score moves. Hands are built with the engine's public API (deal / start /
// pose / play / pass); every expected value is worked out by hand from
// RULINGS.md and the seeds, and the arithmetic is written next to it.
#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/hand.hpp"
#include "engine/rules.hpp"
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

using test::end_of;

constexpr std::uint8_t kAC = 0b0101;
constexpr std::uint8_t kBD = 0b1010;
constexpr std::uint8_t seat_bit(int s) {
    return static_cast<std::uint8_t>(1u << s);
}

// Replays moves ("A:6-6P", "B:6-1L", "C:pass", "D:draw") on a hand and reports
// each to the rules as the checker does (a pass carries whether the seat could
// have played). `points` gets what each play scored.
::testing::AssertionResult replay(HandState& h, const Rules& rules, HandScore& score,
                                  const MatchState& m, std::string_view script,
                                  std::vector<int>* points = nullptr) {
    std::istringstream in{std::string(script)};
    std::string w;
    while (in >> w) {
        int seat = w.at(0) - 'A';
        std::string mv = w.substr(2);
        if (mv == "pass") {
            auto able = h.can_play(seat);
            if (Step st = h.pass(seat); !st)
                return ::testing::AssertionFailure() << w << " refused: " << st.why;
            rules.on_event(score, h, {Event::Kind::pass, seat, {}, able}, m);
        } else if (mv == "draw") {
            if (Step st = h.draw(seat); !st)
                return ::testing::AssertionFailure() << w << " refused: " << st.why;
            rules.on_event(score, h, {Event::Kind::draw, seat, {}, {}}, m);
        } else {
            int a = mv.at(0) - '0', b = mv.at(2) - '0';
            Tile t(a, b);
            bool pose = mv.at(3) == 'P';
            Step st = pose ? h.pose(seat, t, a, b) : h.play(seat, t, end_of(mv.at(3)));
            if (!st) return ::testing::AssertionFailure() << w << " refused: " << st.why;
            int p = rules.on_event(score, h,
                                   {pose ? Event::Kind::pose : Event::Kind::play, seat, t, {}}, m);
            if (score.target) h.end_by_target();
            if (points) points->push_back(p);
        }
        if (std::string e = h.check_invariants(); !e.empty())
            return ::testing::AssertionFailure() << "after " << w << ": " << e;
    }
    return ::testing::AssertionSuccess();
}

void deal_all(HandState& h, const std::vector<std::string_view>& hands) {
    for (std::size_t s = 0; s < hands.size(); ++s) {
        Step st = h.deal(static_cast<int>(s), tiles(hands[s]));
        ASSERT_TRUE(st) << st.why;
    }
    h.start();
}

// Line games of 4 seats from a chain of numbers (tests/support/chains.hpp);
// extra[s] stays in the hand of seat s. Seat A plays last tile 25 with `last`
// at `end`.
void chain_game(HandState& h, const std::vector<int>& chain,
                const std::array<std::string_view, 4>& extra, Tile last, End end) {
    test::deal_chain(h, chain, extra);
    test::play_chain(h, chain);
    ASSERT_TRUE(h.play(0, last, end));
    ASSERT_EQ(h.over(), HandOver::domino);
    ASSERT_EQ(h.domino_seat(), 0);
}

// Ends 2 and 6, both hard, before A plays the key tile 6-2 as their last tile.
// B, C and D keep 0-0, 1-1 and 3-3: 0 + 2 + 6 = 8 pips.
void key_domino(HandState& h) {
    chain_game(h, test::kKeyChain, {"6-2", "0-0", "1-1", "3-3"}, Tile(6, 2), End::L);
}
// Ends 0 and 0 with every 0 down but 0-0, which A plays last (not a key tile).
// B, C and D keep 1-1, 2-2 and 3-3: 2 + 4 + 6 = 12 pips.
void blank_domino(HandState& h) {
    chain_game(h, test::kBlankChain, {"0-0", "1-1", "2-2", "3-3"}, Tile(0, 0), End::L);
}

// A blocked hand of 4 seats with 7 tiles each: ten plays leave 6 at both ends
// with every 6 down. A plays 6-6 3-2 5-4, B 6-1 6-0 6-5 (the last play), C 6-2
// 6-3, D 1-0 6-4; the 18 tiles left (90 pips) are the `rest` of each seat:
// 4 for A and B, 5 for C and D.
struct Rest {
    const char* name;
    std::array<std::string_view, 4> rest;
    std::array<int, 4> counts;  // worked out by hand
};
// A alone lowest (7); sides AC 35, BD 55.
const Rest kALow = {
    "A lowest",
    {"0-0 2-0 1-1 3-0", "2-2 4-0 3-1 2-1", "3-3 5-0 4-1 5-1 4-2", "4-4 5-5 5-2 4-3 5-3"},
    {0 + 2 + 2 + 3, 4 + 4 + 4 + 3, 6 + 5 + 5 + 6 + 6, 8 + 10 + 7 + 7 + 8}};
// C alone lowest (10), A 17; AC 27, BD 63.
const Rest kCLow = {
    "C lowest",
    {"2-2 4-0 3-1 4-1", "5-0 5-1 4-2 3-3", "0-0 1-1 2-0 3-0 2-1", "4-4 5-5 5-2 4-3 5-3"},
    {4 + 4 + 4 + 5, 5 + 6 + 6 + 6, 0 + 2 + 2 + 3 + 3, 8 + 10 + 7 + 7 + 8}};
// B alone lowest (7), but side AC has less: AC 43, BD 47.
const Rest kBLowACLess = {
    "B lowest, AC less",
    {"2-2 4-0 2-1 3-1", "0-0 1-1 2-0 3-0", "3-3 5-0 4-1 5-1 4-2", "5-5 4-4 5-3 4-3 5-2"},
    {4 + 4 + 3 + 4, 0 + 2 + 2 + 3, 6 + 5 + 5 + 6 + 6, 10 + 8 + 8 + 7 + 7}};
// A and B share the lowest (11); AC 39, BD 51.
const Rest kABShare = {
    "A and B share the lowest",
    {"0-0 3-0 4-0 3-1", "1-1 2-0 2-1 2-2", "5-0 4-1 5-1 3-3 4-2", "5-2 4-3 4-4 5-3 5-5"},
    {0 + 3 + 4 + 4, 2 + 2 + 3 + 4, 5 + 5 + 6 + 6 + 6, 7 + 7 + 8 + 8 + 10}};
// A and C, partners, share the lowest (15); AC 30, BD 60.
const Rest kACShare = {
    "A and C share the lowest",
    {"3-0 4-0 3-1 2-2", "5-0 4-1 5-1 3-3", "0-0 1-1 2-0 2-1 4-4", "4-2 5-2 4-3 5-3 5-5"},
    {3 + 4 + 4 + 4, 5 + 5 + 6 + 6, 0 + 2 + 2 + 3 + 8, 6 + 7 + 7 + 8 + 10}};
// Equal sides, AC 45 and BD 45; A and B share the lowest (14).
const Rest kEqualSides = {
    "equal side totals",
    {"0-0 1-1 2-0 5-5", "3-0 2-1 4-0 3-1", "4-4 5-3 2-2 5-0 5-1", "4-1 3-3 4-2 5-2 4-3"},
    {0 + 2 + 2 + 10, 3 + 3 + 4 + 4, 8 + 8 + 4 + 5 + 6, 5 + 6 + 6 + 7 + 7}};

void blocked_hand(HandState& h, const Rest& r) {
    std::array<std::string, 4> deal = {"6-6 3-2 5-4 ", "6-1 6-0 6-5 ", "6-2 6-3 ", "1-0 6-4 "};
    for (int s = 0; s < 4; ++s) {
        Step st = h.deal(s, tiles(deal[s] + std::string(r.rest[s])));
        ASSERT_TRUE(st) << r.name << ": " << st.why;
    }
    h.start();
    std::istringstream in{"A:6-6P B:6-1L C:6-2R D:1-0L A:3-2R B:6-0L C:6-3R D:6-4R A:5-4R B:6-5R"};
    std::string w;
    while (in >> w) {
        int seat = w[0] - 'A';
        Tile t(w[2] - '0', w[4] - '0');
        Step st = w[5] == 'P' ? h.pose(seat, t, t.hi, t.lo) : h.play(seat, t, end_of(w[5]));
        ASSERT_TRUE(st) << r.name << ": " << w << ": " << st.why;
    }
    ASSERT_EQ(h.over(), HandOver::blocked) << r.name;
    for (int s = 0; s < 4; ++s) ASSERT_EQ(h.pip_count(s), r.counts[s]) << r.name << " seat " << s;
    ASSERT_EQ(r.counts[0] + r.counts[1] + r.counts[2] + r.counts[3], 90);
}

HandResult result_of(const Variant& v, void (*build)(HandState&), MatchState m = {}, int hand = 1) {
    HandState h(v);
    build(h);
    return make_rules(v)->result(h, HandScore{}, m, hand);
}

HandResult block_result(const Variant& v, const Rest& r, MatchState m = {}, int hand = 1) {
    HandState h(v);
    blocked_hand(h, r);
    return make_rules(v)->result(h, HandScore{}, m, hand);
}

HandResult win(int party, int points, int seat = -1) {
    HandResult r;
    r.how = HandOver::domino;
    r.winner = party;
    r.winner_seat = seat >= 0 ? seat : party;
    r.points[party] = points;
    return r;
}

HandResult tie() {
    HandResult r;
    r.how = HandOver::blocked;
    r.tie = true;
    return r;
}

MatchState after_hand_one(std::array<int, 4> score) {
    MatchState m;
    m.first = false;
    m.prev = MatchState::Prev::win;
    m.score = score;
    return m;
}

// ------------------------------------------------------- fives and threes ----

TEST(FivesThreesPoints, EveryTotalFromZeroTo24) {
    // A point per 5 when 5 divides the total, plus a point per 3 when 3 does.
    const std::array<int, 25> want = {
        0, 0, 0, 1, 0, 1, 2, 0, 0, 3, 2, 0, 4,  // 0..12
        0, 0, 8, 0, 0, 6, 0, 4, 7, 0, 0, 8,     // 13..24
    };
    for (int total = 0; total <= 24; ++total) {
        EXPECT_EQ(fives_threes_points(total), want[total]) << total;
        int fives = 0, threes = 0;
        for (int k = 1; 5 * k <= total; ++k)
            if (5 * k == total) fives = k;
        for (int k = 1; 3 * k <= total; ++k)
            if (3 * k == total) threes = k;
        EXPECT_EQ(want[total], fives + threes) << total;
    }
}

TEST(FivesThreesPoints, SeedTable) {
    struct Case {
        int total, points;
    };
    // Seed 001, "The possible scoring totals".
    for (auto c : std::vector<Case>{
             {3, 1}, {5, 1}, {6, 2}, {9, 3}, {10, 2}, {12, 4}, {15, 8}, {18, 6}, {20, 4}})
        EXPECT_EQ(fives_threes_points(c.total), c.points) << c.total;
}

// A lone tile counts both halves: what a pose scores.
TEST(FivesThrees, PoseScoresTheWholeTile) {
    struct Case {
        int a, b, points;
    };
    const std::vector<Case> cases = {
        {5, 5, 2},  // 10
        {6, 4, 2},  // 10
        {6, 6, 4},  // 12
        {6, 3, 3},  // 9
        {5, 0, 1},  // 5
        {2, 1, 1},  // 3
        {6, 2, 0},  // 8
        {0, 0, 0},  // 0
    };
    Variant v = variant(RuleSet::fives_threes, 2);
    auto rules = make_rules(v);
    for (auto c : cases) {
        HandState h(v);
        h.start();
        HandScore s;
        MatchState m;
        std::vector<int> pts;
        std::string pose = "A:" + std::to_string(c.a) + "-" + std::to_string(c.b) + "P";
        ASSERT_TRUE(replay(h, *rules, s, m, pose, &pts));
        EXPECT_EQ(pts, std::vector<int>{c.points}) << pose;
        EXPECT_EQ(s.points[0], c.points) << pose;
    }
}

// 2 players: A plays out with 3-0, leaving 0 and 6 at the ends (6: 2 points) and
// chipping out (1 point).
const char* kFt2Deal[] = {"6-4 5-3 5-2 5-1 4-3 4-1 3-0", "6-5 6-0 4-0 3-3 3-2 2-1 0-0"};
const char* kFt2Play =
    "A:5-2P B:3-2R A:5-3R B:6-5L A:5-1R B:6-0L A:4-1R B:0-0L A:6-4R B:4-0L A:4-3L B:3-3L A:3-0L";
// Open totals: 7 8 10 11 7 1 4 4(0-0 at L) 6 10 9 12(3-3 at L) 6.
const std::vector<int> kFt2Points = {0, 0, 2, 0, 0, 0, 0, 0, 2, 2, 3, 4, 2};

struct Ft2 {
    std::array<int, 2> start;  // match score before the hand
    std::vector<int> points;   // what each play scores
    std::array<int, 2> hand;   // what each side makes in the hand, chip-out point included
    bool target;
};

TEST(FivesThrees, OvershootScoresNothingAndExactly61Ends) {
    const std::vector<Ft2> cases = {
        // From 0-0: A makes 2+2+3+2 and 1 for chipping out; B 2+4.
        {{0, 0}, kFt2Points, {10, 6}, false},
        // A on 59 before the last play: 2 + the chip-out point would make 62.
        {{52, 0}, {0, 0, 2, 0, 0, 0, 0, 0, 2, 2, 3, 4, 0}, {7, 6}, false},
        // A on 58 before the last play: 2 + 1 make exactly 61.
        {{51, 0}, kFt2Points, {10, 6}, true},
        // A on 60 after 5-3: every later A play would pass 61.
        {{58, 0}, {0, 0, 2, 0, 0, 0, 0, 0, 0, 2, 0, 4, 0}, {2, 6}, false},
        // B on 59: 4-0 (2) makes 61 at once, and the hand ends there.
        {{0, 59}, {0, 0, 2, 0, 0, 0, 0, 0, 2, 2}, {4, 2}, true},
    };
    Variant v = variant(RuleSet::fives_threes, 2);
    auto rules = make_rules(v);
    for (const auto& c : cases) {
        SCOPED_TRACE(testing::Message() << "start " << c.start[0] << "-" << c.start[1]);
        HandState h(v);
        ASSERT_TRUE(h.deal(0, tiles(kFt2Deal[0])));
        ASSERT_TRUE(h.deal(1, tiles(kFt2Deal[1])));
        h.start();
        MatchState m = after_hand_one({c.start[0], c.start[1], 0, 0});
        HandScore s;
        std::vector<int> pts;
        std::istringstream in{kFt2Play};
        std::string w;
        while (in >> w && !s.target) ASSERT_TRUE(replay(h, *rules, s, m, w, &pts));
        EXPECT_EQ(pts, c.points);
        EXPECT_EQ(s.points[0], c.hand[0]);
        EXPECT_EQ(s.points[1], c.hand[1]);
        EXPECT_EQ(s.target, c.target);
        HandResult r = rules->result(h, s, m, 2);
        rules->apply(m, r);
        EXPECT_EQ(m.score[0], c.start[0] + c.hand[0]);
        EXPECT_EQ(m.score[1], c.start[1] + c.hand[1]);
        EXPECT_LE(m.score[0], 61);
        EXPECT_EQ(m.over, c.target);
        if (c.target) {
            EXPECT_EQ(r.how, HandOver::target);
            EXPECT_EQ(s.target_party, m.score[0] == 61 ? 0 : 1);
            EXPECT_EQ(m.winner, s.target_party);
        } else {
            EXPECT_EQ(r.how, HandOver::domino);
            EXPECT_EQ(r.winner, 0);
        }
    }
}

// 4 players: A plays out first (no chip-out point: C still holds tiles); the
// chip-out point comes when C plays out too.
TEST(FivesThrees, FourPlayersChipOutWhenBothPartnersAreOut) {
    Variant v = variant(RuleSet::fives_threes, 4);
    auto rules = make_rules(v);
    HandState h(v);
    deal_all(h, {"6-2 5-5 4-3 4-1 2-0 1-0", "6-6 6-4 5-4 5-2 4-0 2-2", "6-3 6-1 5-0 3-2 1-1 0-0",
                 "5-3 5-1 4-4 4-2 3-3 2-1"});
    MatchState m;
    HandScore s;
    std::vector<int> pts;
    ASSERT_TRUE(replay(h, *rules, s, m,
                       "A:4-1P B:4-0L C:1-1R D:2-1R A:6-2R B:6-6R C:6-3R D:5-3R A:1-0L B:5-2R "
                       "C:3-2R D:5-1L A:5-5L B:5-4L C:pass D:3-3R A:4-3R B:6-4L C:6-1L D:4-2R",
                       &pts));
    // Totals: 5 1 2(1-1) 2 6 12(6-6) 3 5 6 3 4 8 13(5-5) 7 - 10(3-3) 8 10 5 3.
    EXPECT_EQ(pts, (std::vector<int>{1, 0, 0, 0, 2, 4, 1, 1, 2, 1, 0, 0, 0, 0, 2, 0, 2, 1, 1}));
    EXPECT_EQ(s.points[0], 1 + 2 + 1 + 2 + 1);
    EXPECT_EQ(s.points[1], 4 + 1 + 1 + 2 + 2 + 1);
    ASSERT_TRUE(replay(h, *rules, s, m, "A:2-0R", &pts));  // A out, ends 1 and 0
    EXPECT_EQ(pts.back(), 0);
    EXPECT_EQ(s.points[0], 7);  // no chip-out point yet
    ASSERT_TRUE(replay(h, *rules, s, m, "B:pass C:0-0R D:pass B:pass C:5-0R", &pts));
    EXPECT_EQ(pts.back(), 2);    // ends 1 and 5
    EXPECT_EQ(s.points[0], 10);  // 7 + 2 + 1 for the side's chip-out
    EXPECT_EQ(s.points[1], 11);
    HandResult r = rules->result(h, s, m, 1);
    EXPECT_EQ(r.how, HandOver::domino);
    EXPECT_EQ(r.winner, 0);
    rules->apply(m, r);
    EXPECT_EQ(m.score[0], 10);
    EXPECT_EQ(m.score[1], 11);
    EXPECT_FALSE(m.over);
    // A led this hand: B leads the next.
    PoseRule p = rules->pose_rule(m);
    EXPECT_TRUE(p.known);
    EXPECT_EQ(p.seats, seat_bit(1));
}

TEST(FivesThrees, LeadPassesToTheNextSeat) {
    struct Case {
        int players, leader, next;
    };
    for (auto c : std::vector<Case>{{4, 0, 1}, {4, 3, 0}, {2, 0, 1}, {2, 1, 0}}) {
        Variant v = variant(RuleSet::fives_threes, c.players);
        auto rules = make_rules(v);
        MatchState m;
        PoseRule first = rules->pose_rule(m);
        EXPECT_TRUE(first.known);
        EXPECT_EQ(first.seats, 0xF);  // hand 1: drawn by lot
        EXPECT_EQ(first.what, PoseRule::What::any);
        HandState h(v);
        h.start();
        // Plays that leave only four tiles that fit off the table (the unused
        // tiles can hold them all), then a round of knocks.
        ASSERT_TRUE(h.pose(c.leader, Tile(6, 6), 6, 6));
        for (auto [t, e] : {std::pair{Tile(6, 5), End::L},
                            {Tile(6, 4), End::R},
                            {Tile(4, 4), End::R},
                            {Tile(5, 5), End::L},
                            {Tile(5, 4), End::L}})
            ASSERT_TRUE(h.play(h.turn(), t, e));
        while (h.over() == HandOver::no) ASSERT_TRUE(h.pass(h.turn()));
        HandScore s;
        HandResult r = rules->result(h, s, m, 1);
        EXPECT_EQ(r.how, HandOver::blocked);
        rules->apply(m, r);
        EXPECT_EQ(rules->pose_rule(m).seats, seat_bit(c.next))
            << c.players << " players, led by " << c.leader;
    }
}

TEST(FivesThrees, MatchEndsAtExactly61) {
    Variant v = variant(RuleSet::fives_threes, 4);
    auto rules = make_rules(v);
    MatchState m = after_hand_one({55, 40, 0, 0});
    HandResult r;
    r.how = HandOver::blocked;
    r.points = {5, 7, 0, 0};
    rules->apply(m, r);
    EXPECT_FALSE(m.over);  // 60 and 47
    r.points = {1, 0, 0, 0};
    rules->apply(m, r);
    EXPECT_TRUE(m.over);
    EXPECT_EQ(m.winner, 0);
}

// -------------------------------------------------------------- jamaican ----

TEST(JamaicanResult, DominoIsOnePointAndTheKeyTileTwo) {
    Variant v = variant(RuleSet::jamaican, 4);
    HandResult r = result_of(v, key_domino);
    EXPECT_EQ(r.how, HandOver::domino);
    EXPECT_EQ(r.winner, 0);
    EXPECT_EQ(r.winner_seat, 0);
    EXPECT_EQ(r.points[0], 2);
    EXPECT_EQ(r.points[1], 0);
    // Both ends 0 and only 0-0 left: not a key tile.
    r = result_of(v, blank_domino);
    EXPECT_EQ(r.winner, 0);
    EXPECT_EQ(r.points[0], 1);
}

TEST(JamaicanResult, BlockedByTheLowestSeat) {
    struct Case {
        const Rest* rest;
        bool tie;
        int winner, seat;
    };
    const std::vector<Case> cases = {
        {&kALow, false, 0, 0},        {&kCLow, false, 0, 2},
        {&kBLowACLess, false, 1, 1},  // B's 7 wins for BD; side totals do not matter
        {&kABShare, true, -1, -1},    // opponents share the lowest
        {&kACShare, false, 0, -1},    // partners share it: their side wins
        {&kEqualSides, true, -1, -1},
    };
    Variant v = variant(RuleSet::jamaican, 4);
    for (const auto& c : cases) {
        HandResult r = block_result(v, *c.rest);
        EXPECT_EQ(r.how, HandOver::blocked) << c.rest->name;
        EXPECT_EQ(r.tie, c.tie) << c.rest->name;
        if (c.tie) {
            EXPECT_EQ(r.points, (std::array<int, 4>{})) << c.rest->name;
            continue;
        }
        EXPECT_EQ(r.winner, c.winner) << c.rest->name;
        if (c.seat >= 0) {
            EXPECT_EQ(r.winner_seat, c.seat) << c.rest->name;
        }
        EXPECT_EQ(r.points[c.winner], 1) << c.rest->name;
        EXPECT_EQ(r.points[1 - c.winner], 0) << c.rest->name;
    }
}

TEST(JamaicanResult, TieReplayValue) {
    struct Case {
        bool tie_replay;
        int ties;
        bool key;  // key-tile domino, or else a plain domino
        int points;
    };
    const std::vector<Case> cases = {
        {true, 0, false, 1},  {true, 1, false, 2}, {true, 2, false, 3},
        {true, 3, false, 4},  {true, 1, true, 3},  {true, 2, true, 4},
        {false, 2, false, 1}, {false, 2, true, 2},  // ties count only with tie-replay
    };
    for (auto c : cases) {
        Variant v = variant(RuleSet::jamaican, 4, Options{.tie_replay = c.tie_replay});
        MatchState m;
        m.first = false;
        m.prev = c.ties ? MatchState::Prev::tie : MatchState::Prev::none;
        m.ties = c.ties;
        HandResult r = result_of(v, c.key ? key_domino : blank_domino, m);
        EXPECT_EQ(r.points[0], c.points) << c.tie_replay << " ties " << c.ties << " key " << c.key;
    }
    // A blocked replay is worth as much.
    Variant v = variant(RuleSet::jamaican, 4, Options{.tie_replay = true});
    MatchState m;
    m.ties = 2;
    EXPECT_EQ(block_result(v, kALow, m).points[0], 3);
}

TEST(JamaicanResult, PlayoffKeyTileAddsNothing) {
    Variant v = variant(RuleSet::jamaican, 4, Options{.playoff = true});
    auto rules = make_rules(v);
    MatchState m = after_hand_one({1, 1, 0, 0});
    m.playoff = true;
    m.posers = kAC;
    HandState h(v);
    key_domino(h);
    HandResult r = rules->result(h, HandScore{}, m, 5);
    EXPECT_EQ(r.points[0], 1);
    rules->apply(m, r);
    EXPECT_EQ(m.score[0], 2);
    EXPECT_EQ(m.score[1], 0);
    EXPECT_FALSE(m.playoff);
    EXPECT_EQ(m.posers, kAC);
}

TEST(JamaicanResult, PlayoffWorthOneAfterTiesWithTieReplay) {
    // A tied play-off is posed again and still worth 1: never a replay's value.
    Variant v = variant(RuleSet::jamaican, 4, Options{.playoff = true, .tie_replay = true});
    auto rules = make_rules(v);
    MatchState m = after_hand_one({1, 1, 0, 0});
    m.playoff = true;
    m.posers = kAC;
    m.prev = MatchState::Prev::tie;
    m.ties = 2;
    HandState h(v);
    blank_domino(h);
    HandResult r = rules->result(h, HandScore{}, m, 6);
    EXPECT_EQ(r.points[0], 1);
    EXPECT_EQ(block_result(v, kALow, m).points[0], 1);
    rules->apply(m, r);
    EXPECT_EQ(m.score[0], 2);
    EXPECT_EQ(m.score[1], 0);
}

struct JamaicanApply {
    const char* what;
    Options options;
    std::array<int, 2> before;
    bool playoff;  // the hand is a play-off
    int winner;    // -1: a tie
    int points;
    std::array<int, 2> after;
    MatchState::Prev prev;
    bool over;
    bool playoff_next;
    std::uint8_t posers;  // checked after a win that did not reset
};

TEST(JamaicanMatch, Apply) {
    using P = MatchState::Prev;
    const Options none{}, po{.playoff = true}, tr{.tie_replay = true};
    const std::vector<JamaicanApply> cases = {
        {"win at 0-0 adds", none, {0, 0}, false, 0, 1, {1, 0}, P::win, false, false, kAC},
        {"key at 0-0 adds 2", none, {0, 0}, false, 1, 2, {0, 2}, P::win, false, false, kBD},
        {"leader adds", none, {3, 0}, false, 0, 2, {5, 0}, P::win, false, false, kAC},
        {"side at 0 resets", none, {3, 0}, false, 1, 1, {0, 0}, P::reset, false, false, 0},
        {"key does not save", none, {0, 4}, false, 0, 2, {0, 0}, P::reset, false, false, 0},
        {"six-love", none, {5, 0}, false, 0, 1, {6, 0}, P::win, true, false, kAC},
        {"six or more", none, {0, 5}, false, 1, 2, {0, 7}, P::win, true, false, kBD},
        {"five is not six", none, {4, 0}, false, 0, 1, {5, 0}, P::win, false, false, kAC},
        {"tie keeps the score", none, {2, 0}, false, -1, 0, {2, 0}, P::tie, false, false, 0},
        {"1 then playoff", po, {0, 1}, false, 0, 1, {1, 1}, P::win, false, true, kAC},
        {"1 then playoff BD", po, {1, 0}, false, 1, 2, {1, 1}, P::win, false, true, kBD},
        {"2 is no playoff", po, {0, 2}, false, 0, 1, {0, 0}, P::reset, false, false, 0},
        {"no option, no playoff", none, {0, 1}, false, 0, 1, {0, 0}, P::reset, false, false, 0},
        {"playoff won 2-0", po, {1, 1}, true, 0, 1, {2, 0}, P::win, false, false, kAC},
        {"playoff won 0-2", po, {1, 1}, true, 1, 1, {0, 2}, P::win, false, false, kBD},
        {"playoff tied", po, {1, 1}, true, -1, 0, {1, 1}, P::tie, false, true, kAC},
        {"replay at 0-0", tr, {0, 0}, false, 0, 2, {2, 0}, P::win, false, false, kAC},
        {"replay won by leader", tr, {2, 0}, false, 0, 3, {5, 0}, P::win, false, false, kAC},
        {"replay lost by leader", tr, {2, 0}, false, 1, 3, {0, 0}, P::reset, false, false, 0},
    };
    for (const auto& c : cases) {
        Variant v = variant(RuleSet::jamaican, 4, c.options);
        auto rules = make_rules(v);
        MatchState m = after_hand_one({c.before[0], c.before[1], 0, 0});
        m.playoff = c.playoff;
        if (c.playoff) m.posers = kAC;  // the side that forced the play-off
        rules->apply(m, c.winner < 0 ? tie() : win(c.winner, c.points));
        EXPECT_EQ(m.score[0], c.after[0]) << c.what;
        EXPECT_EQ(m.score[1], c.after[1]) << c.what;
        EXPECT_EQ(m.prev, c.prev) << c.what;
        EXPECT_EQ(m.over, c.over) << c.what;
        if (c.over) {
            EXPECT_EQ(m.winner, c.winner) << c.what;
        }
        EXPECT_EQ(m.playoff, c.playoff_next) << c.what;
        if (c.posers) {
            EXPECT_EQ(m.posers, c.posers) << c.what;
        }
        EXPECT_FALSE(m.first) << c.what;
    }
}

TEST(JamaicanMatch, PoseRules) {
    Variant v = variant(RuleSet::jamaican, 4);
    auto rules = make_rules(v);
    MatchState m;
    PoseRule p = rules->pose_rule(m);  // hand 1
    EXPECT_TRUE(p.known);
    EXPECT_EQ(p.holder, std::optional<Tile>(Tile(6, 6)));
    EXPECT_EQ(p.what, PoseRule::What::holder_tile);

    Variant sv = variant(RuleSet::jamaican, 4, Options{.sporting = true});
    p = make_rules(sv)->pose_rule(m);
    EXPECT_EQ(p.holder, std::optional<Tile>(Tile(6, 6)));
    EXPECT_EQ(p.what, PoseRule::What::any);

    rules->apply(m, win(1, 1));  // 0-1: BD poses any tile
    p = rules->pose_rule(m);
    EXPECT_EQ(p.holder, std::nullopt);
    EXPECT_EQ(p.seats, kBD);
    EXPECT_EQ(p.what, PoseRule::What::any);

    rules->apply(m, tie());  // after a tie: the holder of 6-6
    p = rules->pose_rule(m);
    EXPECT_EQ(p.holder, std::optional<Tile>(Tile(6, 6)));
    EXPECT_EQ(p.what, PoseRule::What::holder_tile);

    rules->apply(m, win(0, 1));  // 0-1 then AC wins: reset, the holder of 6-6
    EXPECT_EQ(m.score[0] + m.score[1], 0);
    p = rules->pose_rule(m);
    EXPECT_EQ(p.holder, std::optional<Tile>(Tile(6, 6)));

    rules->apply(m, win(0, 1));  // 1-0 from 0-0: AC poses
    p = rules->pose_rule(m);
    EXPECT_EQ(p.holder, std::nullopt);
    EXPECT_EQ(p.seats, kAC);

    MatchState later;
    later.first = false;
    later.pose_unknown = true;  // the record starts after hand 1
    EXPECT_FALSE(rules->pose_rule(later).known);
}

TEST(JamaicanMatch, TieReplayFlow) {
    Variant v = variant(RuleSet::jamaican, 4, Options{.tie_replay = true});
    auto rules = make_rules(v);
    MatchState m;
    rules->apply(m, tie());  // tie at 0-0
    EXPECT_EQ(m.ties, 1);
    PoseRule p = rules->pose_rule(m);
    EXPECT_EQ(p.holder, std::optional<Tile>(Tile(6, 6)));  // at 0-0 the holder of 6-6
    // The replay, won by AC with a plain domino: worth 2.
    HandState h(v);
    blank_domino(h);  // A dominoes: AC wins
    HandResult r = rules->result(h, HandScore{}, m, 2);
    EXPECT_EQ(r.points[0], 2);
    rules->apply(m, r);
    EXPECT_EQ(m.score[0], 2);
    EXPECT_EQ(m.ties, 0);
    rules->apply(m, tie());
    p = rules->pose_rule(m);  // the side with points poses the replay, any tile
    EXPECT_EQ(p.holder, std::nullopt);
    EXPECT_EQ(p.seats, kAC);
    EXPECT_EQ(p.what, PoseRule::What::any);
    rules->apply(m, tie());
    EXPECT_EQ(rules->pose_rule(m).seats, kAC);
    // Second replay after two ties, won by AC with the key tile: 3 + 1.
    HandState k(v);
    key_domino(k);
    r = rules->result(k, HandScore{}, m, 5);
    EXPECT_EQ(r.points[0], 4);
    rules->apply(m, r);
    EXPECT_EQ(m.score[0], 6);
    EXPECT_TRUE(m.over);
    EXPECT_EQ(m.winner, 0);
}

TEST(JamaicanMatch, PlayoffFlow) {
    Variant v = variant(RuleSet::jamaican, 4, Options{.playoff = true});
    auto rules = make_rules(v);
    MatchState m;
    rules->apply(m, win(1, 1));  // 0-1
    rules->apply(m, win(0, 1));  // AC at 0 wins while BD has 1: 1-1 and a play-off
    EXPECT_EQ(m.score[0], 1);
    EXPECT_EQ(m.score[1], 1);
    EXPECT_TRUE(m.playoff);
    PoseRule p = rules->pose_rule(m);
    EXPECT_EQ(p.seats, kAC);  // posed by the side that just won
    EXPECT_EQ(p.holder, std::nullopt);
    rules->apply(m, tie());  // a tied play-off is replayed, posed by the same side
    EXPECT_TRUE(m.playoff);
    EXPECT_EQ(rules->pose_rule(m).seats, kAC);
    rules->apply(m, win(1, 2));  // BD wins it (a key tile adds nothing): 0-2
    EXPECT_EQ(m.score[0], 0);
    EXPECT_EQ(m.score[1], 2);
    EXPECT_FALSE(m.playoff);
    EXPECT_EQ(rules->pose_rule(m).seats, kBD);
}

// ---------------------------------------------------- cutthroat and chiva ----

struct SeatApply {
    RuleSet rules;
    int players;
    std::array<int, 4> before;
    int winner;  // -1: tie
    std::array<int, 4> after;
    MatchState::Prev prev;
    bool over;
};

TEST(SeatMatch, Apply) {
    using P = MatchState::Prev;
    const auto ct = RuleSet::cutthroat, ch = RuleSet::chiva;
    const std::vector<SeatApply> cases = {
        {ct, 4, {0, 0, 0, 0}, 2, {0, 0, 1, 0}, P::win, false},
        {ct, 4, {1, 1, 1, 0}, 3, {0, 0, 0, 0}, P::reset, false},  // every seat has a point
        {ct, 4, {1, 1, 0, 1}, 0, {2, 1, 0, 1}, P::win, false},
        {ct, 4, {5, 0, 1, 1}, 0, {6, 0, 1, 1}, P::win, true},  // 6 while B has 0
        {ct, 4, {5, 1, 1, 0}, 3, {0, 0, 0, 0}, P::reset, false},
        {ct, 4, {4, 0, 1, 1}, 0, {5, 0, 1, 1}, P::win, false},
        {ct, 4, {2, 0, 1, 0}, -1, {2, 0, 1, 0}, P::tie, false},
        {ct, 3, {2, 0, 1, 0}, 1, {0, 0, 0, 0}, P::reset, false},
        {ct, 3, {5, 0, 2, 0}, 0, {6, 0, 2, 0}, P::win, true},
        {ct, 2, {3, 0, 0, 0}, 1, {0, 0, 0, 0}, P::reset, false},
        {ct, 2, {5, 0, 0, 0}, 0, {6, 0, 0, 0}, P::win, true},
        {ch, 3, {3, 0, 1, 0}, 0, {4, 0, 1, 0}, P::win, true},  // chiva: 4
        {ch, 3, {3, 1, 0, 0}, 2, {0, 0, 0, 0}, P::reset, false},
        {ch, 2, {2, 0, 0, 0}, 0, {3, 0, 0, 0}, P::win, false},
        {ch, 2, {3, 0, 0, 0}, 0, {4, 0, 0, 0}, P::win, true},
        {ch, 4, {3, 0, 0, 0}, 0, {4, 0, 0, 0}, P::win, true},  // 4p: sides
        {ch, 4, {0, 3, 0, 0}, 0, {0, 0, 0, 0}, P::reset, false},
        {ch, 4, {2, 0, 0, 0}, 0, {3, 0, 0, 0}, P::win, false},
        {ch, 4, {0, 0, 0, 0}, -1, {0, 0, 0, 0}, P::tie, false},
    };
    for (const auto& c : cases) {
        Variant v = variant(c.rules, c.players);
        auto rules = make_rules(v);
        MatchState m = after_hand_one(c.before);
        int party = c.winner;
        rules->apply(m, c.winner < 0 ? tie() : win(party, 1, c.winner));
        std::string what = std::string(rules_id(c.rules)) + " " + std::to_string(c.players) +
                           "p, winner " + std::to_string(c.winner) + " from " +
                           std::to_string(c.before[0]) + std::to_string(c.before[1]) +
                           std::to_string(c.before[2]) + std::to_string(c.before[3]);
        EXPECT_EQ(m.score, c.after) << what;
        EXPECT_EQ(m.prev, c.prev) << what;
        EXPECT_EQ(m.over, c.over) << what;
        if (c.over) {
            EXPECT_EQ(m.winner, c.winner) << what;
        }
        if (c.prev == P::win && !(c.rules == ch && c.players == 4)) {
            EXPECT_EQ(rules->pose_rule(m).seats, seat_bit(c.winner)) << what;
        }
        if (c.prev != P::win) {
            PoseRule p = rules->pose_rule(m);  // the holder of 6-6 again
            EXPECT_TRUE(v.draw_game() ? p.draw_holder : p.holder == Tile(6, 6)) << what;
        }
    }
}

TEST(Cutthroat, EachWinIsOnePointAndBlocksGoToTheSingleLowestSeat) {
    Variant v = variant(RuleSet::cutthroat, 4);
    HandResult r = result_of(v, key_domino);
    EXPECT_EQ(r.winner, 0);
    EXPECT_EQ(r.points[0], 1);  // no key-tile bonus
    struct Case {
        const Rest* rest;
        int winner;  // -1: tie
    };
    for (auto c : std::vector<Case>{{&kALow, 0},
                                    {&kCLow, 2},
                                    {&kBLowACLess, 1},
                                    {&kABShare, -1},
                                    {&kACShare, -1},
                                    {&kEqualSides, -1}}) {
        r = block_result(v, *c.rest);
        EXPECT_EQ(r.tie, c.winner < 0) << c.rest->name;
        if (c.winner >= 0) {
            EXPECT_EQ(r.winner, c.winner) << c.rest->name;
            EXPECT_EQ(r.winner_seat, c.winner) << c.rest->name;
            EXPECT_EQ(r.points[c.winner], 1) << c.rest->name;
        }
    }
}

TEST(Cutthroat, PoseRules) {
    auto rules = make_rules(variant(RuleSet::cutthroat, 3));
    MatchState m;
    PoseRule p = rules->pose_rule(m);
    EXPECT_EQ(p.holder, std::optional<Tile>(Tile(6, 6)));
    EXPECT_EQ(p.what, PoseRule::What::holder_tile);
    rules->apply(m, win(2, 1));
    p = rules->pose_rule(m);
    EXPECT_EQ(p.seats, seat_bit(2));
    EXPECT_EQ(p.what, PoseRule::What::any);
    EXPECT_EQ(p.holder, std::nullopt);
    // Draw games: 6-6 may be in the boneyard.
    auto draw = make_rules(variant(RuleSet::cutthroat, 2, Options{.draw = true}));
    p = draw->pose_rule(MatchState{});
    EXPECT_TRUE(p.draw_holder);
    EXPECT_EQ(p.what, PoseRule::What::holder_tile);
    EXPECT_TRUE(make_rules(variant(RuleSet::chiva, 3))->pose_rule(MatchState{}).draw_holder);
    EXPECT_FALSE(make_rules(variant(RuleSet::chiva, 4))->pose_rule(MatchState{}).draw_holder);
}

TEST(Chiva, FourPlayersBlockBySideTotals) {
    struct Case {
        const Rest* rest;
        int winner;  // -1: tie
        std::uint8_t posers;
    };
    const std::vector<Case> cases = {
        {&kALow, 0, seat_bit(0)},        // AC 35 < BD 55; A 7 < C 28
        {&kCLow, 0, seat_bit(2)},        // AC 27 < BD 63; C 10 < A 17
        {&kBLowACLess, 0, seat_bit(0)},  // AC 43 < BD 47 though B is lowest; A 15 < C 28
        {&kABShare, 0, seat_bit(0)},     // AC 39 < BD 51
        {&kACShare, 0, kAC},             // A and C both 15: either poses
        {&kEqualSides, -1, 0},           // 45 and 45
    };
    Variant v = variant(RuleSet::chiva, 4);
    auto rules = make_rules(v);
    for (const auto& c : cases) {
        HandResult r = block_result(v, *c.rest);
        EXPECT_EQ(r.tie, c.winner < 0) << c.rest->name;
        MatchState m;
        rules->apply(m, r);
        PoseRule p = rules->pose_rule(m);
        if (c.winner < 0) {
            EXPECT_EQ(r.points, (std::array<int, 4>{})) << c.rest->name;
            EXPECT_EQ(p.holder, std::optional<Tile>(Tile(6, 6))) << c.rest->name;
            continue;
        }
        EXPECT_EQ(r.winner, c.winner) << c.rest->name;
        EXPECT_EQ(r.points[c.winner], 1) << c.rest->name;
        EXPECT_EQ(m.score[c.winner], 1) << c.rest->name;
        EXPECT_EQ(p.seats, c.posers) << c.rest->name;
        EXPECT_EQ(p.holder, std::nullopt) << c.rest->name;
    }
    // A domino: one point, no key-tile bonus, and the winning side poses.
    HandResult r = result_of(v, key_domino);
    EXPECT_EQ(r.points[0], 1);
    MatchState m;
    rules->apply(m, r);
    EXPECT_EQ(rules->pose_rule(m).seats, kAC);
}

// ------------------------------------------------------------ quinientos ----

TEST(Quinientos, DominoScoresTheOtherHandsWithBonuses) {
    struct Case {
        const char* what;
        Options o;
        bool key;  // the key chain (6-2 fits ends 2 and 6), or else the blank chain
        int hand;
        int points;
    };
    const std::vector<Case> cases = {
        {"other hands", {}, true, 3, 8},  // 0-0 1-1 3-3
        {"capicu", {.capicu = true}, true, 3, 108},
        {"bonus hand 1", {.bonus = true}, true, 1, 108},
        {"bonus hand 2", {.bonus = true}, true, 2, 58},
        {"bonus hand 3", {.bonus = true}, true, 3, 8},
        {"all three", {.bonus = true, .capicu = true, .double_blank = true}, true, 1, 208},
        {"blank chain", {}, false, 3, 12},  // 1-1 2-2 3-3
        {"double-blank", {.double_blank = true}, false, 3, 112},
        {"no capicu on equal ends", {.capicu = true}, false, 3, 12},
    };
    for (const auto& c : cases) {
        Variant v = variant(RuleSet::quinientos, 4, c.o);
        MatchState m;
        HandResult r = result_of(v, c.key ? key_domino : blank_domino, m, c.hand);
        EXPECT_EQ(r.winner, 0) << c.what;
        EXPECT_EQ(r.points[0], c.points) << c.what;
        EXPECT_EQ(r.points[1], 0) << c.what;
        auto rules = make_rules(v);
        rules->apply(m, r);
        EXPECT_EQ(m.score[0], c.points) << c.what;
        EXPECT_EQ(rules->pose_rule(m).seats, seat_bit(0)) << c.what;  // the one who dominoed
    }
}

TEST(Quinientos, BlockedHands) {
    struct Case {
        Options o;
        const Rest* rest;
        int hand;
        int winner;  // -1: void
        int points;
        std::uint8_t posers;
    };
    const Options none{}, bp{.block_player = true}, tc{.tie_closer = true};
    const std::vector<Case> cases = {
        {none, &kALow, 3, 0, 90, seat_bit(0)},        // AC 35 < 55; A 7 < C 28
        {none, &kCLow, 3, 0, 90, seat_bit(2)},        // AC 27 < 63; C 10 < A 17
        {none, &kBLowACLess, 3, 0, 90, seat_bit(0)},  // AC 43 < 47
        {bp, &kBLowACLess, 3, 1, 90, seat_bit(1)},    // B's single 7; B 7 < D 40
        {bp, &kABShare, 3, -1, 0, 0},                 // lowest on both sides: void
        {bp, &kACShare, 3, 0, 90, kAC},               // partners share it; A = C
        {none, &kEqualSides, 3, -1, 0, 0},            // 45 and 45: void
        {tc, &kEqualSides, 3, 1, 90, seat_bit(1)},    // B closed the game; B 14 < D 31
        {Options{.bonus = true}, &kALow, 1, 0, 190, seat_bit(0)},
    };
    for (const auto& c : cases) {
        Variant v = variant(RuleSet::quinientos, 4, c.o);
        auto rules = make_rules(v);
        HandResult r = block_result(v, *c.rest, MatchState{}, c.hand);
        MatchState m;
        rules->apply(m, r);
        PoseRule p = rules->pose_rule(m);
        EXPECT_EQ(r.tie, c.winner < 0) << c.rest->name;
        if (c.winner < 0) {
            EXPECT_EQ(m.score, (std::array<int, 4>{})) << c.rest->name;
            EXPECT_EQ(p.holder, std::optional<Tile>(Tile(6, 6))) << c.rest->name;
            continue;
        }
        EXPECT_EQ(r.winner, c.winner) << c.rest->name;
        EXPECT_EQ(r.points[c.winner], c.points) << c.rest->name;
        EXPECT_EQ(r.points[1 - c.winner], 0) << c.rest->name;
        EXPECT_EQ(p.seats, c.posers) << c.rest->name;
    }
}

TEST(Quinientos, MatchTo500) {
    auto rules = make_rules(variant(RuleSet::quinientos, 4));
    MatchState m;
    PoseRule p = rules->pose_rule(m);
    EXPECT_EQ(p.holder, std::optional<Tile>(Tile(6, 6)));
    EXPECT_EQ(p.what, PoseRule::What::holder_tile);
    m = after_hand_one({400, 480, 0, 0});
    rules->apply(m, win(0, 99, 2));
    EXPECT_EQ(m.score[0], 499);
    EXPECT_FALSE(m.over);
    rules->apply(m, win(1, 20, 1));
    EXPECT_EQ(m.score[1], 500);
    EXPECT_TRUE(m.over);
    EXPECT_EQ(m.winner, 1);
}

// ---------------------------------------------------------------- french ----

const std::vector<std::string_view> kFrenchDominoDeal = {
    "6-6 6-0 4-4 4-3 4-2 3-3 0-0", "6-4 6-1 5-4 5-1 4-0 3-0 2-1", "6-3 6-2 5-5 5-3 4-1 3-2 3-1",
    "6-5 5-2 5-0 2-2 2-0 1-1 1-0"};
// A goes out with the double 6-6; B keeps 2-1 6-1 5-1 (16), C 6-2 3-1 6-3 (21),
// D 6-5 1-1 (13, a double).
const char* kFrenchDominoPlay =
    "A:0-0P B:3-0N C:pass D:5-0S A:6-0W B:4-0E C:5-5S D:5-2S A:4-4E B:5-4E C:5-3E D:2-2S "
    "A:4-2S B:6-4S C:pass D:pass A:3-3E B:pass C:3-2E D:2-0E A:4-3N B:pass C:4-1N D:1-0E A:6-6W";

TEST(French, DominoWithADoubleDoublesEveryCount) {
    Variant v = variant(RuleSet::french, 4);
    auto rules = make_rules(v);
    HandState h(v);
    deal_all(h, kFrenchDominoDeal);
    MatchState m;
    HandScore s;
    ASSERT_TRUE(replay(h, *rules, s, m, kFrenchDominoPlay));
    ASSERT_EQ(h.over(), HandOver::domino);
    EXPECT_TRUE(s.known);
    EXPECT_EQ(s.points, (std::array<int, 4>{}));  // every pass was forced, no run of 3
    HandResult r = rules->result(h, s, m, 1);
    EXPECT_EQ(r.winner, 0);
    // B 16 x2 (6-6 last), C 21 x2, D 13 x2 (holds 1-1) x2 (6-6 last).
    EXPECT_EQ(r.points, (std::array<int, 4>{0, 32, 42, 52}));
    // Penalties are added, never doubled.
    HandScore pen;
    pen.points = {10, 0, 0, 10};
    r = rules->result(h, pen, m, 1);
    EXPECT_EQ(r.points, (std::array<int, 4>{10, 32, 42, 62}));
}

TEST(French, DominoWithAPlainTileAndBlankTen) {
    const std::vector<std::string_view> deal = {
        "6-6 5-5 5-4 3-1 3-0 2-1 1-0", "6-2 5-3 5-0 4-2 2-0 1-1 0-0", "6-3 6-1 5-1 4-3 4-0 3-2 2-2",
        "6-5 6-4 6-0 5-2 4-4 4-1 3-3"};
    // A (a later hand: a double of A's choice) poses 5-5 and goes out with 1-0;
    // B keeps 0-0 alone, C 4-0, D 6-4 6-0.
    const char* play =
        "A:5-5P B:5-0E C:5-1S D:5-2N A:5-4W B:1-1S C:6-1S D:4-4W A:6-6S B:4-2W C:2-2N D:6-5S "
        "A:2-1N B:6-2W C:6-3W D:3-3W A:3-1N B:5-3S C:3-2S D:pass A:3-0N B:2-0S C:4-3W D:4-1W "
        "A:1-0W";
    struct Case {
        bool blank_ten;
        std::array<int, 4> points;
    };
    // B: 0-0 is a double: 0 x2, or with blank-ten 10 x2 (seed 000: "would score 20").
    for (auto c : std::vector<Case>{{false, {0, 0, 4, 16}}, {true, {0, 20, 4, 16}}}) {
        Variant v = variant(RuleSet::french, 4, Options{.blank_ten = c.blank_ten});
        auto rules = make_rules(v);
        HandState h(v);
        deal_all(h, deal);
        MatchState m = after_hand_one({});
        m.posers = seat_bit(0);
        HandScore s;
        ASSERT_TRUE(replay(h, *rules, s, m, play));
        ASSERT_EQ(h.over(), HandOver::domino);
        EXPECT_EQ(h.pip_count(1), c.blank_ten ? 10 : 0);
        HandResult r = rules->result(h, s, m, 2);
        EXPECT_EQ(r.winner, 0);
        EXPECT_EQ(r.points, c.points) << "blank-ten " << c.blank_ten;
    }
}

TEST(French, BlockedHandLowestCountWins) {
    Variant v = variant(RuleSet::french, 4);
    auto rules = make_rules(v);
    HandState h(v);
    deal_all(h, {"6-2 5-4 5-3 5-1 4-1 3-0 2-2", "6-6 6-4 6-3 5-5 5-2 4-2 4-0",
                 "6-5 6-1 6-0 4-4 3-2 2-1 2-0", "5-0 4-3 3-3 3-1 1-1 1-0 0-0"});
    MatchState m;
    HandScore s;
    ASSERT_TRUE(replay(h, *rules, s, m,
                       "D:0-0P A:3-0W B:4-0S C:2-0E D:1-0N A:2-2E B:5-2E C:4-4S D:1-1N A:5-1N "
                       "B:5-5E C:6-5E D:5-0N A:5-4S B:6-6E C:6-0E D:3-3W"));
    EXPECT_EQ(h.over(), HandOver::no);
    ASSERT_TRUE(replay(h, *rules, s, m, "A:5-3W"));  // arms 0 0 5 5, all 0s and 5s down
    ASSERT_EQ(h.over(), HandOver::blocked);
    HandResult r = rules->result(h, s, m, 1);
    EXPECT_FALSE(r.tie);
    EXPECT_EQ(r.winner, 3);  // D 4-3 3-1: 11
    // A 6-2 4-1, B 6-4 4-2 6-3, C 2-1 6-1 3-2, D 4-3 3-1; nobody holds a double.
    EXPECT_EQ(r.points, (std::array<int, 4>{13, 25, 15, 11}));
    rules->apply(m, r);
    PoseRule p = rules->pose_rule(m);
    EXPECT_EQ(p.seats, seat_bit(3));
    EXPECT_EQ(p.what, PoseRule::What::a_double);
    EXPECT_TRUE(p.may_pass);
}

TEST(French, Penalties) {
    Variant v = variant(RuleSet::french, 4);
    auto rules = make_rules(v);
    HandState h(v);
    MatchState m;
    HandScore s;
    using K = Event::Kind;
    auto ev = [&](K k, int seat, std::optional<bool> able = std::nullopt) {
        rules->on_event(s, h, {k, seat, Tile(0, 0), able}, m);
    };
    ev(K::pose, 0);
    ev(K::pass, 1, false);
    ev(K::pass, 2, false);
    EXPECT_EQ(s.points, (std::array<int, 4>{}));
    ev(K::pass, 3, false);  // board pass: B C D passed on A's play
    EXPECT_EQ(s.points, (std::array<int, 4>{0, 10, 10, 10}));
    ev(K::play, 0);
    ev(K::pass, 1, true);  // passing while able: 10
    EXPECT_EQ(s.points[1], 20);
    ev(K::play, 2);
    ev(K::pass, 3, false);
    ev(K::pass, 0, false);
    ev(K::pass, 1, false);  // B's third pass in a row (+10), and a board pass on C (+10 each)
    EXPECT_EQ(s.points, (std::array<int, 4>{10, 40, 10, 20}));
    ev(K::foul, 2);
    EXPECT_EQ(s.points[2], 20);
    EXPECT_TRUE(s.known);
    ev(K::pass, 3);  // could not tell whether D could play
    EXPECT_FALSE(s.known);
}

TEST(French, MatchEndsAfter100WithTheLowestTotal) {
    struct Case {
        std::array<int, 4> before, hand;
        int winner;  // of the hand; -1: tie
        bool over;
        int match_winner;
    };
    const std::vector<Case> cases = {
        {{90, 50, 60, 70}, {12, 0, 5, 3}, 1, true, 1},    // 102 50 65 73
        {{90, 50, 45, 70}, {12, 0, 5, 3}, 1, false, -1},  // 102 50 50 73: shared lowest
        {{80, 50, 60, 70}, {12, 0, 5, 3}, 1, false, -1},  // nobody at 100
        {{98, 20, 60, 99}, {0, 30, 20, 1}, 0, true, 1},   // 98 50 80 100: B, not A
        {{95, 40, 60, 70}, {6, 6, 6, 6}, -1, true, 1},    // a tied hand can end it
        {{99, 99, 99, 99}, {1, 1, 1, 1}, -1, false, -1},  // all 100: one more hand
    };
    auto rules = make_rules(variant(RuleSet::french, 4));
    for (const auto& c : cases) {
        MatchState m = after_hand_one(c.before);
        HandResult r;
        r.how = HandOver::blocked;
        r.points = c.hand;
        r.tie = c.winner < 0;
        r.winner = r.winner_seat = c.winner;
        rules->apply(m, r);
        for (int p = 0; p < 4; ++p) EXPECT_EQ(m.score[p], c.before[p] + c.hand[p]);
        EXPECT_EQ(m.over, c.over) << c.before[0] << " " << c.before[1];
        if (c.over) {
            EXPECT_EQ(m.winner, c.match_winner);
        }
    }
}

TEST(French, PoseRules) {
    auto rules = make_rules(variant(RuleSet::french, 4));
    MatchState m;
    PoseRule p = rules->pose_rule(m);
    EXPECT_EQ(p.holder, std::optional<Tile>(Tile(0, 0)));
    EXPECT_EQ(p.what, PoseRule::What::holder_tile);
    rules->apply(m, win(2, 0));
    p = rules->pose_rule(m);
    EXPECT_EQ(p.seats, seat_bit(2));
    EXPECT_EQ(p.what, PoseRule::What::a_double);
    EXPECT_TRUE(p.may_pass);
    rules->apply(m, tie());
    p = rules->pose_rule(m);
    EXPECT_EQ(p.holder, std::optional<Tile>(Tile(0, 0)));
}

}  // namespace
