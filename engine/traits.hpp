// What each rule set is, as data: one row per rule set. A number or a flag
// that tells rule sets apart belongs here; what takes more than a number (who
// poses, what a hand scores, how the match score moves) is in the rule set's
// own file (jamaican.cpp, cutthroat.cpp, ...), behind engine/rules.hpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>

namespace pips {

enum class RuleSet : std::uint8_t { jamaican, cutthroat, french, chiva, quinientos, fives_threes };

enum class LayoutKind : std::uint8_t { line, spinner };

// How a match is won.
enum class MatchEnd : std::uint8_t {
    reach,         // the first party to reach the target or more
    exactly,       // the first party to reach exactly the target
    lowest_after,  // once a party reaches the target: the single lowest score
};

struct RuleTraits {
    RuleSet id;
    std::string_view name;          // the Rules tag value
    std::uint8_t players;           // player counts allowed, as bits (1 << n)
    std::string_view players_text;  // the same, in words: "2, 3 or 4 players"
    bool sides_with_four;           // four players play as sides AC/BD
    // Tiles dealt to a seat, by player count.
    std::array<std::int8_t, 5> tiles;
    std::uint8_t draws;             // player counts that draw from a boneyard, as bits
    std::int8_t draw_option_tiles;  // option `draw`: a draw game, this many tiles a seat
    std::uint8_t no_double_blank;   // player counts whose set leaves out 0-0, as bits
    LayoutKind layout;
    int target;  // the match target
    MatchEnd match_end;
    // What a won hand is worth at least, when the rule set fixes it (the key
    // tile and replays can add to it); 0: it depends on the counts.
    int win_value;
    bool scores_in_play;    // points are made during play, from the open ends
    bool penalties;         // points are against a seat: the lowest score wins
    bool scores_pips_left;  // a hand's winners score the pips not yet played
    bool pass_while_able;   // a seat may pass holding a playable tile
    bool fouls;             // an attempted illegal play is written (`foul`) and costs points
    bool partner_plays_on;  // with sides, a seat that plays out leaves its partner playing
    bool block_has_winner;  // a blocked hand is won by someone (or tied)
    bool lead_rotates;      // the lead passes to the next seat each hand, whoever won
};

namespace detail {
constexpr std::uint8_t counts(std::initializer_list<int> ns) {
    std::uint8_t bits = 0;
    for (int n : ns) bits = static_cast<std::uint8_t>(bits | (1u << n));
    return bits;
}
}  // namespace detail

// One row per rule set, in the order of RuleSet.
inline constexpr std::array<RuleTraits, 6> kRuleTraits{{
    {.id = RuleSet::jamaican,
     .name = "jamaican",
     .players = detail::counts({4}),
     .players_text = "4 players",
     .sides_with_four = true,
     .tiles = {0, 0, 0, 0, 7},
     .draws = 0,
     .draw_option_tiles = 0,
     .no_double_blank = 0,
     .layout = LayoutKind::line,
     .target = 6,
     .match_end = MatchEnd::reach,
     .win_value = 1,
     .scores_in_play = false,
     .penalties = false,
     .scores_pips_left = false,
     .pass_while_able = false,
     .fouls = false,
     .partner_plays_on = false,
     .block_has_winner = true,
     .lead_rotates = false},
    {.id = RuleSet::cutthroat,
     .name = "cutthroat",
     .players = detail::counts({2, 3, 4}),
     .players_text = "2, 3 or 4 players",
     .sides_with_four = false,
     .tiles = {0, 0, 14, 9, 7},
     .draws = 0,
     .draw_option_tiles = 7,
     .no_double_blank = detail::counts({3}),
     .layout = LayoutKind::line,
     .target = 6,
     .match_end = MatchEnd::reach,
     .win_value = 1,
     .scores_in_play = false,
     .penalties = false,
     .scores_pips_left = false,
     .pass_while_able = false,
     .fouls = false,
     .partner_plays_on = false,
     .block_has_winner = true,
     .lead_rotates = false},
    {.id = RuleSet::french,
     .name = "french",
     .players = detail::counts({4}),
     .players_text = "4 players",
     .sides_with_four = false,
     .tiles = {0, 0, 0, 0, 7},
     .draws = 0,
     .draw_option_tiles = 0,
     .no_double_blank = 0,
     .layout = LayoutKind::spinner,
     .target = 100,
     .match_end = MatchEnd::lowest_after,
     .win_value = 0,
     .scores_in_play = false,
     .penalties = true,
     .scores_pips_left = false,
     .pass_while_able = true,
     .fouls = true,
     .partner_plays_on = false,
     .block_has_winner = true,
     .lead_rotates = false},
    {.id = RuleSet::chiva,
     .name = "chiva",
     .players = detail::counts({2, 3, 4}),
     .players_text = "2, 3 or 4 players",
     .sides_with_four = true,
     .tiles = {0, 0, 7, 7, 7},
     .draws = detail::counts({2, 3}),
     .draw_option_tiles = 0,
     .no_double_blank = 0,
     .layout = LayoutKind::line,
     .target = 4,
     .match_end = MatchEnd::reach,
     .win_value = 1,
     .scores_in_play = false,
     .penalties = false,
     .scores_pips_left = false,
     .pass_while_able = false,
     .fouls = false,
     .partner_plays_on = false,
     .block_has_winner = true,
     .lead_rotates = false},
    {.id = RuleSet::quinientos,
     .name = "quinientos",
     .players = detail::counts({4}),
     .players_text = "4 players",
     .sides_with_four = true,
     .tiles = {0, 0, 0, 0, 7},
     .draws = 0,
     .draw_option_tiles = 0,
     .no_double_blank = 0,
     .layout = LayoutKind::line,
     .target = 500,
     .match_end = MatchEnd::reach,
     .win_value = 0,
     .scores_in_play = false,
     .penalties = false,
     .scores_pips_left = true,
     .pass_while_able = false,
     .fouls = false,
     .partner_plays_on = false,
     .block_has_winner = true,
     .lead_rotates = false},
    {.id = RuleSet::fives_threes,
     .name = "fives-threes",
     .players = detail::counts({2, 4}),
     .players_text = "2 or 4 players",
     .sides_with_four = true,
     .tiles = {0, 0, 7, 0, 6},
     .draws = 0,
     .draw_option_tiles = 0,
     .no_double_blank = 0,
     .layout = LayoutKind::line,
     .target = 61,
     .match_end = MatchEnd::exactly,
     .win_value = 0,
     .scores_in_play = true,
     .penalties = false,
     .scores_pips_left = false,
     .pass_while_able = false,
     .fouls = false,
     .partner_plays_on = true,
     .block_has_winner = false,
     .lead_rotates = true},
}};

constexpr const RuleTraits& traits(RuleSet r) {
    return kRuleTraits[static_cast<std::size_t>(r)];
}

// The table is in the order of RuleSet.
static_assert([] {
    for (std::size_t i = 0; i < kRuleTraits.size(); ++i)
        if (static_cast<std::size_t>(kRuleTraits[i].id) != i) return false;
    return true;
}());

}  // namespace pips
