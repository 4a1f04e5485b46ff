// Placements of unseen tiles: the matching (engine/placement.hpp) against a
// search of every assignment on small problems, and what HandState infers
// from it in records without deals: eliminations that are tight but possible,
// the pass or play after which none is, hands that may be read as blocked.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/game.hpp"
#include "engine/hand.hpp"
#include "engine/placement.hpp"
#include "tests/support/support.hpp"

using namespace pips;

namespace {

// Every assignment of the tiles, one by one (small problems only).
bool search(const PlacementProblem& p, const std::vector<int>& tiles, std::size_t i,
            std::array<int, PlacementProblem::kMaxPlaces>& used) {
    if (i == tiles.size()) return true;
    const std::uint32_t m = p.allowed[static_cast<std::size_t>(tiles[i])];
    for (int q = 0; q < p.places; ++q) {
        if (!(m >> q & 1u) ||
            used[static_cast<std::size_t>(q)] >= p.capacity[static_cast<std::size_t>(q)])
            continue;
        ++used[static_cast<std::size_t>(q)];
        if (search(p, tiles, i + 1, used)) return true;
        --used[static_cast<std::size_t>(q)];
    }
    return false;
}

bool by_search(const PlacementProblem& p) {
    std::vector<int> tiles;
    p.tiles.for_each([&](Tile t) { tiles.push_back(t.index()); });
    std::array<int, PlacementProblem::kMaxPlaces> used{};
    return search(p, tiles, 0, used);
}

// A cut says why no placement exists: its tiles may go only to its places,
// and they are more than those places hold.
void expect_cut_explains(const PlacementProblem& p, const PlacementCut& cut) {
    EXPECT_FALSE(cut.tiles.empty());
    EXPECT_TRUE((cut.tiles - p.tiles).empty());
    cut.tiles.for_each([&](Tile t) {
        EXPECT_EQ(p.allowed[static_cast<std::size_t>(t.index())] & ~cut.places, 0u) << t.str();
    });
    int room = 0;
    for (int q = 0; q < p.places; ++q)
        if (cut.places >> q & 1u) room += p.capacity[static_cast<std::size_t>(q)];
    EXPECT_EQ(room, cut.room);
    EXPECT_GT(cut.tiles.size(), cut.room);
}

TEST(Placement, HallViolationIsFoundAndExplained) {
    // Three tiles that only place 0 may take, which holds two.
    PlacementProblem p;
    p.add_place(2);
    p.add_place(3);
    for (int i = 0; i < 5; ++i) p.tiles.insert(Tile::from_index(i));
    for (int i = 0; i < 3; ++i) p.allowed[static_cast<std::size_t>(i)] = 0b01;
    for (int i = 3; i < 5; ++i) p.allowed[static_cast<std::size_t>(i)] = 0b11;
    PlacementCut cut;
    EXPECT_FALSE(place_tiles(p, &cut));
    expect_cut_explains(p, cut);
    EXPECT_EQ(cut.places, 0b01u);
    // One more place for them: a placement exists (tight: every place full).
    p.capacity[0] = 3;
    p.capacity[1] = 2;
    EXPECT_TRUE(place_tiles(p));
}

TEST(Placement, GreedyChoiceIsUndoneWhenNeeded) {
    // Tile 0 may go anywhere and comes first; tile 1 only to place 0 (one
    // room): the flow must move tile 0 to place 1.
    PlacementProblem p;
    p.add_place(1);
    p.add_place(1);
    p.tiles.insert(Tile::from_index(0));
    p.tiles.insert(Tile::from_index(1));
    p.allowed[0] = 0b11;
    p.allowed[1] = 0b01;
    EXPECT_TRUE(place_tiles(p));
}

TEST(Placement, TileWithNowhereToGo) {
    PlacementProblem p;
    p.add_place(5);
    p.tiles.insert(Tile(6, 3));
    p.allowed[static_cast<std::size_t>(Tile(6, 3).index())] = 0;
    PlacementCut cut;
    EXPECT_FALSE(place_tiles(p, &cut));
    EXPECT_TRUE(cut.tiles.contains(Tile(6, 3)));
    EXPECT_EQ(cut.room, 0);
}

RC_GTEST_PROP(Placement, AgreesWithASearchOfEveryAssignment, ()) {
    PlacementProblem p;
    const int places = *rc::gen::inRange(1, 6);
    for (int q = 0; q < places; ++q) p.add_place(*rc::gen::inRange(0, 4));
    const int tiles = *rc::gen::inRange(0, 11);
    const std::uint32_t all = (1u << places) - 1;
    for (int i = 0; i < tiles; ++i) {
        const int at = *rc::gen::inRange(0, kTiles);
        p.tiles.insert(Tile::from_index(at));
        p.allowed[static_cast<std::size_t>(at)] =
            *rc::gen::inRange<std::uint32_t>(0, all + 1) & all;
    }
    PlacementCut cut;
    const bool found = place_tiles(p, &cut);
    RC_ASSERT(found == by_search(p));
    if (!found) {
        RC_ASSERT(cut.tiles.size() > cut.room);
        RC_ASSERT((cut.tiles - p.tiles).empty());
        bool inside = true;
        cut.tiles.for_each([&](Tile t) {
            inside = inside && (p.allowed[static_cast<std::size_t>(t.index())] & ~cut.places) == 0;
        });
        RC_ASSERT(inside);
    }
}

// Moves on a hand: "A:6-6P" pose, "B:6-1L" play, "D:pass", "B:draw". Stops at
// the first refused move and returns its step.
Step play_script(HandState& h, std::string_view script) {
    std::istringstream in{std::string(script)};
    std::string w;
    while (in >> w) {
        const int seat = w.at(0) - 'A';
        const std::string m = w.substr(2);
        Step st;
        if (m == "pass") {
            st = h.pass(seat);
        } else if (m == "draw") {
            st = h.draw(seat);
        } else {
            Tile t(m.at(0) - '0', m.at(2) - '0');
            st = m.at(3) == 'P' ? h.pose(seat, t, m.at(0) - '0', m.at(2) - '0')
                                : h.play(seat, t, test::end_of(m.at(3)));
        }
        if (!st) return st;
    }
    return Step::ok();
}

TEST(HandPlacement, TightEliminationIsAllowedAndOneMorePassIsNot) {
    // Jamaican deals every tile. B, C and D pass on 6: the six other 6s are
    // all in A's six tiles, just room.
    HandState h(test::variant_of(RuleSet::jamaican, 4));
    h.start();
    ASSERT_TRUE(play_script(h, "A:6-6P B:pass C:pass D:pass"));
    EXPECT_TRUE(h.placeable());
    // A passes on 6 too: nobody can hold them. The error is at this pass.
    Step st = play_script(h, "A:pass");
    EXPECT_EQ(st.fault, Fault::illegal_pass);
    EXPECT_EQ(st.event, -1);
    EXPECT_NE(st.why.find("6-5 6-4 6-3 6-2 6-1 6-0"), std::string::npos) << st.why;
}

TEST(HandPlacement, PlayThatLeavesNoRoomIsNotInHand) {
    HandState h(test::variant_of(RuleSet::jamaican, 4));
    h.start();
    ASSERT_TRUE(play_script(h, "A:6-6P B:pass C:pass D:pass A:6-5L B:5-4L C:4-2L D:2-1L"));
    EXPECT_TRUE(h.placeable());
    // A holds 6-4 6-3 6-2 6-1 6-0 and nothing else: its 1-0 leaves no room.
    Step st = play_script(h, "A:1-0L");
    EXPECT_EQ(st.fault, Fault::not_in_hand);
    EXPECT_EQ(st.event, -1);
}

TEST(HandPlacement, TheSeatsOwnDrawExplainsAPlayAtTheDraw) {
    // Chiva, 3 players: B draws on 3 and 4 and draws one tile, then plays
    // 1-4 and later 3-5: one drawn tile cannot be both, and B held neither
    // when it drew.
    HandState h(test::variant_of(RuleSet::chiva, 3));
    h.start();
    ASSERT_TRUE(play_script(h, "A:3-4P B:draw B:1-4R C:2-1R A:2-5R"));
    Step st = play_script(h, "B:3-5L");
    EXPECT_EQ(st.fault, Fault::illegal_draw);
    EXPECT_EQ(st.event, 1);  // the draw: the pose is event 0
}

TEST(HandPlacement, APlayThatOnlyThePosesProofRulesOutIsAWrongPose) {
    // A poses 5-5 as the holder of 6-6 (so A holds 6-6 too). C and D pass on
    // 4 and 5: the 11 fours and fives off the layout fill A's other five
    // tiles and B's six. A's 4-3 keeps it tight; B's 3-2 leaves room for 9.
    // Without the proof A would have one more place: the pose is at fault.
    HandState h(test::variant_of(RuleSet::jamaican, 4));
    h.start();
    ASSERT_TRUE(h.pose(0, Tile(5, 5), 5, 5, Tile(6, 6)));
    ASSERT_TRUE(play_script(h, "B:5-4L C:pass D:pass A:4-3L"));
    EXPECT_TRUE(h.placeable());
    Step st = play_script(h, "B:3-2L");
    EXPECT_EQ(st.fault, Fault::wrong_pose);
    EXPECT_EQ(st.event, 0);
}

// A pose under the draw-game pose rule, with the proof the checker gives it
// when not every deal is shown.
Step draw_pose(HandState& h, int seat, Tile t) {
    return h.pose(seat, t, t.hi, t.lo, std::nullopt, draw_pose_outranks(t, h.variant().tile_set()));
}

Variant cutthroat_draw() {
    Options o;
    o.draw = true;
    return test::variant_of(RuleSet::cutthroat, 2, o);
}

TEST(HandPlacement, WhatRanksAboveAPoseComesFromTheDrawPoseRule) {
    const TileSet set = test::variant_of(RuleSet::chiva, 2).tile_set();
    TileSet doubles;
    for (int d = 0; d <= 6; ++d) doubles.insert(Tile(d, d));
    // No tile has more pips than 6-5: only the doubles rank above it.
    EXPECT_EQ(draw_pose_outranks(Tile(6, 5), set), doubles);
    TileSet above = doubles;
    above.insert(Tile(6, 5));
    EXPECT_EQ(draw_pose_outranks(Tile(6, 4), set), above);
    // Doubles: only the higher ones; 6-6 is outranked by nothing.
    TileSet high;
    high.insert(Tile(5, 5));
    high.insert(Tile(6, 6));
    EXPECT_EQ(draw_pose_outranks(Tile(4, 4), set), high);
    EXPECT_TRUE(draw_pose_outranks(Tile(6, 6), set).empty());
    // Tiles of equal pips: the higher half ranks above (6-3 above 5-4), as in
    // draw_pose_candidates.
    TileSet above54 = doubles;
    for (Tile t : {Tile(6, 5), Tile(6, 4), Tile(6, 3)}) above54.insert(t);
    EXPECT_EQ(draw_pose_outranks(Tile(5, 4), set), above54);
    EXPECT_FALSE(draw_pose_outranks(Tile(6, 3), set).contains(Tile(5, 4)));
}

TEST(HandPlacement, ADrawGamePoseProvesNobodyWasDealtAHigherTile) {
    // A's 6-5 proves that no seat was dealt a double. B plays 5-5 without
    // drawing: B was dealt it, and the pose is at fault.
    HandState h(cutthroat_draw());
    h.start();
    ASSERT_TRUE(draw_pose(h, 0, Tile(6, 5)));
    Step st = play_script(h, "B:5-5R");
    EXPECT_EQ(st.fault, Fault::wrong_pose);
    EXPECT_EQ(st.event, 0);
    // Drawn first, 5-5 may be a tile of the boneyard.
    HandState d(cutthroat_draw());
    d.start();
    ASSERT_TRUE(draw_pose(d, 0, Tile(6, 5)));
    EXPECT_TRUE(play_script(d, "B:draw B:5-5R"));
    // A remain line of doubles that B never drew: the pose again.
    HandState r(cutthroat_draw());
    r.start();
    ASSERT_TRUE(draw_pose(r, 0, Tile(6, 5)));
    const auto shown = test::tiles("5-5 4-4 3-3 2-2 1-1 0-0 4-3");
    st = r.remain(1, shown);
    EXPECT_EQ(st.fault, Fault::wrong_pose);
    EXPECT_EQ(st.event, 0);
}

TEST(HandPlacement, ADrawGamePoseWithTooLittleRoomAboveItIsWrongAtOnce) {
    // Three-player chiva leaves 7 tiles in the boneyard; a pose of 6-4 needs
    // room there for the seven doubles and 6-5.
    HandState h(test::variant_of(RuleSet::chiva, 3));
    h.start();
    Step st = draw_pose(h, 0, Tile(6, 4));
    EXPECT_EQ(st.fault, Fault::wrong_pose);
    EXPECT_EQ(st.event, -1);  // the pose itself
    HandState ok(test::variant_of(RuleSet::chiva, 3));
    ok.start();
    EXPECT_TRUE(draw_pose(ok, 0, Tile(6, 5)));
}

TEST(HandPlacement, ARemainLineAgainstThePosesProofIsAWrongPose) {
    // Option sporting: A's 4-0 proves A holds 6-6; C shows it.
    Options o;
    o.sporting = true;
    HandState h(test::variant_of(RuleSet::jamaican, 4, o));
    h.start();
    ASSERT_TRUE(h.pose(0, Tile(4, 0), 4, 0, Tile(6, 6)));
    ASSERT_TRUE(play_script(h, "B:6-0R"));
    const auto shown = test::tiles("6-6 4-4 3-3 2-2 1-1 5-5 4-3");
    Step st = h.remain(2, shown);
    EXPECT_EQ(st.fault, Fault::wrong_pose);
    EXPECT_EQ(st.event, 0);
    // A's own remain line without 6-6: the pose again.
    HandState a(test::variant_of(RuleSet::jamaican, 4, o));
    a.start();
    ASSERT_TRUE(a.pose(0, Tile(4, 0), 4, 0, Tile(6, 6)));
    const auto mine = test::tiles("5-5 4-4 3-3 2-2 1-1 4-3");
    st = a.remain(0, mine);
    EXPECT_EQ(st.fault, Fault::wrong_pose);
    EXPECT_EQ(st.event, 0);
}

TEST(HandPlacement, APassProvenByARemainLineSaysSo) {
    HandState h(test::variant_of(RuleSet::jamaican, 4));
    h.start();
    ASSERT_TRUE(play_script(h, "A:6-6P B:6-5R C:pass"));
    const auto shown = test::tiles("5-1 4-4 3-3 2-2 1-1 0-0 4-3");
    Step st = h.remain(2, shown);
    EXPECT_EQ(st.fault, Fault::illegal_pass);
    EXPECT_EQ(st.event, 2);  // C's pass
    EXPECT_NE(st.why.find("proven by C's remain line"), std::string::npos) << st.why;
}

TEST(HandPlacement, WhatNeedsBothThePosesProofAndTheSeatsPassIsAWrongPose) {
    // Option sporting: A's 4-4 proves A holds 6-6. C and D pass on 4 and 1:
    // the fours and ones off the layout fill A's and B's other places. B
    // passes on 6 and 4 and then plays 6-3: its pass rules that out alone,
    // and without the pass the proof still leaves the fours and ones a place
    // short. Only without both is there a placement: the pose is at fault.
    Options o;
    o.sporting = true;
    const char* before = "B:4-1L C:pass D:pass A:6-1L B:4-2R C:2-0R D:0-0R A:4-0R B:pass";
    HandState h(test::variant_of(RuleSet::jamaican, 4, o));
    h.start();
    ASSERT_TRUE(h.pose(0, Tile(4, 4), 4, 4, Tile(6, 6)));
    ASSERT_TRUE(play_script(h, before));
    ASSERT_TRUE(play_script(h, "C:6-5L D:5-2L A:4-3R"));
    Step st = play_script(h, "B:6-3R");
    EXPECT_EQ(st.fault, Fault::wrong_pose);
    EXPECT_EQ(st.event, 0);
    // The same for a remain line.
    HandState r(test::variant_of(RuleSet::jamaican, 4, o));
    r.start();
    ASSERT_TRUE(r.pose(0, Tile(4, 4), 4, 4, Tile(6, 6)));
    ASSERT_TRUE(play_script(r, before));
    const auto shown = test::tiles("6-3 5-1 3-1 2-1 1-1");
    st = r.remain(1, shown);
    EXPECT_EQ(st.fault, Fault::wrong_pose);
    EXPECT_EQ(st.event, 0);
    // A play that the pass alone rules out (6-4: the proof leaves room for
    // it with B) stays the pass's.
    HandState p(test::variant_of(RuleSet::jamaican, 4, o));
    p.start();
    ASSERT_TRUE(p.pose(0, Tile(4, 4), 4, 4, Tile(6, 6)));
    ASSERT_TRUE(play_script(p, before));
    st = play_script(p, "C:6-5L D:5-3L A:4-3L B:6-4R");
    EXPECT_EQ(st.fault, Fault::illegal_pass);
    EXPECT_EQ(st.event, 9);  // B's pass
}

TEST(HandPlacement, MayBeBlockedWhenTheUnusedTilesCanHoldWhatFits) {
    // Fives-threes, 2 players: 14 tiles are unused, room for every 6.
    HandState h(test::variant_of(RuleSet::fives_threes, 2));
    h.start();
    ASSERT_TRUE(play_script(h, "A:6-6P B:pass"));
    EXPECT_EQ(h.blocked(), std::nullopt);
    EXPECT_TRUE(h.may_be_blocked());
    // Jamaican deals every tile: a 6 is in some hand, and it fits.
    HandState j(test::variant_of(RuleSet::jamaican, 4));
    j.start();
    ASSERT_TRUE(play_script(j, "A:6-6P B:pass"));
    EXPECT_FALSE(j.may_be_blocked());
    // Fives-threes, 4 players: 4 unused tiles cannot hold the six 6s.
    HandState f(test::variant_of(RuleSet::fives_threes, 4));
    f.start();
    ASSERT_TRUE(play_script(f, "A:6-6P"));
    EXPECT_FALSE(f.may_be_blocked());
}

TEST(HandPlacement, NoBlockWhileTheBoneyardHasTiles) {
    HandState h(test::variant_of(RuleSet::chiva, 2));
    h.start();
    ASSERT_TRUE(play_script(h, "A:6-6P"));
    EXPECT_GT(h.boneyard(), 0);
    EXPECT_FALSE(h.may_be_blocked());
}

TEST(HandPlacement, PlayAfterAKnockedBlockProvesTheKnockIllegal) {
    HandState h(test::variant_of(RuleSet::fives_threes, 2));
    h.start();
    ASSERT_TRUE(play_script(h, "A:6-6P B:pass A:pass"));
    ASSERT_EQ(h.over(), HandOver::blocked);
    Step st = h.play_after_block(1, Tile(6, 3));
    EXPECT_EQ(st.fault, Fault::illegal_pass);
    EXPECT_EQ(st.event, 1);  // B's knock
    // A tile that does not fit proves nothing: the play is after the end.
    EXPECT_TRUE(h.play_after_block(1, Tile(2, 3)));
}

TEST(HandPlacement, FullInformationNeedsNoPlacement) {
    // Every deal shown: no pass proves anything the deals do not, and the
    // hand is checked exactly as before.
    HandState h(test::variant_of(RuleSet::jamaican, 4));
    const char* deals[] = {"6-6 6-5 6-1 5-5 4-2 3-0 1-1", "6-4 5-4 4-4 3-3 2-1 1-0 0-0",
                           "6-3 6-2 5-3 4-3 3-2 2-0 1-5", "6-0 5-2 5-0 4-1 4-0 3-1 2-2"};
    for (int s = 0; s < 4; ++s) {
        auto t = test::tiles(deals[s]);
        ASSERT_TRUE(h.deal(s, t));
    }
    h.start();
    ASSERT_TRUE(play_script(h, "A:6-6P B:6-4L C:6-3R D:4-1L"));
    EXPECT_TRUE(h.placeable());
}

}  // namespace

