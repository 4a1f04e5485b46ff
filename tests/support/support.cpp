#include "tests/support/support.hpp"

#include <unistd.h>
#include <algorithm>
#include <array>
#include <optional>
#include <string_view>

#include <fstream>
#include <sstream>

#include "parser/parser.hpp"

namespace pips::test {

Variant variant_of(RuleSet r, int players, Options o) {
    Variant v;
    v.rules = r;
    v.players = players;
    v.options = o;
    return v;
}

std::vector<Tile> tiles(std::string_view text) {
    std::vector<Tile> out;
    std::istringstream in{std::string(text)};
    std::string w;
    while (in >> w) out.push_back(Tile(w.at(0) - '0', w.at(2) - '0'));
    return out;
}

End end_of(char c) {
    static constexpr std::string_view kLetters = "LRNESW";
    auto i = kLetters.find(c);
    return i == std::string_view::npos ? End::W : static_cast<End>(i);
}

std::vector<Variant> all_variants() {
    using R = RuleSet;
    std::vector<Variant> out;
    out.push_back(variant_of(R::jamaican, 4));
    out.push_back(variant_of(R::jamaican, 4, {.sporting = true}));
    out.push_back(variant_of(R::jamaican, 4, {.playoff = true}));
    out.push_back(variant_of(R::jamaican, 4, {.tie_replay = true}));
    out.push_back(variant_of(R::cutthroat, 2));
    out.push_back(variant_of(R::cutthroat, 2, {.draw = true}));
    out.push_back(variant_of(R::cutthroat, 3));
    out.push_back(variant_of(R::cutthroat, 4));
    out.push_back(variant_of(R::chiva, 2));
    out.push_back(variant_of(R::chiva, 3));
    out.push_back(variant_of(R::chiva, 4));
    out.push_back(variant_of(R::quinientos, 4));
    out.push_back(
        variant_of(R::quinientos, 4, {.bonus = true, .capicu = true, .double_blank = true}));
    out.push_back(variant_of(R::quinientos, 4, {.tie_closer = true, .block_player = true}));
    out.push_back(variant_of(R::fives_threes, 2));
    out.push_back(variant_of(R::fives_threes, 4));
    out.push_back(variant_of(R::french, 4));
    out.push_back(variant_of(R::french, 4, {.blank_ten = true}));
    return out;
}

std::vector<checker::Verdict> check_text(const std::string& text) {
    std::istringstream in(text);
    parser::RecordReader reader(in);
    ast::Record rec;
    std::vector<checker::Verdict> out;
    while (reader.next(rec)) out.push_back(checker::check_record(rec));
    return out;
}

std::string describe(const checker::Verdict& v) {
    if (v.errors.empty()) return v.valid ? "valid" : "invalid without errors";
    const auto& e = v.errors.front();
    return std::string(checker::code_name(e.code)) + "@" + std::to_string(e.pos.line) + ":" +
           std::to_string(e.pos.column) + " " + e.message;
}

bool lists(const checker::Verdict& v, const std::string& what) {
    return std::find(v.unchecked.begin(), v.unchecked.end(), what) != v.unchecked.end();
}

std::string without_seat_labels(const std::string& text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const bool word_start =
            i == 0 || text[i - 1] == ' ' || text[i - 1] == '\t' || text[i - 1] == '\n';
        if (word_start && i + 1 < text.size() && text[i] >= 'A' && text[i] <= 'D' &&
            text[i + 1] == ':') {
            ++i;
            continue;
        }
        out += text[i];
    }
    return out;
}

std::string slurp(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

TempDir::TempDir() {
    static int counter = 0;
    path_ = std::filesystem::temp_directory_path() /
            ("pips_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::create_directories(path_);
}

TempDir::~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
}

std::string TempDir::write(const std::string& name, const std::string& text) const {
    std::ofstream(path(name), std::ios::binary) << text;
    return path(name);
}

namespace {

std::string fact(int x) {
    return std::to_string(x);
}
std::string fact(bool x) {
    return x ? "true" : "false";
}
std::string fact(std::string_view x) {
    return std::string(x);
}
std::string fact(checker::HandOutcome x) {
    return checker::outcome_name(x);
}
std::string fact(const std::optional<Tile>& x) {
    return x ? x->str() : "none";
}
std::string fact(const std::optional<checker::Code>& x) {
    return x ? checker::code_name(*x) : "none";
}
std::string fact(const std::array<int, 4>& x) {
    std::string s;
    for (int v : x) s += (s.empty() ? "" : " ") + std::to_string(v);
    return s;
}

}  // namespace

std::string hand_facts_differ(const checker::HandData& a, const checker::HandData& b) {
    std::string out;
    auto same = [&](const char* name, const auto& x, const auto& y) {
        if (out.empty() && !(x == y)) out = std::string(name) + ": " + fact(x) + " | " + fact(y);
    };
    same("number", a.number, b.number);
    same("summary", a.summary, b.summary);
    same("poser", a.poser, b.poser);
    same("outcome", a.outcome, b.outcome);
    same("winner_seat", a.winner_seat, b.winner_seat);
    same("winner_party", a.winner_party, b.winner_party);
    same("why", a.why, b.why);
    same("points_known", a.points_known, b.points_known);
    same("points", a.points, b.points);
    same("pips_left", a.pips_left, b.pips_left);
    same("key_tile_decided", a.key_tile_decided, b.key_tile_decided);
    same("key_tile", a.key_tile, b.key_tile);
    same("key_holder", a.key_holder, b.key_holder);
    same("ends_match", a.ends_match, b.ends_match);
    same("error", a.error, b.error);
    return out;
}

}  // namespace pips::test
