// Line hands of 4 seats built from a chain of numbers: tile i of the chain is
// chain[i]-chain[i+1], seat i % 4 holds it and plays it, posed by A and the
// rest played on the right. The tests of the key tile and of dominoes.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <string_view>
#include <vector>

#include "engine/hand.hpp"
#include "tests/support/support.hpp"

namespace pips::test {

// Deals the hand for play_chain: seat s gets the chain's tiles i with
// i % 4 == s, plus extra[s].
inline void deal_chain(HandState& h, const std::vector<int>& chain,
                       const std::array<std::string_view, 4>& extra) {
    std::array<std::vector<Tile>, 4> deal;
    for (std::size_t i = 0; i + 1 < chain.size(); ++i)
        deal[i % 4].push_back(Tile(chain[i], chain[i + 1]));
    for (int s = 0; s < 4; ++s) {
        for (Tile t : tiles(extra[s])) deal[s].push_back(t);
        Step st = h.deal(s, deal[s]);
        ASSERT_TRUE(st) << st.why;
    }
    h.start();
}

// Plays the chain: seat 0 poses n0-n1, then seats in turn play each next tile
// on the right. The hand must still be going after every play.
inline void play_chain(HandState& h, const std::vector<int>& chain) {
    Tile first(chain[0], chain[1]);
    ASSERT_TRUE(h.pose(0, first, chain[0], chain[1]));
    for (std::size_t i = 1; i + 1 < chain.size(); ++i) {
        int seat = static_cast<int>(i % 4);
        ASSERT_EQ(h.turn(), seat);
        Step st = h.play(seat, Tile(chain[i], chain[i + 1]), End::R);
        ASSERT_TRUE(st) << st.why;
        ASSERT_EQ(h.check_invariants(), "");
        ASSERT_EQ(h.over(), HandOver::no) << "after tile " << i;
    }
}

// 24 tiles, every tile but 6-2 0-0 1-1 3-3, from 2 to 6: the ends are 2 and 6,
// both hard, and 6-2 is the key tile.
inline const std::vector<int> kKeyChain = {2, 5, 6, 6, 4, 5, 5, 3, 6, 1, 5, 0, 4,
                                           4, 3, 2, 4, 1, 3, 0, 2, 2, 1, 0, 6};
// 24 tiles, every tile but 0-0 1-1 2-2 3-3, from 0 to 0: only 0-0 can follow.
inline const std::vector<int> kBlankChain = {0, 6, 6, 5, 5, 4, 6, 3, 5, 2, 6, 1, 5,
                                             0, 4, 4, 3, 2, 4, 1, 3, 0, 2, 1, 0};

}  // namespace pips::test
