// A rule set with its player count and options: everything that decides how
// a game is played and scored. One game, many parameters (no copies per variant).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/tile.hpp"
#include "engine/traits.hpp"

namespace pips {

struct Options {
    bool sporting = false;      // jamaican
    bool playoff = false;       // jamaican
    bool tie_replay = false;    // jamaican
    bool draw = false;          // cutthroat, 2 players
    bool blank_ten = false;     // french
    bool reshuffle = false;     // quinientos
    bool bonus = false;         // quinientos
    bool capicu = false;        // quinientos
    bool double_blank = false;  // quinientos
    bool tie_closer = false;    // quinientos
    bool block_player = false;  // quinientos
};

struct Variant {
    RuleSet rules = RuleSet::jamaican;
    int players = 4;
    Options options;

    const RuleTraits& traits() const { return pips::traits(rules); }
    // Sides AC/BD (a party is a side) or individual play (a party is a seat).
    bool partnership() const { return players == 4 && traits().sides_with_four; }
    int parties() const { return partnership() ? 2 : players; }
    int party_of(int seat) const { return partnership() ? seat % 2 : seat; }
    int tiles_per_seat() const {
        if (options.draw) return traits().draw_option_tiles;
        return players >= 0 && players <= 4 ? traits().tiles[static_cast<std::size_t>(players)] : 0;
    }
    // The set in use (3-player cutthroat: no 0-0).
    TileSet tile_set() const {
        TileSet s = TileSet::full();
        if (has_count(traits().no_double_blank)) s.erase(Tile(0, 0));
        return s;
    }
    // A boneyard is drawn from.
    bool draw_game() const { return options.draw || has_count(traits().draws); }
    // Every tile of the set is dealt.
    bool all_dealt() const { return tiles_per_seat() * players == tile_set().size(); }
    LayoutKind layout() const { return traits().layout; }
    // Pip count of a tile in a hand (french blank-ten: 0-0 counts 10).
    int pip_value(Tile t) const { return (options.blank_ten && t == Tile(0, 0)) ? 10 : t.pips(); }
    int pip_count(TileSet s) const { return s.pips() + pip_count_extra(s); }
    // What pip_count adds to the plain sum of pips (french blank-ten: 10).
    int pip_count_extra(TileSet s) const {
        return options.blank_ten && s.contains(Tile(0, 0)) ? 10 : 0;
    }
    std::string name() const;                  // "jamaican, 4 players, options sporting"
    void append_name(std::string& out) const;  // name() added to out (its storage reused)
    // The options as written in the Options tag ("sporting playoff"), in the
    // order option_words() lists them; empty when none.
    std::string options_text() const;

private:
    // Whether the player count is among `counts` (bits 1 << n).
    bool has_count(std::uint8_t counts) const {
        return players >= 0 && players < 8 && ((counts >> players) & 1u) != 0;
    }
};

std::string_view rules_id(RuleSet r);  // the Rules tag value: traits(r).name
std::optional<RuleSet> parse_rules_id(std::string_view id);

// Why a Rules/Players/Options combination is not a game, or empty.
struct VariantError {
    enum class Field { rules, players, options } field;
    std::string message;
};

// A rule set and its options as written on a command line: "quinientos",
// "quinientos:capicu,bonus" (options after a colon, split by commas or spaces).
struct RulesSpec {
    std::string rules;    // "quinientos"
    std::string options;  // "capicu bonus": space-separated, as in the Options tag
};
RulesSpec split_rules_spec(std::string_view spec);

// The number of players a Players tag names: its names, separated by commas
// (a comma at the end starts no name). `empty_name`: some name before the
// last comma is blank.
struct PlayersCount {
    int count = 0;
    bool empty_name = false;
};
PlayersCount count_players(std::string_view players_tag);

// Builds a variant from the tag values; `players` is the player count.
// On failure returns the first problem found.
std::optional<VariantError> make_variant(std::string_view rules, int players,
                                         std::string_view options, Variant& out);

// Every rule set at every player count it allows, without options, in the
// order of the traits table: for code that runs over all games (tests, fuzz
// targets, benchmarks) without naming rule sets.
std::vector<Variant> all_variants();

// All option words of a rule set, for --help and docs.
std::vector<std::string_view> option_words(RuleSet r);

}  // namespace pips
