// Table tests of what each rule set can give a summary hand (a score-sheet
// line): the outcomes it has, the points a party may get for one, and how the
// match score moves with them. Every expected value is from RULINGS.md,
// "Summary hands" and "What claims settle".
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <memory>
#include <string>

#include "engine/rules.hpp"
#include "engine/variant.hpp"
#include "tests/support/support.hpp"

using namespace pips;

namespace {

struct Sheet {
    Variant v;
    std::unique_ptr<Rules> rules;
    Sheet(RuleSet r, int players, Options o = {})
        : v(test::variant_of(r, players, o)), rules(make_rules(v)) {}
    PointRange range(const MatchState& m, Outcome o, int party, SheetContext c = {1}) const {
        return rules->points_range(m, o, party, c);
    }
    // The match after a hand with outcome `o` scoring `points`.
    MatchState after(MatchState m, Outcome o, std::array<int, 4> points) const {
        rules->apply(m, rules->sheet_result(o, points, m));
        return m;
    }
};

Outcome domino(int seat, const Variant& v) {
    return {HandOver::domino, false, v.party_of(seat), seat};
}
Outcome block(int party) {
    return {HandOver::blocked, false, party, -1};
}
Outcome tie() {
    return {HandOver::blocked, true, -1, -1};
}

bool same(const PointRange& r, int lo, int hi, int step = 1) {
    return r.lo == lo && r.hi == hi && r.step == step;
}

}  // namespace

TEST(SheetPoints, JamaicanWinIsOneOrTwoForADomino) {
    Sheet s(RuleSet::jamaican, 4);
    MatchState m;
    EXPECT_TRUE(same(s.range(m, domino(0, s.v), 0), 1, 2));  // key tile: 2
    EXPECT_TRUE(same(s.range(m, block(0), 0), 1, 1));        // a block has no key tile
    EXPECT_TRUE(same(s.range(m, block(0), 1), 0, 0));        // the losers score 0
    EXPECT_TRUE(same(s.range(m, tie(), 0), 0, 0));
    m.playoff = true;
    EXPECT_TRUE(same(s.range(m, domino(1, s.v), 1), 1, 1));  // a play-off is worth 1
}

TEST(SheetPoints, JamaicanTieReplayAddsOneATie) {
    Sheet s(RuleSet::jamaican, 4, {.tie_replay = true});
    MatchState m;
    m.ties = 2;  // two ties: the replay is worth 3, 4 with the key tile
    EXPECT_TRUE(same(s.range(m, domino(2, s.v), 0), 3, 4));
    EXPECT_TRUE(same(s.range(m, block(1), 1), 3, 3));
    // Ties before the record are not known: any value from 1.
    EXPECT_TRUE(same(s.range(m, block(1), 1, {5, true, true}), 1, PointRange::kNoLimit));
}

TEST(SheetPoints, OnePointGames) {
    for (auto [r, n] :
         {std::pair{RuleSet::cutthroat, 3}, {RuleSet::chiva, 4}, {RuleSet::chiva, 2}}) {
        Sheet s(r, n);
        MatchState m;
        EXPECT_TRUE(same(s.range(m, domino(1, s.v), s.v.party_of(1)), 1, 1));
        EXPECT_TRUE(same(s.range(m, domino(1, s.v), s.v.party_of(0)), 0, 0));
        EXPECT_TRUE(same(s.range(m, tie(), 0), 0, 0));
    }
}

TEST(SheetPoints, QuinientosPipsBonusesAndVoid) {
    Sheet plain(RuleSet::quinientos, 4);
    MatchState m;
    EXPECT_TRUE(same(plain.range(m, block(1), 1), 0, 168));
    EXPECT_TRUE(plain.rules->can_tie());
    Sheet bonus(RuleSet::quinientos, 4, {.bonus = true, .capicu = true});
    // Hand 1: +100 certain; a domino may carry the capicu 100 as well.
    EXPECT_TRUE(same(bonus.range(m, domino(0, bonus.v), 0, {1}), 100, 368));
    EXPECT_TRUE(same(bonus.range(m, block(0), 0, {2}), 50, 218));  // hand 2: +50
    EXPECT_TRUE(same(bonus.range(m, block(0), 0, {3}), 0, 168));
    Sheet closer(RuleSet::quinientos, 4, {.tie_closer = true});
    EXPECT_FALSE(closer.rules->can_tie());  // no void hand
}

