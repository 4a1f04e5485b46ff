// The record's facts as data (CheckOptions::data), read by hand from corpus
// records: each hand's poser, outcome, points and counts, and each ply's
// seat, tile, ends and what it proved.
#include <gtest/gtest.h>

#include <array>
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

TEST(RecordData, ReadingsAlikeKeepOnlyThePlyFactsTheyShare) {
    // A's reading and C's fit alike: in A's, C and D play out; in C's, A and B.
    auto v =
        data_verdict("valid/partial/fives_threes4_readings_alike_leave_seat_facts_unknown.dgn");
    ASSERT_EQ(v.data.hands.size(), 1u);
    const auto& h = v.data.hands[0];
    EXPECT_EQ(h.poser, -1);
    ASSERT_EQ(h.plies.size(), 25u);
    const std::array<int, 4> unknown{-1, -1, -1, -1};
    EXPECT_EQ(h.pips_left, unknown);
    const auto bits = [](std::initializer_list<int> ns) {
        std::uint8_t b = 0;
        for (int n : ns) b = static_cast<std::uint8_t>(b | 1u << n);
        return b;
    };
    // Ply 22, a pass: A's reading proves A void of 2 and 6 and B of 1, 2, 5
    // and 6; C's reading proves it of C and D. Neither holds in both.
    EXPECT_EQ(h.plies[21].voids, (std::array<std::uint8_t, 4>{}));
    for (std::size_t k = 22; k < 25; ++k) {
        const auto& p = h.plies[k];
        EXPECT_EQ(p.pips_left, unknown) << k;
        EXPECT_EQ(p.voids[A], bits({2, 6})) << k;
        EXPECT_EQ(p.voids[C], bits({2, 6})) << k;
        EXPECT_TRUE(p.scores);  // both readings credit each play to the same side
    }
    EXPECT_EQ(h.plies[24].voids[B], bits({1, 2, 5, 6}));
    EXPECT_EQ(h.plies[24].voids[D], bits({1, 2, 5, 6}));
    EXPECT_EQ(h.plies[24].points[0], 8);
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
    // BD reaches 61 in hand 3: the match is decided there.
    ASSERT_EQ(v.data.hands.size(), 3u);
    EXPECT_EQ(v.data.hands[2].outcome, HandOutcome::target);
    EXPECT_TRUE(v.data.hands[2].ends_match);
    EXPECT_FALSE(v.data.hands[1].ends_match);
    EXPECT_FALSE(v.data.hands[0].ends_match);
}

TEST(RecordData, PliesOfTheKeyTileHand) {
    auto v = data_verdict("valid/jamaican/key_tile_domino_worth_two.dgn");
    ASSERT_EQ(v.data.hands.size(), 1u);
    const auto& plies = v.data.hands[0].plies;
    ASSERT_EQ(plies.size(), 25u);
    EXPECT_EQ(v.plies, 25u);
    const auto& pose = plies[0];
    EXPECT_EQ(pose.kind, checker::PlyKind::pose);
    EXPECT_EQ(pose.seat, A);
    EXPECT_TRUE(pose.seat_written);
    EXPECT_EQ(pose.tile, Tile(6, 6));
    EXPECT_EQ(pose.layout, "L6 R6");
    // D:3-3R (line 17): the left end shows 1, the right 3, and only 3-1,
    // held by A, can follow either.
    const auto& d = plies[23];
    EXPECT_EQ(d.pos.line, 17u);
    EXPECT_EQ(d.seat, D);
    EXPECT_EQ(d.tile, Tile(3, 3));
    EXPECT_EQ(d.end, End::R);
    EXPECT_EQ(d.layout, "L1 R3");
    ASSERT_EQ(d.end_values.size(), 2u);
    EXPECT_EQ(d.end_values[0], 1);
    EXPECT_EQ(d.end_values[1], 3);
    EXPECT_EQ(d.hard_ends, (std::vector<End>{End::L, End::R}));
    ASSERT_TRUE(d.key_tile);
    EXPECT_EQ(*d.key_tile, Tile(3, 1));
    EXPECT_EQ(d.key_holder, A);
    // A holds 3-1 alone: 4 pips; B 4-4, C 2-2, D 0-0.
    EXPECT_EQ(d.pips_left, (std::array<int, 4>{4, 8, 4, 0}));
    // A's hand holds only 1 and 3.
    EXPECT_EQ(d.voids[A], 0b1110101);
    // The last play: 3-1 on the right, out.
    const auto& out = plies[24];
    EXPECT_EQ(out.seat, A);
    EXPECT_EQ(out.end, End::R);
    EXPECT_EQ(out.pips_left[A], 0);
    EXPECT_FALSE(out.key_tile);  // the hand is over
    EXPECT_FALSE(out.scores);
}