// A deal is fixed when every placement puts the same tiles in it
// (HandState::fixed_deal, for pips analyze): here by passes alone.
TEST(HandPlacement, ADealThePassesFixIsKnown) {
    HandState h(test::variant_of(RuleSet::jamaican, 4));
    h.start();
    ASSERT_TRUE(play_script(h, "A:6-6P B:pass C:pass D:pass"));
    // The six other 6s are in A's six other tiles: A was dealt every 6.
    const std::optional<TileSet> a = h.fixed_deal(0);
    ASSERT_TRUE(a.has_value());
    EXPECT_EQ(*a, TileSet::carrying(6));
    for (int s = 1; s < 4; ++s) EXPECT_FALSE(h.fixed_deal(s).has_value()) << s;
    EXPECT_FALSE(h.fixed_deal(4).has_value());
}

TEST(HandPlacement, ADealLineFixesItsDealAndTheUndealtTilesLeaveTheOtherOpen) {
    HandState h(test::variant_of(RuleSet::fives_threes, 2));
    const std::vector<Tile> a{Tile(3, 3), Tile(1, 0), Tile(5, 5), Tile(5, 4),
                              Tile(2, 0), Tile(6, 4), Tile(4, 4)};
    ASSERT_TRUE(h.deal(0, a));
    h.start();
    TileSet dealt;
    for (Tile t : a) dealt.insert(t);
    EXPECT_EQ(h.fixed_deal(0), std::optional<TileSet>(dealt));
    // Fourteen tiles are left undealt: B's deal is open.
    EXPECT_FALSE(h.fixed_deal(1).has_value());
}