TEST(SheetPoints, FrenchDominoerScoresTensOnly) {
    Sheet s(RuleSet::french, 4);
    MatchState m;
    EXPECT_TRUE(same(s.range(m, domino(2, s.v), 2), 0, PointRange::kNoLimit, 10));
    EXPECT_TRUE(same(s.range(m, domino(2, s.v), 0), 0, PointRange::kNoLimit));
    EXPECT_TRUE(s.range(m, domino(2, s.v), 2).contains(30));
    EXPECT_FALSE(s.range(m, domino(2, s.v), 2).contains(35));
}

TEST(SheetPoints, FivesThreesNeverPast61) {
    Sheet s(RuleSet::fives_threes, 2);
    MatchState m;
    m.score = {50, 20};
    EXPECT_TRUE(same(s.range(m, block(-1), 0), 0, 11));
    EXPECT_TRUE(same(s.range(m, block(-1), 1), 0, 41));
    EXPECT_FALSE(s.rules->can_tie());
    EXPECT_TRUE(s.rules->has_target());
    // Exactly 61 is an end by target, and only that.
    Outcome target{HandOver::target, false, 0, -1};
    EXPECT_TRUE(s.rules->fits(target, s.after(m, target, {11, 3})));
    EXPECT_FALSE(s.rules->fits(target, s.after(m, target, {10, 3})));
    Outcome chip = domino(0, s.v);
    EXPECT_FALSE(s.rules->fits(chip, s.after(m, chip, {11, 3})));
    EXPECT_TRUE(s.rules->fits(chip, s.after(m, chip, {10, 3})));
}

TEST(SheetOutcomes, WhatEachRuleSetHas) {
    Sheet jam(RuleSet::jamaican, 4);
    // Nothing stated: a domino or a block by either side, or a tie.
    EXPECT_EQ(jam.rules->outcomes({}).size(), 5u);
    EXPECT_EQ(jam.rules->outcomes({HandOver::blocked, false, -1, -1}).size(), 2u);
    EXPECT_EQ(jam.rules->outcomes(domino(3, jam.v)).size(), 1u);
    Sheet ft(RuleSet::fives_threes, 4);
    // A chip-out or a target by either side, or a block with no winner.
    EXPECT_EQ(ft.rules->outcomes({}).size(), 5u);
    Sheet cut(RuleSet::cutthroat, 3);
    EXPECT_EQ(cut.rules->outcomes({}).size(), 7u);
}

TEST(SheetScore, MovesAsInPlayedHands) {
    Sheet jam(RuleSet::jamaican, 4, {.playoff = true});
    MatchState m;
    m.score = {1, 0};
    m.first = false;
    MatchState a = jam.after(m, domino(1, jam.v), {0, 1});  // the side at 0 wins at 1-0
    EXPECT_EQ(a.score[0], 1);
    EXPECT_EQ(a.score[1], 1);
    EXPECT_TRUE(a.playoff);
    MatchState b = jam.after(a, block(0), {1, 0});  // the play-off: 2-0
    EXPECT_EQ(b.score[0], 2);
    EXPECT_EQ(b.score[1], 0);

    Sheet cut(RuleSet::cutthroat, 2);
    MatchState c;
    c.score = {1, 0};
    MatchState d = cut.after(c, domino(1, cut.v), {0, 1});  // every seat has a point: reset
    EXPECT_EQ(d.score[0], 0);
    EXPECT_EQ(d.score[1], 0);
    EXPECT_EQ(d.prev, MatchState::Prev::reset);

    Sheet fr(RuleSet::french, 4);
    MatchState e;
    e.score = {90, 40, 20, 60};
    MatchState f = fr.after(e, domino(2, fr.v), {12, 8, 0, 30});
    EXPECT_TRUE(f.over);  // A reached 102: the lowest, C, wins
    EXPECT_EQ(f.winner, 2);
}

TEST(SheetScore, ReachableAfterUnknownHands) {
    std::array<int, 4> zero{};
    Sheet jam(RuleSet::jamaican, 4);
    EXPECT_TRUE(jam.rules->score_reachable({3, 0}, zero));
    EXPECT_FALSE(jam.rules->score_reachable({2, 1}, zero));
    EXPECT_FALSE(jam.rules->score_reachable({1, 1}, zero));
    Sheet po(RuleSet::jamaican, 4, {.playoff = true});
    EXPECT_TRUE(po.rules->score_reachable({1, 1}, zero));
    Sheet cut(RuleSet::cutthroat, 3);
    EXPECT_TRUE(cut.rules->score_reachable({2, 0, 5}, zero));
    EXPECT_FALSE(cut.rules->score_reachable({2, 1, 5}, zero));
    Sheet q(RuleSet::quinientos, 4);
    EXPECT_FALSE(q.rules->score_reachable({100, 40}, {120, 0}));  // no score goes down
    Sheet ft(RuleSet::fives_threes, 2);
    EXPECT_TRUE(ft.rules->score_reachable({61, 40}, zero));
    EXPECT_FALSE(ft.rules->score_reachable({62, 40}, zero));
    EXPECT_FALSE(ft.rules->score_reachable({61, 61}, zero));
}