TEST(RecordData, FivesThreesPointsByPly) {
    auto v = data_verdict("valid/fives-threes/two_players_plus_claims.dgn");
    ASSERT_EQ(v.data.hands.size(), 1u);
    const auto& plies = v.data.hands[0].plies;
    ASSERT_EQ(plies.size(), 13u);
    // A leads 5-5: 10, +2.
    EXPECT_TRUE(plies[0].scores);
    EXPECT_EQ(plies[0].points[A], 2);
    EXPECT_EQ(plies[0].points[B], 0);
    // B's 5-1: 11, nothing.
    EXPECT_EQ(plies[1].points[B], 0);
    // B's 6-0 makes 9: +3 for B.
    EXPECT_EQ(plies[5].seat, B);
    EXPECT_EQ(plies[5].tile, Tile(6, 0));
    EXPECT_EQ(plies[5].points[B], 3);
    EXPECT_EQ(plies[5].points[A], 0);
    const auto& h = v.data.hands[0];
    EXPECT_EQ(h.outcome, HandOutcome::domino);
    EXPECT_EQ(h.points[A], 12);
    EXPECT_EQ(h.points[B], 8);
}

TEST(RecordData, FrenchFoulPenaltyOnItsPly) {
    auto v = data_verdict("valid/french/foul_costs_ten.dgn");
    const auto& plies = v.data.hands.at(0).plies;
    ASSERT_GT(plies.size(), 8u);
    const auto& p = plies[8];  // D:foul 5-1 6-4N
    EXPECT_EQ(p.seat, D);
    EXPECT_EQ(p.fouls, (std::vector<Tile>{Tile(5, 1)}));
    EXPECT_EQ(p.tile, Tile(6, 4));
    EXPECT_EQ(p.end, End::N);
    EXPECT_TRUE(p.scores);
    EXPECT_EQ(p.points[D], 10);
    EXPECT_EQ(p.points[A] + p.points[B] + p.points[C], 0);
    EXPECT_EQ(plies[7].points[D], 0);
    // The arms after it: 6-6 and 3-3 are down, 5-5 is not.
    EXPECT_EQ(p.layout, "N6 E5* S6 W3");
}

TEST(RecordData, VoidsProvenByAPass) {
    // No deals: C poses (the reading the end line fixes); after D's 6-5 the
    // ends show 1 and 6 and A passes: A holds no 1 and no 6.
    auto v = data_verdict("valid/partial/jamaican_unlabelled_pose_read_from_end_claim.dgn");
    const auto& plies = v.data.hands.at(0).plies;
    ASSERT_GT(plies.size(), 14u);
    EXPECT_EQ(plies[13].seat, D);
    EXPECT_EQ(plies[13].layout, "L1 R6");
    const auto& pass = plies[14];
    EXPECT_EQ(pass.kind, checker::PlyKind::pass);
    EXPECT_EQ(pass.seat, A);
    EXPECT_EQ(pass.voids[A], (1 << 1) | (1 << 6));
    EXPECT_EQ(plies[13].voids[A], 0);
    EXPECT_EQ(pass.pips_left[A], -1);  // A's hand is not shown
}

TEST(RecordData, UnlabelledPliesGetTheSeatTheRecordFixes) {
    auto v = data_verdict("valid/jamaican/unlabelled_plies.dgn");
    const auto& h = v.data.hands.at(0);
    EXPECT_EQ(h.poser, A);
    ASSERT_EQ(h.plies.size(), 25u);
    for (const auto& p : h.plies) {
        EXPECT_FALSE(p.seat_written);
        EXPECT_EQ(p.seat, p.index % 4) << p.index;
    }
    EXPECT_EQ(h.plies[22].kind, checker::PlyKind::pass);
    EXPECT_EQ(h.plies[22].seat, C);
    EXPECT_EQ(h.winner_seat, A);
}

TEST(RecordData, ThePoserOfAPartialRecordIsTheReadingKept) {
    auto v = data_verdict("valid/partial/jamaican_unlabelled_pose_read_from_end_claim.dgn");
    ASSERT_EQ(v.data.hands.size(), 3u);
    EXPECT_EQ(v.data.hands[0].poser, C);
    EXPECT_EQ(v.data.hands[0].plies[0].seat, C);
    EXPECT_EQ(v.data.hands[0].winner_seat, B);
    EXPECT_EQ(v.data.hands[0].winner_party, 1);
}

TEST(RecordData, APassAtTheFrenchPose) {
    // Hand 2: B, the last winner, holds no double and passes; C poses 6-6.
    auto v = data_verdict("valid/french/winner_without_double_passes_at_pose.dgn");
    ASSERT_EQ(v.data.hands.size(), 2u);
    const auto& h = v.data.hands[1];
    ASSERT_GT(h.plies.size(), 2u);
    EXPECT_EQ(h.plies[0].kind, checker::PlyKind::pass);
    EXPECT_EQ(h.plies[0].seat, B);
    EXPECT_TRUE(h.plies[0].replayed);
    EXPECT_EQ(h.plies[0].points[B], 0);  // no penalty: B cannot pose
    EXPECT_EQ(h.plies[1].kind, checker::PlyKind::pose);
    EXPECT_EQ(h.plies[1].seat, C);
    EXPECT_EQ(h.poser, C);
    EXPECT_EQ(h.winner_seat, C);
}
