// The tags and the variant they name, the run over a record's hands, and the
// Result tag at the end.
#include <fmt/format.h>

#include <algorithm>
#include <sstream>

#include "checker/replay.hpp"

namespace pips::checker {
namespace impl {

namespace {

char lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// At most one edit (insert, delete, replace, swap of neighbours) between a
// and b, letter case aside.
bool one_edit_apart(std::string_view a, std::string_view b) {
    if (a.size() < b.size()) std::swap(a, b);
    if (a.size() - b.size() > 1) return false;
    std::size_t i = 0;
    while (i < b.size() && lower(a[i]) == lower(b[i])) ++i;
    if (i == b.size()) return true;
    const auto same = [](std::string_view x, std::string_view y) {
        return std::equal(x.begin(), x.end(), y.begin(), y.end(),
                          [](char p, char q) { return lower(p) == lower(q); });
    };
    if (a.size() > b.size()) return same(a.substr(i + 1), b.substr(i));
    if (same(a.substr(i + 1), b.substr(i + 1))) return true;
    return i + 1 < a.size() && lower(a[i]) == lower(b[i + 1]) && lower(a[i + 1]) == lower(b[i]) &&
           same(a.substr(i + 2), b.substr(i + 2));
}

// The one known word that `w` misses by its letter case or one edit, or empty.
template <class Words>
std::string_view near_word(std::string_view w, const Words& known) {
    std::string_view best;
    int found = 0;
    for (std::string_view k : known)
        if (one_edit_apart(w, k)) best = k, ++found;
    return found == 1 ? best : std::string_view();
}

// Where a word of a tag's value starts: `offset` bytes into the value; none
// when the value as written has escapes (the columns would not match).
std::optional<Pos> value_column(const ast::Tag& tag, std::size_t offset) {
    if (tag.value.find_first_of("\\\"") != std::string::npos) return std::nullopt;
    std::uint32_t col = tag.value_pos.column + 1;
    for (std::size_t i = 0; i < offset; ++i)
        col += (static_cast<unsigned char>(tag.value[i]) & 0xC0) != 0x80;
    return Pos{tag.value_pos.line, col};
}

std::uint32_t code_points(std::string_view s) {
    std::uint32_t n = 0;
    for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

}  // namespace

// A Rules or Options tag whose word misses a known one by its case or one
// edit: "did you mean" and a fix-it instead of the list of known words.
void RecordChecker::suggest(const ast::Tag& tag, std::size_t offset, std::string_view word,
                            std::string_view meant, const std::string& unknown) {
    auto& d = error(tag.pos, Code::bad_tag, fmt::format("{}; did you mean '{}'?", unknown, meant));
    if (auto at = value_column(tag, offset))
        d.fix = ast::FixIt{*at, code_points(word), std::string(meant)};
}

// The first word of the Options value that names no option of `rules`, and
// where it starts in the value.
static std::optional<std::pair<std::size_t, std::string_view>> unknown_option(
    std::string_view rules, std::string_view value) {
    auto r = parse_rules_id(rules);
    if (!r) return std::nullopt;
    const auto known = option_words(*r);
    std::size_t i = 0;
    while (i < value.size()) {
        while (i < value.size() && (value[i] == ' ' || value[i] == '\t')) ++i;
        std::size_t e = i;
        while (e < value.size() && value[e] != ' ' && value[e] != '\t') ++e;
        if (e > i && std::find(known.begin(), known.end(), value.substr(i, e - i)) == known.end())
            return std::pair{i, value.substr(i, e - i)};
        i = e;
    }
    return std::nullopt;
}

bool RecordChecker::read_tags() {
    const ast::Tag* rules = rec_.find_tag("Rules");
    const ast::Tag* players = rec_.find_tag("Players");
    const ast::Tag* options = rec_.find_tag("Options");
    result_tag_ = rec_.find_tag("Result");
    // A tag line with a syntax error may be the missing one: say nothing more.
    Pos tags_end = rec_.hands.empty() ? Pos{~0u, ~0u} : rec_.hands.front().pos;
    bool tag_syntax = !rec_.errors.empty() && rec_.errors.front().pos < tags_end;
    if ((!rules || !players) && tag_syntax) return false;
    if (!rules) {
        error(rec_.pos, Code::bad_tag,
              "missing Rules tag; expected one of jamaican, cutthroat, french, chiva, "
              "quinientos, fives-threes");
        return false;
    }
    if (!players) {
        error(rec_.pos, Code::bad_tag,
              "missing Players tag: the names in seat order, separated by commas");
        return false;
    }
    PlayersCount players_count = count_players(players->value);
    if (players_count.empty_name) {
        error(players->value_pos, Code::bad_tag, "empty player name in Players");
        return false;
    }
    std::string rules_id = rules->value, opts = options ? options->value : std::string();
    if (!opt_.rules_override.empty()) {
        RulesSpec spec = split_rules_spec(opt_.rules_override);
        rules_id = std::move(spec.rules);
        opts = std::move(spec.options);
    }
    if (auto err = make_variant(rules_id, players_count.count, opts, v_)) {
        const ast::Tag* at = err->field == VariantError::Field::rules     ? rules
                             : err->field == VariantError::Field::players ? players
                                                                          : options;
        if (opt_.rules_override.empty() && err->field == VariantError::Field::rules) {
            std::vector<std::string_view> known;
            for (const auto& t : kRuleTraits) known.push_back(t.name);
            if (auto meant = near_word(rules_id, known); !meant.empty()) {
                suggest(*rules, 0, rules_id, meant, fmt::format("unknown rule set '{}'", rules_id));
                return false;
            }
        }
        if (opt_.rules_override.empty() && err->field == VariantError::Field::options) {
            if (auto bad = unknown_option(rules_id, opts)) {
                const auto known = option_words(*parse_rules_id(rules_id));
                if (auto meant = near_word(bad->second, known); !meant.empty()) {
                    suggest(*options, bad->first, bad->second, meant,
                            fmt::format("unknown option '{}' for {}", bad->second, rules_id));
                    return false;
                }
            }
        }
        error(at->pos, Code::bad_tag, err->message);
        return false;
    }
    rules_ = make_rules(v_);
    out_.rules.clear();
    v_.append_name(out_.rules);  // (in the storage of the record before)
    return read_score_tag();
}

// The Score tag: the match score the record starts from.
bool RecordChecker::read_score_tag() {
    const ast::Tag* sc = rec_.find_tag("Score");
    if (!sc) return true;
    std::istringstream in(sc->value);
    std::string who;
    int value = 0;
    while (in >> who) {
        if (!(in >> value) || value < 0) {
            error(sc->pos, Code::bad_tag, "Score: expected WHO N pairs, as in 'AC 3 BD 0'");
            return false;
        }
        int party = -1;
        for (int p = 0; p < v_.parties(); ++p)
            if (rules_->party_name(p) == who) party = p;
        if (party < 0) {
            error(sc->pos, Code::bad_tag,
                  fmt::format("Score: '{}' is not a side or seat of {}", who, v_.name()));
            return false;
        }
        m_.score[party] = value;
    }
    return true;
}

namespace {
// A Result value: '*', 'tie', or one or two capital letters.
bool result_well_formed(const std::string& v) {
    if (v == "*" || v == "tie") return true;
    if (v.empty() || v.size() > 2) return false;
    return std::all_of(v.begin(), v.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}
}  // namespace

void RecordChecker::run() {
    out_.line = rec_.pos.line;
    for (const auto& e : rec_.errors) error(e.pos, Code::syntax, e.message).fix = e.fix;
    // Nothing after a syntax error is replayed; a malformed Result value is one.
    Pos stop_at{~0u, ~0u};
    if (!rec_.errors.empty()) stop_at = rec_.errors.front().pos;
    bool result_ok = true;
    const ast::Tag* res = rec_.find_tag("Result");
    // A line with a syntax error gets that error only.
    if (res && std::any_of(rec_.errors.begin(), rec_.errors.end(), [&](const ast::SyntaxError& e) {
            return e.pos.line == res->pos.line;
        })) {
        result_ok = false;
    } else if (res && !result_well_formed(res->value)) {
        Pos at = res->value_pos.line ? res->value_pos : res->pos;
        error(at, Code::syntax,
              fmt::format("expected a Result of '*', 'tie' or a side or seat (one or two capital "
                          "letters), found '{}'",
                          res->value));
        stop_at = std::min(stop_at, at);
        result_ok = false;
    }
    out_.hands = static_cast<int>(rec_.hands.size());
    if (opt_.data) data_begin();
    auto sort_errors = [this] {
        std::stable_sort(out_.errors.begin(), out_.errors.end(),
                         [](const Diagnostic& a, const Diagnostic& b) { return a.pos < b.pos; });
        if (opt_.data) data_end();
    };
    if (!read_tags()) {
        sort_errors();
        return;
    }
    if (opt_.data) data_parties();
    if (!rec_.hands.empty() && rec_.hands.front().number > 1) {
        m_.first = false;
        m_.pose_unknown = true;
        ties_unknown_ = rules_->value_counts_ties();
    }
    bool stopped = false;
    // A hand whose `hand` line has the syntax error is not replayed (the line
    // gets that error only), and the hand before it is the last one replayed.
    auto replayed = [&](const ast::Hand& hand) { return hand.pos.line < stop_at.line; };
    for (std::size_t i = 0; i < rec_.hands.size(); ++i) {
        const ast::Hand& hand = rec_.hands[i];
        const bool last = i + 1 == rec_.hands.size() || !replayed(rec_.hands[i + 1]);
        const bool over_before = m_.over;
        const bool go_on = replayed(hand) && replay_readings(hand, last, stop_at);
        if (opt_.data && !over_before && m_.over) out_.data.hands[i].ends_match = true;
        if (!go_on) {
            stopped = true;
            break;
        }
    }
    // A syntax error inside the last hand stops its replay there too.
    if (stop_at.line != ~0u) stopped = true;
    // A match that is over stays over: what stopped the replay after its end
    // does not hide the winner.
    if (result_ok) check_result_tag(stopped && !m_.over);
    sort_errors();
}

// `stopped`: the replay did not reach the end of the record; only what the
// value says whatever the match state is checked.
void RecordChecker::check_result_tag(bool stopped) {
    if (!result_tag_ || !judging()) return;
    const std::string& val = result_tag_->value;
    Pos at = result_tag_->value_pos.line ? result_tag_->value_pos : result_tag_->pos;
    if (val == "tie") {
        error(at, Code::result_mismatch, "no rule set ends a match in a tie");
        return;
    }
    if (val != "*") {
        bool party = false;
        for (int p = 0; p < v_.parties() && !party; ++p) party = rules_->party_name(p) == val;
        if (!party) {
            std::vector<std::string> names;
            for (int p = 0; p < v_.parties(); ++p) names.push_back(rules_->party_name(p));
            error(at, Code::result_mismatch,
                  fmt::format("'{}' is not {} of {}; the winner is one of {}", val,
                              v_.partnership() ? "a side" : "a seat", v_.name(),
                              fmt::join(names, ", ")));
            return;
        }
    }
    if (stopped) return;
    if (!m_.known || !score_known_) {
        unchecked("Result: the match state is unknown");
        return;
    }
    if (val == "*") {
        if (m_.over)
            error(at, Code::result_mismatch,
                  fmt::format("the match is over: {} won ({}), not '*'",
                              rules_->party_name(m_.winner), match_score_text(*rules_, m_)));
        return;
    }
    if (!m_.over) {
        error(at, Code::result_mismatch,
              fmt::format("the match is not over at the end of the record ({}); expected '*'",
                          match_score_text(*rules_, m_)));
        return;
    }
    if (val != rules_->party_name(m_.winner))
        error(at, Code::result_mismatch,
              fmt::format("the match was won by {} ({}), not {}", rules_->party_name(m_.winner),
                          match_score_text(*rules_, m_), val));
}

}  // namespace impl

bool same_verdict(const Verdict& a, const Verdict& b) {
    return a.line == b.line && a.valid == b.valid && a.unfinished == b.unfinished &&
           a.hands == b.hands && a.rules == b.rules && a.plies == b.plies && a.errors == b.errors &&
           a.unchecked == b.unchecked;
}

std::string rescore_compatible(const ast::Record& record, const std::string& spec) {
    const ast::Tag* rules = record.find_tag("Rules");
    const ast::Tag* players = record.find_tag("Players");
    const ast::Tag* options = record.find_tag("Options");
    if (!rules || !players) return "the record has no Rules or Players tag";
    int n = count_players(players->value).count;
    Variant mine, other;
    if (auto e = make_variant(
            rules->value, n, options ? std::string_view(options->value) : std::string_view(), mine))
        return e->message;
    RulesSpec rs = split_rules_spec(spec);
    if (auto e = make_variant(rs.rules, n, rs.options, other)) return e->message;
    if (mine.tiles_per_seat() != other.tiles_per_seat() || !(mine.tile_set() == other.tile_set()) ||
        mine.draw_game() != other.draw_game()) {
        auto boneyard = [](const Variant& v) { return v.draw_game() ? " with a boneyard" : ""; };
        return fmt::format("{} deals {} tiles a seat{}; the record's {} deals {}{}", other.name(),
                           other.tiles_per_seat(), boneyard(other), mine.name(),
                           mine.tiles_per_seat(), boneyard(mine));
    }
    if (mine.layout() != other.layout())
        return "french is played on a spinner, the other rule sets on a line";
    return {};
}

void Verdict::clear() {
    line = 0;
    valid = true;
    unfinished = false;
    hands = 0;
    rules.clear();
    errors.clear();
    unchecked.clear();
    notes.clear();
    summaries.clear();
    data.players = 0;
    data.parties.clear();
    data.hands.clear();
    plies = 0;
}

Verdict check_record(const ast::Record& record, const CheckOptions& options) {
    Verdict v;
    impl::RecordChecker c(record, options, v);
    c.run();
    return v;
}

void check_record(const ast::Record& record, const CheckOptions& options, Verdict& out) {
    out.clear();
    impl::RecordChecker c(record, options, out);
    c.run();
}

}  // namespace pips::checker