TEST(SheetPosers, SideOnlyAfterABlockInChivaAndQuinientos) {
    bool exact = true;
    Sheet q(RuleSet::quinientos, 4);
    EXPECT_EQ(q.rules->sheet_posers(domino(3, q.v), exact), 0b1000);
    EXPECT_TRUE(exact);
    EXPECT_EQ(q.rules->sheet_posers(block(0), exact), 0b0101);
    EXPECT_FALSE(exact);
    Sheet c(RuleSet::chiva, 4);
    EXPECT_EQ(c.rules->sheet_posers(block(1), exact), 0b1010);
    EXPECT_FALSE(exact);
    Sheet j(RuleSet::jamaican, 4);
    EXPECT_EQ(j.rules->sheet_posers(block(1), exact), 0b1010);
    EXPECT_TRUE(exact);  // either partner poses
}

// What claims settle of a played hand whose pip counts are not shown, and
// what unchecked says of it (docs/diagnostics.md section 6).
namespace {

using test::corpus_verdict;
using test::lists;

}  // namespace

TEST(SheetClaims, PlayoffSettledByAScoreLineEndsThePlayoff) {
    auto v = corpus_verdict("valid/partial/jamaican_playoff_block_settled_by_score_line.dgn");
    EXPECT_TRUE(v.valid) << test::describe(v);
    EXPECT_TRUE(lists(v,
                      "winner and points of hand 3 taken from `score AC 0 BD 2` (pip counts "
                      "not shown)"))
        << test::describe(v);
    EXPECT_FALSE(lists(v, "hand 3: the score (pip counts not shown)")) << test::describe(v);
}

TEST(SheetClaims, WinnerAndPointsFromDifferentLines) {
    auto v = corpus_verdict(
        "valid/partial/french_block_winner_from_end_line_points_from_points_line.dgn");
    EXPECT_TRUE(v.valid) << test::describe(v);
    EXPECT_TRUE(lists(v,
                      "winner of hand 6 taken from `end block A` (pip counts or penalties not "
                      "shown)"))
        << test::describe(v);
    EXPECT_TRUE(lists(v,
                      "points of hand 6 taken from `points A 7 B 14 C 9 D 12` (pip counts or "
                      "penalties not shown)"))
        << test::describe(v);
}

// Quinientos: a block's winners score the pips off the layout, whoever won.
TEST(SheetClaims, QuinientosBlockPointsFollowFromTheLayout) {
    auto v = corpus_verdict("valid/partial/quinientos_unlabelled_pose.dgn");
    EXPECT_TRUE(v.valid) << test::describe(v);
    EXPECT_TRUE(lists(v,
                      "winner and points of hand 3 taken from `end block BD` (pip counts not "
                      "shown)"))
        << test::describe(v);
    auto bad = corpus_verdict(
        "invalid/points-mismatch/quinientos_block_counts_unshown_points_follow_from_layout.dgn");
    ASSERT_FALSE(bad.errors.empty());
    EXPECT_EQ(bad.errors[0].message, "BD scores 48 in hand 3 of quinientos, not 50");
}

TEST(SheetClaims, TieShownByAnUnchangedScoreCountsForTheReplay) {
    auto v =
        corpus_verdict("valid/partial/jamaican_tie_shown_by_unchanged_score_counts_for_replay.dgn");
    EXPECT_TRUE(v.valid) << test::describe(v);
    EXPECT_TRUE(lists(v,
                      "winner and points of hand 2 taken from `score AC 1 BD 0` (pip counts "
                      "not shown)"))
        << test::describe(v);
}

TEST(SheetClaims, ScoreOnlySheetWithSeveralWinnersLeavesThePoserUnknown) {
    auto v = corpus_verdict("valid/sheets/french_sheet_score_only_leaves_next_poser_unknown.dgn");
    EXPECT_TRUE(v.valid) << test::describe(v);
    EXPECT_TRUE(lists(v, "who poses hand 3: hand 2's outcome is not shown")) << test::describe(v);
}

