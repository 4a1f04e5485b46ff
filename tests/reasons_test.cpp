// The rules' reasons put in words (checker/reasons.cpp): each kind of reason
// gives the message words the checker has always used.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "checker/replay.hpp"
#include "engine/rules.hpp"
#include "engine/variant.hpp"
#include "tests/support/support.hpp"

using namespace pips;
using checker::impl::counts_words;
using checker::impl::pose_words;
using checker::impl::result_words;

namespace {

std::unique_ptr<Rules> rules_of(std::string_view rules, int players, std::string_view opts = "") {
    Variant v;
    EXPECT_FALSE(make_variant(rules, players, opts, v));
    return make_rules(v);
}

TEST(Reasons, PoseWords) {
    auto jam = rules_of("jamaican", 4);
    MatchState m;
    EXPECT_EQ(pose_words(jam->pose_rule(m).reason), "hand 1: the holder of 6-6 poses it");
    m.first = false;
    m.prev = MatchState::Prev::reset;
    EXPECT_EQ(pose_words(jam->pose_rule(m).reason),
              "after the score went back to 0-0: the holder of 6-6 poses it");
    m.prev = MatchState::Prev::win;
    EXPECT_EQ(pose_words(jam->pose_rule(m).reason), "the side that won the last hand poses");
    EXPECT_EQ(pose_words(rules_of("jamaican", 4, "sporting")->pose_rule({}).reason),
              "hand 1: the holder of 6-6 poses (sporting: any tile)");
    MatchState reset;
    reset.first = false;
    reset.prev = MatchState::Prev::reset;
    EXPECT_EQ(pose_words(rules_of("cutthroat", 3)->pose_rule(reset).reason),
              "after the scores went back to 0: the holder of 6-6 poses it");
    EXPECT_EQ(pose_words(rules_of("chiva", 2)->pose_rule({}).reason),
              "hand 1: the holder of 6-6 poses it (6-6 in the boneyard: the highest double "
              "dealt, or else the heaviest tile, the higher half breaking a tie)");
    MatchState tie;
    tie.first = false;
    tie.prev = MatchState::Prev::tie;
    EXPECT_EQ(pose_words(rules_of("french", 4)->pose_rule(tie).reason),
              "after a tie the holder of 0-0 poses it");
    EXPECT_EQ(pose_words(rules_of("quinientos", 4)->pose_rule(tie).reason),
              "after a void hand: the holder of 6-6 poses it");
    MatchState led;
    led.first = false;
    led.leader = 1;
    EXPECT_EQ(pose_words(rules_of("fives-threes", 2)->pose_rule(led).reason),
              "the lead passes to the seat after B, who led the last hand");
}

TEST(Reasons, QuinientosPoseAfterABlockIsTheLowerCountOfTheWinningSide) {
    auto q = rules_of("quinientos", 4);
    MatchState m;
    m.first = false;
    HandResult r;
    r.how = HandOver::domino;
    r.winner = 1;
    r.winner_seat = 3;
    r.next_posers = 0b1000;
    r.points[1] = 30;
    q->apply(m, r);
    EXPECT_EQ(pose_words(q->pose_rule(m).reason), "the winner of the last hand poses");
    // Blocked, BD winning: D has the lower count and poses (a seat, not the
    // winner of the hand, which is a side).
    r.how = HandOver::blocked;
    q->apply(m, r);
    const PoseRule p = q->pose_rule(m);
    EXPECT_EQ(p.seats, 0b1000);
    EXPECT_EQ(pose_words(p.reason),
              "after a block the winning side's seat with the lower count poses");
    // A domino after it: the seat that dominoed again.
    r.how = HandOver::domino;
    q->apply(m, r);
    EXPECT_EQ(pose_words(q->pose_rule(m).reason), "the winner of the last hand poses");
}

TEST(Reasons, QuinientosWrongPoseAfterABlockNamesTheLowerCount) {
    auto vs = test::check_text(
        test::slurp(std::string(PIPS_SOURCE_DIR) +
                    "/corpus/invalid/wrong-pose/quinientos_block_higher_count_partner_poses.dgn"));
    ASSERT_EQ(vs.size(), 1u);
    ASSERT_EQ(vs[0].errors.size(), 1u) << test::describe(vs[0]);
    EXPECT_EQ(vs[0].errors[0].message,
              "B may not pose; D may: after a block the winning side's seat with the lower count "
              "poses");
}

TEST(Reasons, CountsWords) {
    EXPECT_EQ(counts_words({21, 23, -1, 24}, 4), "A 21, B 23, C ?, D 24");
    EXPECT_EQ(counts_words({3, 0, -1, -1}, 2), "A 3, B 0");
}

TEST(Reasons, BlockWords) {
    auto jam = rules_of("jamaican", 4);
    HandResult r;
    r.reason.by = ResultReason::By::lowest_count;
    r.reason.counts = {25, 28, 28, 25};
    r.reason.lowest = 25;
    r.reason.shared = true;
    EXPECT_EQ(result_words(r, *jam),
              "pip counts A 25, B 28, C 28, D 25: the lowest count (25) is shared by opponents");
    r.reason.shared = false;
    r.reason.seat = 0;
    EXPECT_EQ(result_words(r, *jam),
              "pip counts A 25, B 28, C 28, D 25: A has the lowest count (25)");

    HandResult c;
    c.winner = 1;
    c.reason.by = ResultReason::By::side_totals;
    c.reason.counts = {10, 3, 9, 4};
    c.reason.sides = {19, 7};
    EXPECT_EQ(result_words(c, *rules_of("chiva", 4)),
              "pip counts A 10, B 3, C 9, D 4: side totals AC 19, BD 7, BD is lower");

    HandResult q;
    q.winner = 0;
    q.reason.by = ResultReason::By::counted_block;
    q.reason.counts = {5, 9, 6, 5};
    q.reason.sides = {11, 14};
    q.reason.all = 25;
    q.reason.hand_bonus = 50;
    EXPECT_EQ(result_words(q, *rules_of("quinientos", 4, "bonus")),
              "pip counts A 5, B 9, C 6, D 5: side totals AC 11, BD 14; the winners score all "
              "four counts, 25; +50 for winning hand 2");
    q.tie = true;
    q.reason.by_lowest = true;
    q.reason.seat = -1;
    EXPECT_EQ(result_words(q, *rules_of("quinientos", 4, "block-player")),
              "pip counts A 5, B 9, C 6, D 5: both sides share the lowest count; the hand is void");
}

TEST(Reasons, DominoWords) {
    HandResult r;
    r.reason.by = ResultReason::By::domino;
    r.reason.seat = 2;
    r.reason.key_tile = Tile(3, 1);
    r.reason.ties = 2;
    r.reason.value = 3;
    EXPECT_EQ(result_words(r, *rules_of("jamaican", 4, "tie-replay")),
              "C played their last tile with the key tile 3-1 (both ends were hard with "
              "different numbers), worth one more point; after 2 tied hand(s) the hand is worth 3");
    HandResult q;
    q.reason.by = ResultReason::By::domino;
    q.reason.seat = 1;
    q.reason.left = 40;
    q.reason.hand_bonus = 100;
    q.reason.capicu = true;
    q.reason.double_blank = true;
    EXPECT_EQ(result_words(q, *rules_of("quinientos", 4)),
              "B played their last tile; the other hands hold 40; +100 for winning hand 1; +100 "
              "capicu: the last tile fitted both ends; +100 for going out with 0-0");
    HandResult t;
    t.reason.by = ResultReason::By::target;
    t.reason.party = 1;
    EXPECT_EQ(result_words(t, *rules_of("fives-threes", 4)), "BD reached exactly 61");
    HandResult none;
    EXPECT_EQ(result_words(none, *rules_of("french", 4)), "");
}

}  // namespace
