// The traits table (engine/traits.hpp) and what the Rules derive from it: each
// rule set's row against the rules written in docs/rules.md, the match end a
// score shows, and how claims settle a hand the engine could not score.
#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "engine/rules.hpp"
#include "engine/traits.hpp"
#include "engine/variant.hpp"

using namespace pips;

namespace {

Variant make(std::string_view rules, int players, std::string_view options = "") {
    Variant v;
    auto err = make_variant(rules, players, options, v);
    EXPECT_FALSE(err) << rules << " " << players << ": " << (err ? err->message : "");
    return v;
}

TEST(Traits, OneRowPerRuleSetInOrder) {
    ASSERT_EQ(kRuleTraits.size(), 6u);
    for (std::size_t i = 0; i < kRuleTraits.size(); ++i) {
        EXPECT_EQ(static_cast<std::size_t>(kRuleTraits[i].id), i);
        EXPECT_EQ(parse_rules_id(kRuleTraits[i].name), kRuleTraits[i].id);
        EXPECT_EQ(rules_id(kRuleTraits[i].id), kRuleTraits[i].name);
    }
    EXPECT_EQ(parse_rules_id("fives-threes"), RuleSet::fives_threes);
    EXPECT_FALSE(parse_rules_id("fives_threes"));
}

// The player counts of docs/rules.md's table: allowed exactly, others refused.
TEST(Traits, PlayerCountsAsDocumented) {
    struct Row {
        const char* rules;
        std::array<bool, 6> allowed;  // 0..5 players
    };
    const Row rows[] = {
        {"jamaican", {false, false, false, false, true, false}},
        {"cutthroat", {false, false, true, true, true, false}},
        {"chiva", {false, false, true, true, true, false}},
        {"quinientos", {false, false, false, false, true, false}},
        {"fives-threes", {false, false, true, false, true, false}},
        {"french", {false, false, false, false, true, false}},
    };
    for (const auto& r : rows) {
        for (int n = 0; n < 6; ++n) {
            Variant v;
            auto err = make_variant(r.rules, n, "", v);
            EXPECT_EQ(!err, r.allowed[static_cast<std::size_t>(n)]) << r.rules << " " << n;
            if (err) {
                EXPECT_EQ(err->field, VariantError::Field::players);
            }
        }
    }
    Variant v;
    auto err = make_variant("fives-threes", 3, "", v);
    ASSERT_TRUE(err);
    EXPECT_EQ(err->message, "fives-threes is played by 2 or 4 players, not 3");
    err = make_variant("cutthroat", 3, "draw", v);
    ASSERT_TRUE(err);
    EXPECT_EQ(err->message, "option 'draw' is for 2-player cutthroat, not 3 players");
}

// Deals, sets, sides and boneyards, per docs/rules.md.
TEST(Traits, DealsAndSides) {
    struct Row {
        const char* rules;
        int players;
        const char* options;
        int tiles;
        int set;
        bool sides;
        bool draws;
    };
    const Row rows[] = {
        {"jamaican", 4, "", 7, 28, true, false},      {"cutthroat", 2, "", 14, 28, false, false},
        {"cutthroat", 2, "draw", 7, 28, false, true}, {"cutthroat", 3, "", 9, 27, false, false},
        {"cutthroat", 4, "", 7, 28, false, false},    {"chiva", 2, "", 7, 28, false, true},
        {"chiva", 3, "", 7, 28, false, true},         {"chiva", 4, "", 7, 28, true, false},
        {"quinientos", 4, "", 7, 28, true, false},    {"fives-threes", 2, "", 7, 28, false, false},
        {"fives-threes", 4, "", 6, 28, true, false},  {"french", 4, "", 7, 28, false, false},
    };
    for (const auto& r : rows) {
        Variant v = make(r.rules, r.players, r.options);
        SCOPED_TRACE(v.name());
        EXPECT_EQ(v.tiles_per_seat(), r.tiles);
        EXPECT_EQ(v.tile_set().size(), r.set);
        EXPECT_EQ(v.partnership(), r.sides);
        EXPECT_EQ(v.parties(), r.sides ? 2 : r.players);
        EXPECT_EQ(v.draw_game(), r.draws);
        EXPECT_EQ(v.layout(),
                  std::string_view(r.rules) == "french" ? LayoutKind::spinner : LayoutKind::line);
    }
}

TEST(Traits, AllVariants) {
    std::vector<std::string> names;
    for (const Variant& v : all_variants()) {
        Variant made;
        EXPECT_FALSE(make_variant(rules_id(v.rules), v.players, "", made)) << v.name();
        names.push_back(v.name());
    }
    const std::vector<std::string> want{
        "jamaican, 4 players",     "cutthroat, 2 players",    "cutthroat, 3 players",
        "cutthroat, 4 players",    "french, 4 players",       "chiva, 2 players",
        "chiva, 3 players",        "chiva, 4 players",        "quinientos, 4 players",
        "fives-threes, 2 players", "fives-threes, 4 players",
    };
    EXPECT_EQ(names, want);
}

TEST(Traits, CountPlayers) {
    EXPECT_EQ(count_players("Ann, Bob, Cy, Di").count, 4);
    EXPECT_FALSE(count_players("Ann, Bob, Cy, Di").empty_name);
    EXPECT_EQ(count_players("Ann,Bob,").count, 2);  // a last comma starts no name
    EXPECT_EQ(count_players("").count, 0);
    EXPECT_TRUE(count_players("Ann,,Bob").empty_name);
    EXPECT_TRUE(count_players("Ann, \t,Bob").empty_name);
    EXPECT_TRUE(count_players(",Ann").empty_name);
    EXPECT_EQ(count_players("Ann,,Bob").count, 3);
}

TEST(Traits, MatchWinnerFromAScore) {
    auto winner = [](std::string_view rules, int players, std::array<int, 4> score) {
        return make_rules(make(rules, players))->match_winner(score);
    };
    EXPECT_EQ(winner("jamaican", 4, {5, 0}), -1);
    EXPECT_EQ(winner("jamaican", 4, {0, 6}), 1);
    EXPECT_EQ(winner("jamaican", 4, {7, 0}), 0);
    EXPECT_EQ(winner("cutthroat", 3, {0, 2, 6}), 2);
    EXPECT_EQ(winner("chiva", 4, {4, 0}), 0);
    EXPECT_EQ(winner("chiva", 2, {3, 0}), -1);
    EXPECT_EQ(winner("quinientos", 4, {499, 510}), 1);
    EXPECT_EQ(winner("fives-threes", 2, {60, 0}), -1);
    EXPECT_EQ(winner("fives-threes", 4, {12, 61}), 1);
    // French: once a seat reaches 100, the single lowest score wins.
    EXPECT_EQ(winner("french", 4, {99, 40, 60, 70}), -1);
    EXPECT_EQ(winner("french", 4, {100, 40, 60, 70}), 1);
    EXPECT_EQ(winner("french", 4, {100, 40, 40, 70}), -1);
}

ClaimedOutcome claimed(HandOver how, int winner, int seat, std::array<int, 4> points,
                       bool winner_known, bool complete) {
    ClaimedOutcome c;
    c.result.how = how;
    c.result.winner = winner;
    c.result.winner_seat = seat;
    c.result.points = points;
    c.winner_known = winner_known;
    c.points_complete = complete;
    return c;
}

TEST(Traits, ClaimsSettleAWinWorthOne) {
    auto rules = make_rules(make("cutthroat", 3));
    MatchState m;
    m.score = {2, 0, 0};
    m.first = false;
    // "end domino B" and no points line: a win is worth 1, but the score is
    // only known when the points say so.
    bool known = rules->apply_claims(
        m, claimed(HandOver::domino, 1, 1, {}, /*winner_known=*/true, /*complete=*/false));
    EXPECT_FALSE(known);
    EXPECT_TRUE(m.known);
    EXPECT_EQ(m.score[1], 1);
    EXPECT_EQ(m.posers, 0b0010);
    // A blocked hand whose points show nobody scoring is a tie.
    MatchState t;
    t.first = false;
    known = rules->apply_claims(t, claimed(HandOver::blocked, -1, -1, {0, 0, 0}, false, true));
    EXPECT_TRUE(known);
    EXPECT_EQ(t.prev, MatchState::Prev::tie);
}

TEST(Traits, ClaimsNameTheWinnerByItsPoints) {
    auto rules = make_rules(make("quinientos", 4));
    MatchState m;
    m.first = false;
    bool known = rules->apply_claims(m, claimed(HandOver::blocked, -1, -1, {0, 85}, false, true));
    EXPECT_TRUE(known);
    EXPECT_EQ(m.score[1], 85);
    EXPECT_EQ(m.posers, 0b1010);  // either seat of BD
    // Quinientos: nobody scoring is not a tie; the outcome stays unknown.
    MatchState u;
    u.first = false;
    known = rules->apply_claims(u, claimed(HandOver::blocked, -1, -1, {0, 0}, false, true));
    EXPECT_FALSE(known);
    EXPECT_FALSE(u.known);
}

TEST(Traits, ClaimsInFivesThreesMoveTheLeadOn) {
    auto rules = make_rules(make("fives-threes", 2));
    MatchState m;
    m.first = false;
    m.leader = 0;
    bool known = rules->apply_claims(m, claimed(HandOver::domino, 0, 0, {12, 7}, true, true));
    EXPECT_TRUE(known);
    EXPECT_EQ(m.score[0], 12);
    EXPECT_EQ(m.score[1], 7);
    EXPECT_TRUE(m.known);
    // Whoever won, the lead moves on one seat: A led before, so B led this
    // hand, and the seat after B leads the next.
    EXPECT_FALSE(m.pose_unknown);
    EXPECT_EQ(m.leader, 1);
    EXPECT_EQ(rules->claimed_posers(claimed(HandOver::domino, 0, 0, {}, true, true).result), 0);
    // The seat that led the hand, when known, is the leader.
    ClaimedOutcome c = claimed(HandOver::blocked, -1, -1, {3, 4}, false, true);
    c.result.leader = 0;
    rules->apply_claims(m, c);
    EXPECT_EQ(m.leader, 0);
    EXPECT_FALSE(m.pose_unknown);
    // No leader known before or in the hand: the lead is unknown.
    MatchState later;
    later.first = false;
    later.pose_unknown = true;
    rules->apply_claims(later, claimed(HandOver::blocked, -1, -1, {3, 4}, false, true));
    EXPECT_EQ(later.leader, -1);
    EXPECT_TRUE(later.pose_unknown);
}

TEST(Traits, AfterMoveEndsTheHandAtTheTarget) {
    Variant v = make("fives-threes", 2);
    auto rules = make_rules(v);
    HandState h(v);
    h.start();
    MatchState m;
    m.score = {57, 0};
    HandScore s;
    // 6-6 posed: 12 on the table, 4 threes: 57 + 4 = 61 ends the match.
    ASSERT_TRUE(h.pose(0, Tile(6, 6), 6, 6));
    int pts = rules->after_move(s, h, {Event::Kind::pose, 0, Tile(6, 6), {}}, m);
    EXPECT_EQ(pts, 4);
    EXPECT_TRUE(s.target);
    EXPECT_EQ(h.over(), HandOver::target);
}

}  // namespace