TEST(SheetClaims, UnsettledPointsStayUnchecked) {
    // A french domino with no pip counts and no claim lines: the winner is
    // known from the plies, its points are not.
    auto vs = test::check_text(
        "[Rules \"french\"]\n[Players \"P, Q, R, S\"]\n[Result \"*\"]\n\nhand 1\n"
        "B:0-0 C:3-0 D:5-0 A:1-0S B:6-0 C:6-6 D:2-6W A:3-3 B:3-1 C:pass D:2-2 A:5-5 B:2-4\n"
        "C:3-5E D:4-3 A:4-4 B:1-1 C:1-4W D:4-0 A:2-0 B:1-5 C:3-2E D:1-2 A:5-4 B:1-6\n");
    ASSERT_EQ(vs.size(), 1u);
    EXPECT_TRUE(lists(vs[0], "hand 1: the score (pip counts or penalties not shown)"))
        << test::describe(vs[0]);
}

// Who poses after a win depends on the winner and on whether the win reset
// the score, which follows from the score before the hand, not from its
// points (RULINGS.md, "Known and unknown"): a domino without points still
// names the next poser.
TEST(SheetClaims, DominoWithoutPointsStillNamesTheNextPoser) {
    for (const char* name :
         {"invalid/wrong-pose/sheet_jamaican_domino_without_points_still_names_the_poser.dgn",
          "invalid/wrong-pose/"
          "sheet_jamaican_unknown_points_at_five_love_still_names_the_poser.dgn"}) {
        auto v = corpus_verdict(name);
        ASSERT_EQ(v.errors.size(), 1u) << name << test::describe(v);
        EXPECT_EQ(v.errors[0].code, checker::Code::wrong_pose) << test::describe(v);
        EXPECT_EQ(v.errors[0].message,
                  "B may not pose; A or C may: the side that won the last hand poses");
        EXPECT_FALSE(lists(v, "who poses hand 2: hand 1's outcome is not shown"))
            << test::describe(v);
    }
}

// A win after an unknown score: whether it reset the score is derived from
// that score, and a fact derived from an unknown score is unknown even when
// every value it may have had agrees ("there is no one of these"). The
// reason is listed once, and it is the true one.
TEST(SheetClaims, WinAfterAnUnknownScoreLeavesTheResetUnknown) {
    auto v = corpus_verdict(
        "valid/sheets/jamaican_win_after_unknown_score_leaves_the_reset_unknown.dgn");
    EXPECT_TRUE(v.valid) << test::describe(v);
    EXPECT_TRUE(lists(v,
                      "who poses hand 3: whether hand 2 reset the score (the score before it is "
                      "not known)"))
        << test::describe(v);
    EXPECT_FALSE(lists(v, "who poses hand 2: hand 1's outcome is not shown")) << test::describe(v);
    EXPECT_FALSE(lists(v, "hand 3: who poses (the match state is unknown)")) << test::describe(v);
}

// In a partnership game `end block` names the side; a seat is end-mismatch
// at the WHO, in summary and played hands.
TEST(SheetClaims, EndBlockNamesASideInAPartnershipGame) {
    auto sheet = corpus_verdict("invalid/end-mismatch/jamaican_end_block_names_a_seat.dgn");
    ASSERT_EQ(sheet.errors.size(), 1u) << test::describe(sheet);
    EXPECT_EQ(sheet.errors[0].code, checker::Code::end_mismatch);
    EXPECT_EQ(sheet.errors[0].pos.column, 11u);
    EXPECT_EQ(sheet.errors[0].message,
              "hand 1: end block names a side in a partnership game: AC, not A");
    auto played = corpus_verdict("invalid/end-mismatch/jamaican_played_block_names_a_seat.dgn");
    ASSERT_EQ(played.errors.size(), 1u) << test::describe(played);
    EXPECT_EQ(played.errors[0].code, checker::Code::end_mismatch);
    EXPECT_EQ(played.errors[0].message, "end block names a side in a partnership game: AC, not A");
    for (const char* rules : {"chiva", "quinientos"}) {
        auto vs = test::check_text(std::string("[Rules \"") + rules +
                                   "\"]\n[Players \"P, Q, R, S\"]\n\nhand 1\nend block D\n");
        ASSERT_EQ(vs.size(), 1u);
        ASSERT_EQ(vs[0].errors.size(), 1u) << rules << test::describe(vs[0]);
        EXPECT_EQ(vs[0].errors[0].message,
                  "hand 1: end block names a side in a partnership game: BD, not D");
    }
    // A seat in an individual game is the winner.
    auto cut =
        test::check_text("[Rules \"cutthroat\"]\n[Players \"P, Q, R\"]\n\nhand 1\nend block B\n");
    ASSERT_EQ(cut.size(), 1u);
    EXPECT_TRUE(cut[0].valid) << test::describe(cut[0]);
}
