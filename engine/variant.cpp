#include "engine/variant.hpp"

#include <fmt/format.h>

#include <array>

namespace pips {

namespace {
struct OptionWord {
    RuleSet rules;
    std::string_view word;
    bool Options::*flag;
};
constexpr std::array<OptionWord, 11> kOptionWords{{
    {RuleSet::jamaican, "sporting", &Options::sporting},
    {RuleSet::jamaican, "playoff", &Options::playoff},
    {RuleSet::jamaican, "tie-replay", &Options::tie_replay},
    {RuleSet::cutthroat, "draw", &Options::draw},
    {RuleSet::french, "blank-ten", &Options::blank_ten},
    {RuleSet::quinientos, "reshuffle", &Options::reshuffle},
    {RuleSet::quinientos, "bonus", &Options::bonus},
    {RuleSet::quinientos, "capicu", &Options::capicu},
    {RuleSet::quinientos, "double-blank", &Options::double_blank},
    {RuleSet::quinientos, "tie-closer", &Options::tie_closer},
    {RuleSet::quinientos, "block-player", &Options::block_player},
}};
}  // namespace

std::string TileSet::str() const {
    std::string s;
    for (int i = kTiles - 1; i >= 0; --i) {
        Tile t = Tile::from_index(i);
        if (!contains(t)) continue;
        if (!s.empty()) s += ' ';
        s += {static_cast<char>('0' + t.hi), '-', static_cast<char>('0' + t.lo)};
    }
    return s;
}

std::string Variant::options_text() const {
    std::vector<std::string_view> opts;
    for (const auto& w : kOptionWords)
        if (w.rules == rules && options.*w.flag) opts.push_back(w.word);
    return fmt::format("{}", fmt::join(opts, " "));
}

std::string Variant::name() const {
    std::string s;
    append_name(s);
    return s;
}

void Variant::append_name(std::string& out) const {
    fmt::format_to(std::back_inserter(out), "{}, {} players", rules_id(rules), players);
    if (std::string o = options_text(); !o.empty())
        fmt::format_to(std::back_inserter(out), ", options {}", o);
}

std::string_view rules_id(RuleSet r) {
    return static_cast<std::size_t>(r) < kRuleTraits.size() ? traits(r).name : "?";
}

std::optional<RuleSet> parse_rules_id(std::string_view id) {
    for (const auto& t : kRuleTraits)
        if (t.name == id) return t.id;
    return std::nullopt;
}

PlayersCount count_players(std::string_view players_tag) {
    PlayersCount out;
    std::size_t from = 0;
    while (from < players_tag.size()) {
        std::size_t comma = players_tag.find(',', from);
        std::string_view name = players_tag.substr(from, comma - from);
        if (name.find_first_not_of(" \t") == std::string_view::npos) out.empty_name = true;
        ++out.count;
        if (comma == std::string_view::npos) break;
        from = comma + 1;
    }
    return out;
}

std::vector<Variant> all_variants() {
    std::vector<Variant> out;
    for (const auto& t : kRuleTraits)
        for (int n = 0; n <= 4; ++n)
            if ((t.players >> n) & 1u) out.push_back(Variant{t.id, n, {}});
    return out;
}

std::vector<std::string_view> option_words(RuleSet r) {
    std::vector<std::string_view> out;
    for (const auto& w : kOptionWords)
        if (w.rules == r) out.push_back(w.word);
    return out;
}

RulesSpec split_rules_spec(std::string_view spec) {
    RulesSpec out;
    auto colon = spec.find(':');
    out.rules = std::string(spec.substr(0, colon));
    if (colon != std::string_view::npos) out.options = std::string(spec.substr(colon + 1));
    for (auto& c : out.options)
        if (c == ',') c = ' ';
    return out;
}

std::optional<VariantError> make_variant(std::string_view rules, int players,
                                         std::string_view options, Variant& out) {
    using F = VariantError::Field;
    auto r = parse_rules_id(rules);
    if (!r) {
        std::vector<std::string_view> known;
        for (const auto& t : kRuleTraits) known.push_back(t.name);
        return VariantError{F::rules, fmt::format("unknown rule set '{}'; expected one of {}",
                                                  rules, fmt::join(known, ", "))};
    }
    out = Variant{};
    out.rules = *r;
    out.players = players;
    // Options first: the player count allowed can depend on them.
    // The words of `options`, split at blanks as `>>` would split them
    // (without a stream: this runs for every record checked).
    const auto blank = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
    for (std::size_t i = 0;;) {
        while (i < options.size() && blank(options[i])) ++i;
        if (i == options.size()) break;
        const std::size_t b = i;
        while (i < options.size() && !blank(options[i])) ++i;
        const std::string_view w = options.substr(b, i - b);
        bool found = false;
        for (const auto& ow : kOptionWords) {
            if (ow.rules == *r && ow.word == w) {
                out.options.*ow.flag = true;
                found = true;
            }
        }
        if (!found) {
            auto known = option_words(*r);
            return VariantError{
                F::options,
                known.empty()
                    ? fmt::format("unknown option '{}' for {} (it has no options)", w, rules)
                    : fmt::format("unknown option '{}' for {}; expected one of {}", w, rules,
                                  fmt::join(known, ", "))};
        }
    }
    auto bad_players = [&](std::string_view allowed) {
        return VariantError{F::players,
                            fmt::format("{} is played by {}, not {}", rules, allowed, players)};
    };
    if (players < 0 || players > 4 || !((traits(*r).players >> players) & 1u))
        return bad_players(traits(*r).players_text);
    if (out.options.draw && players != 2)
        return VariantError{
            F::options,
            fmt::format("option 'draw' is for 2-player cutthroat, not {} players", players)};
    return std::nullopt;
}

}  // namespace pips
