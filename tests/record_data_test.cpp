// The record's facts as data (CheckOptions::data), read by hand from corpus
// records: each hand's poser, outcome, points and counts, and each ply's
// seat, tile, ends and what it proved.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "parser/parser.hpp"
#include "tests/support/support.hpp"

using namespace pips;
using checker::HandOutcome;

namespace {

// The verdict, with data, of a corpus file holding one record.
checker::Verdict data_verdict(const std::string& name) {
    std::istringstream in(test::slurp(std::string(PIPS_SOURCE_DIR) + "/corpus/" + name));
    parser::RecordReader reader(in);
    ast::Record rec;
    checker::Verdict v;
    checker::CheckOptions opt;
    opt.data = true;
    int n = 0;
    while (reader.next(rec)) {
        v = checker::check_record(rec, opt);
        ++n;
    }
    EXPECT_EQ(n, 1) << name;
    return v;
}

constexpr int A = 0, B = 1, C = 2, D = 3;

}  // namespace

TEST(RecordData, OffByDefault) {
    auto v = test::corpus_verdict("valid/jamaican/key_tile_domino_worth_two.dgn");
    EXPECT_TRUE(v.data.hands.empty());
    EXPECT_EQ(v.data.players, 0);
}

TEST(RecordData, KeyTileDomino) {
    auto v = data_verdict("valid/jamaican/key_tile_domino_worth_two.dgn");
    ASSERT_EQ(v.data.hands.size(), 1u);
    EXPECT_EQ(v.data.players, 4);
    ASSERT_EQ(v.data.parties.size(), 2u);
    EXPECT_EQ(v.data.parties[0], "AC");
    EXPECT_EQ(v.data.parties[1], "BD");
    const auto& h = v.data.hands[0];
    EXPECT_EQ(h.number, 1);
    EXPECT_FALSE(h.summary);
    EXPECT_EQ(h.poser, A);
    EXPECT_EQ(h.outcome, HandOutcome::domino);
    EXPECT_EQ(h.winner_seat, A);
    EXPECT_EQ(h.winner_party, 0);
    EXPECT_EQ(h.why, "domino");
    EXPECT_TRUE(h.points_known);
    EXPECT_EQ(h.points[0], 2);
    EXPECT_EQ(h.points[1], 0);
    EXPECT_TRUE(h.key_tile_decided);
    ASSERT_TRUE(h.key_tile);
    EXPECT_EQ(*h.key_tile, Tile(3, 1));
    EXPECT_EQ(h.key_holder, A);
    EXPECT_FALSE(h.error);
    // The deals are shown: A went out, B keeps 4-4, C 2-2, D 0-0.
    EXPECT_EQ(h.pips_left[A], 0);
    EXPECT_EQ(h.pips_left[B], 8);
    EXPECT_EQ(h.pips_left[C], 4);
    EXPECT_EQ(h.pips_left[D], 0);
}

TEST(RecordData, BlockWonByLowestCount) {
    auto v = data_verdict("valid/jamaican/block_lowest_count_wins.dgn");
    ASSERT_EQ(v.data.hands.size(), 1u);
    const auto& h = v.data.hands[0];
    EXPECT_EQ(h.outcome, HandOutcome::block);
    EXPECT_EQ(h.winner_party, 0);
    EXPECT_EQ(h.winner_seat, A);
    EXPECT_EQ(h.why, "lowest-count");
    EXPECT_EQ(h.points[0], 1);
    EXPECT_FALSE(h.key_tile_decided);
    EXPECT_EQ(h.pips_left[A], 21);
    EXPECT_EQ(h.pips_left[B], 23);
    EXPECT_EQ(h.pips_left[C], 22);
    EXPECT_EQ(h.pips_left[D], 24);
}

TEST(RecordData, FrenchPenaltiesInTheHandPoints) {
    auto v = data_verdict("valid/french/foul_costs_ten.dgn");
    ASSERT_EQ(v.data.hands.size(), 1u);
    const auto& h = v.data.hands[0];
    EXPECT_EQ(h.poser, D);
    EXPECT_EQ(h.outcome, HandOutcome::domino);
    EXPECT_EQ(h.winner_seat, D);
    EXPECT_EQ(h.points[A], 9);
    EXPECT_EQ(h.points[B], 7);
    EXPECT_EQ(h.points[C], 8);
    EXPECT_EQ(h.points[D], 10);
    EXPECT_EQ(h.pips_left[A], 9);
}

TEST(RecordData, TheHandsFirstErrorCode) {
    auto v =
        data_verdict("invalid/points-mismatch/jamaican_unlabelled_furthest_error_reading_kept.dgn");
    ASSERT_FALSE(v.data.hands.empty());
    bool found = false;
    for (const auto& h : v.data.hands)
        if (h.error) {
            EXPECT_EQ(*h.error, checker::Code::points_mismatch);
            found = true;
            break;
        }
    EXPECT_TRUE(found);
}

TEST(RecordData, TwoCleanReadingsLeaveThePoserAndWinnerUnknown) {
    auto v = data_verdict("valid/partial/cutthroat2_two_clean_readings_leave_winner_unknown.dgn");
    ASSERT_FALSE(v.data.hands.empty());
    const auto& h = v.data.hands[0];
    EXPECT_EQ(h.poser, -1);
    EXPECT_EQ(h.winner_seat, -1);
    for (const auto& p : h.plies)
        if (!p.seat_written) {
            EXPECT_EQ(p.seat, -1);
        }
}

TEST(RecordData, SummaryHandFromTheSheet) {
    auto v = data_verdict("valid/sheets/fives_threes4_sheet_target.dgn");
    ASSERT_FALSE(v.data.hands.empty());
    bool target = false;
    for (const auto& h : v.data.hands) {
        EXPECT_TRUE(h.summary);
        EXPECT_TRUE(h.plies.empty());
        target = target || h.outcome == HandOutcome::target;
    }
    EXPECT_TRUE(target);
}
