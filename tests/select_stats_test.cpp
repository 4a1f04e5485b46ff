// pips select and pips stats: select writes the matching records byte for
// byte (CRLF and comments included), its filters pick what pips check and
// the records' own text say they should, --duplicates finds the copies
// planted in an archive; stats counts what the generated records' claim
// lines and pips check count independently, the same whatever --jobs.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "checker/checker.hpp"
#include "cli/commands.hpp"
#include "cli/select_run.hpp"
#include "cli/stats_run.hpp"
#include "cli/tools.hpp"
#include "parser/parser.hpp"
#include "tests/support/capture.hpp"
#include "tests/support/support.hpp"

namespace {

using namespace pips;
using test::slurp;
using test::TempDir;
using test::without_seat_labels;
using json = nlohmann::json;

using Output = test::Captured;
using test::capture;

std::string generate(cli::GenerateArgs args, const TempDir& dir) {
    return capture(dir, [&](const cli::Io& io) { return cli::run_generate(args, io.out, io.err); })
        .out;
}

Output select(const TempDir& dir, cli::SelectArgs args, std::vector<std::string> files) {
    args.run.files = std::move(files);
    return capture(dir, [&](const cli::Io& io) { return cli::run_select(args, io); });
}

// The records' texts of `text`, as the reader splits them.
std::vector<std::string> record_texts(const std::string& text) {
    std::istringstream in(text);
    parser::RecordReader reader(in);
    std::vector<std::string> out;
    parser::RecordText t;
    std::uint32_t line = 0;
    while (reader.next_text(t, line)) out.emplace_back(t.text);
    return out;
}

// Every `from` in `text` replaced by `to` (only the first with `first`).
std::string replaced(std::string text, const std::string& from, const std::string& to,
                     bool first = false) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
        if (first) break;
    }
    return text;
}

// The tiles `n-m` of a line, each with the seat label before it ('\0': none).
std::vector<std::pair<char, std::string>> tiles_in(const std::string& line) {
    std::vector<std::pair<char, std::string>> out;
    auto digit = [](char c) { return c >= '0' && c <= '6'; };
    for (std::size_t i = 0; i + 2 < line.size(); ++i) {
        if (!digit(line[i]) || line[i + 1] != '-' || !digit(line[i + 2])) continue;
        const char seat = i >= 2 && line[i - 1] == ':' && line[i - 2] >= 'A' && line[i - 2] <= 'D'
                              ? line[i - 2]
                              : '\0';
        out.emplace_back(seat, line.substr(i, 3));
        i += 2;
    }
    return out;
}

std::string crlf(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '\n') out += '\r';
        out += c;
    }
    return out;
}

// Three hand-written records: comments before, between and inside them,
// one of them invalid (B passes holding 6-4 on a 6).
const std::string kThree =
    "; a season's first sheet\n"
    "[Event \"Kingston Open\"]\n"
    "[Rules \"jamaican\"]\n"
    "[Players \"Marcus, Desmond, Andre, Kevin\"]\n"
    "\n"
    "hand 1\n"
    "deal A 6-6 6-5 6-1 5-5 4-2 3-0 1-1\n"
    "deal B 6-4 5-4 4-4 3-3 2-1 1-0 0-0\n"
    "deal C 6-3 6-2 5-3 4-3 3-2 2-0 1-5\n"
    "deal D 6-0 5-2 5-0 4-1 4-0 3-1 2-2\n"
    "A:6-6 B:6-4R {B's only six} C:6-3L\n"
    "\n"
    "; table 2\n"
    "[Event \"Kingston Open\"]\n"
    "[Rules \"cutthroat\"]\n"
    "[Players \"Marcus, Paul, Ann\"]\n"
    "hand 1\n"
    "A:6-6\n"
    "\n"
    "[Event \"Paphos Cup\"]\n"
    "[Rules \"jamaican\"]\n"
    "[Players \"Ann, Desmond, Lee, Kevin\"]\n"
    "hand 1\n"
    "deal A 6-6 6-5 6-1 5-5 4-2 3-0 1-1\n"
    "deal B 6-4 5-4 4-4 3-3 2-1 1-0 0-0\n"
    "deal C 6-3 6-2 5-3 4-3 3-2 2-0 1-5\n"
    "deal D 6-0 5-2 5-0 4-1 4-0 3-1 2-2\n"
    "A:6-6 B:pass ; B holds 6-4\n"
    "C:6-3L\n";

TEST(Select, NoFilterWritesTheInputByteForByte) {
    TempDir dir;
    cli::GenerateArgs g;
    g.matches = 4;
    const std::string generated = generate(g, dir);
    for (const std::string& text : {kThree, crlf(kThree), generated, crlf(generated)}) {
        const auto file = dir.write("in.dgn", text);
        const Output r = select(dir, {}, {file});
        EXPECT_EQ(r.code, cli::kExitValid) << r.err;
        EXPECT_TRUE(r.out == text) << r.out;
    }
}

TEST(Select, FiltersPickTheRecordsBytes) {
    TempDir dir;
    for (const std::string& text : {kThree, crlf(kThree)}) {
        const auto records = record_texts(text);
        ASSERT_EQ(records.size(), 3u);
        const auto file = dir.write("three.dgn", text);
        cli::SelectArgs a;
        a.rules = "cutthroat";
        EXPECT_EQ(select(dir, a, {file}).out, records[1]);
        a = {};
        a.player = "Ann";
        Output r = select(dir, a, {file});
        EXPECT_EQ(r.out, records[1] + records[2]);
        EXPECT_EQ(r.err, "pips select: 2 of 3 records\n");
        a.rules = "jamaican";  // AND
        EXPECT_EQ(select(dir, a, {file}).out, records[2]);
        a = {};
        a.valid = false;
        EXPECT_EQ(select(dir, a, {file}).out, records[2]);
        a.valid = true;
        EXPECT_EQ(select(dir, a, {file}).out, records[0] + records[1]);
        a = {};
        a.code = checker::Code::illegal_pass;
        EXPECT_EQ(select(dir, a, {file}).out, records[2]);
        a.code = checker::Code::no_match;
        r = select(dir, a, {file});
        EXPECT_EQ(r.out, "");
        EXPECT_EQ(r.code, cli::kExitInvalid);  // nothing selected
        a = {};
        a.player = "Marc";  // a name, not part of one
        EXPECT_EQ(select(dir, a, {file}).out, "");
    }
}

// The last record of a file without a final line end gets one, in the
// file's own style, so that the next file's first record starts a line.
TEST(Select, ALastRecordWithoutALineEndGetsOne) {
    TempDir dir;
    const std::string cut = kThree.substr(0, kThree.size() - 1);
    const auto a = dir.write("a.dgn", cut);
    const auto b = dir.write("b.dgn", crlf(cut));
    const Output r = select(dir, {}, {a, b});
    EXPECT_EQ(r.out, kThree + crlf(kThree));
    EXPECT_EQ(r.err, "pips select: 6 of 6 records\n");
}

TEST(Select, ResultTagAsWritten) {
    TempDir dir;
    cli::GenerateArgs g;
    g.matches = 12;
    g.seed = 9;
    const std::string text = generate(g, dir);
    const auto file = dir.write("g.dgn", text);
    const auto records = record_texts(text);
    for (const std::string side : {"AC", "BD"}) {
        std::string expected;
        for (const auto& r : records)
            if (r.find("[Result \"" + side + "\"]") != std::string::npos) expected += r;
        cli::SelectArgs a;
        a.result = side;
        EXPECT_EQ(select(dir, a, {file}).out, expected) << side;
        EXPECT_FALSE(expected.empty());
    }
}

// Copies of generated records, written otherwise (CRLF, comments, no seat
// labels, another Event, tiles of the deals in another order, a play's
// tile turned round) are found as copies, and only they.
TEST(Select, DuplicatesAreTheLaterCopiesOfThePlay) {
    TempDir dir;
    cli::GenerateArgs g;
    g.matches = 6;
    g.seed = 4;
    const std::string text = generate(g, dir);
    const auto records = record_texts(text);
    ASSERT_EQ(records.size(), 6u);
    const auto original = dir.write("original.dgn", text);

    // Record 2 again: other tags, comments, CRLF, labels dropped.
    std::string copy2 = replaced(records[1], "pips generate", "Club night");
    copy2 = without_seat_labels(copy2);
    copy2 = replaced(copy2, "\nhand 2\n", "\nhand 2 ; the second\n");
    copy2 = crlf(copy2);
    // Record 5 again with the first deal line's tiles in another order.
    std::string copy5 = records[4];
    {
        const auto at = copy5.find("deal A ");
        const auto end = copy5.find('\n', at);
        std::istringstream tiles(copy5.substr(at + 7, end - at - 7));
        std::vector<std::string> ts;
        for (std::string t; tiles >> t;) ts.push_back(t);
        std::reverse(ts.begin(), ts.end());
        std::string line = "deal A";
        for (auto& t : ts) line += " " + std::string{t[2], '-', t[0]};
        copy5.replace(at, end - at, line);
    }
    // Record 3 with one ply changed: not a copy.
    std::string changed3 = records[2];
    const auto pass = changed3.find(":pass");
    ASSERT_NE(pass, std::string::npos);
    changed3.replace(pass, 5, ":knock");  // the same ply in other words: still a copy
    std::string other3 = records[2];
    other3 = replaced(other3, "\nhand 1\n", "\nhand 1\nA:6-6\n", /*first=*/true);
    const auto copies = dir.write("copies.dgn", copy2 + other3 + copy5 + changed3);

    const Output none = [&] {
        cli::SelectArgs a;
        a.duplicates = true;
        return select(dir, a, {original});
    }();
    EXPECT_EQ(none.out, "");
    EXPECT_EQ(none.code, cli::kExitInvalid);

    cli::SelectArgs a;
    a.duplicates = true;
    const Output r = select(dir, a, {original, copies});
    EXPECT_EQ(r.out, copy2 + copy5 + changed3);
    EXPECT_EQ(r.err, "pips select: 3 of 10 records\n");

    // The same file twice: the second is all copies.
    EXPECT_EQ(select(dir, a, {original, original}).out, text);
    // With another filter: the copies that also pass it.
    a.valid = false;
    EXPECT_EQ(select(dir, a, {original, copies}).out, "");
}

TEST(Select, CodesCountAsPipsCheckFindsThem) {
    TempDir dir;
    cli::GenerateArgs g;
    g.rules = "cutthroat";
    g.mutate = true;
    g.matches = 60;
    g.seed = 11;
    const std::string text = generate(g, dir);
    const auto file = dir.write("mutants.dgn", text);
    const auto records = record_texts(text);
    // pips check's JSON lines say which records have which codes.
    cli::CheckArgs c;
    c.files = {file};
    c.format = cli::Format::json;
    c.quiet = true;
    const Output checked = capture(dir, [&](const cli::Io& io) { return cli::run_check(c, io); });
    std::istringstream lines(checked.out);
    std::vector<json> verdicts;
    for (std::string line; std::getline(lines, line);) verdicts.push_back(json::parse(line));
    ASSERT_EQ(verdicts.size(), records.size());
    std::size_t codes_seen = 0;
    for (std::size_t k = 0; k < checker::kCodeNames.size(); ++k) {
        std::string expected;
        for (std::size_t i = 0; i < records.size(); ++i) {
            bool has = false;
            for (const auto& e : verdicts[i]["errors"]) has |= e["code"] == checker::kCodeNames[k];
            if (has) expected += records[i];
        }
        codes_seen += expected.empty() ? 0 : 1;
        cli::SelectArgs a;
        a.code = static_cast<checker::Code>(k);
        a.run.jobs = 2;
        EXPECT_EQ(select(dir, a, {file}).out, expected) << checker::kCodeNames[k];
    }
    EXPECT_GE(codes_seen, 4u);
}

TEST(Select, OutputIsTheSameWhateverTheJobs) {
    TempDir dir;
    cli::GenerateArgs g;
    g.rules = "chiva";
    g.mutate = true;
    g.matches = 80;
    const auto file = dir.write("m.dgn", generate(g, dir) + kThree);
    cli::SelectArgs a;
    a.valid = false;
    const Output one = select(dir, a, {file, file});
    EXPECT_FALSE(one.out.empty());
    for (unsigned jobs : {2u, 3u, 0u}) {
        a.run.jobs = jobs;
        const Output many = select(dir, a, {file, file});
        EXPECT_TRUE(many.out == one.out) << jobs;
        EXPECT_EQ(many.err, one.err);
    }
}

TEST(Select, UnreadableInputIsExitTwo) {
    TempDir dir;
    const auto file = dir.write("three.dgn", kThree);
    const Output r = select(dir, {}, {file, dir.path("missing.dgn")});
    EXPECT_EQ(r.code, cli::kExitCannotRun);
    EXPECT_EQ(r.out, kThree);
    EXPECT_NE(r.err.find("cannot open"), std::string::npos) << r.err;
}

TEST(Select, UnknownWordsNameTheNearest) {
    EXPECT_EQ(cli::unknown_word("code", "ilegal-pass", cli::code_names()),
              "unknown code 'ilegal-pass'; did you mean 'illegal-pass'?");
    EXPECT_EQ(cli::unknown_word("rule set", "french-ish", cli::rule_set_names()),
              "unknown rule set 'french-ish'");
    EXPECT_EQ(cli::rule_set_names().size(), 6u);
}

// The hands' facts without the plies' (what select and stats ask for, at
// the cost of a plain check) are those collected with them, over the
// corpus and the conformance-like generated records, and the verdict is
// the same.
TEST(RecordData, HandsOnlyAreTheHandsOfTheFullData) {
    TempDir dir;
    std::string text;
    for (const auto& entry :
         std::filesystem::recursive_directory_iterator(std::string(PIPS_SOURCE_DIR) + "/corpus"))
        if (entry.path().extension() == ".dgn") text += slurp(entry.path()) + "\n";
    for (const char* rules : {"fives-threes", "french", "quinientos"}) {
        cli::GenerateArgs g;
        g.rules = rules;
        g.matches = 3;
        g.mutate = true;
        text += generate(g, dir);
        g.mutate = false;
        g.deals = false;
        text += generate(g, dir);
    }
    std::istringstream in(text);
    parser::RecordReader reader(in);
    ast::Record record;
    checker::CheckOptions full, hands;
    full.data = hands.data = true;
    hands.data_plies = false;
    int records = 0, compared = 0;
    while (reader.next(record)) {
        ++records;
        const checker::Verdict a = checker::check_record(record, full);
        const checker::Verdict b = checker::check_record(record, hands);
        EXPECT_TRUE(checker::same_verdict(a, b)) << records;
        EXPECT_EQ(a.data.players, b.data.players);
        EXPECT_EQ(a.data.parties, b.data.parties);
        ASSERT_EQ(a.data.hands.size(), b.data.hands.size()) << records;
        for (std::size_t i = 0; i < a.data.hands.size(); ++i) {
            const auto& x = a.data.hands[i];
            const auto& y = b.data.hands[i];
            EXPECT_TRUE(y.plies.empty());
            const std::string at = std::to_string(records) + " hand " + std::to_string(x.number);
            EXPECT_EQ(test::hand_facts_differ(x, y), "") << at;
            ++compared;
        }
    }
    EXPECT_GT(records, 250);
    EXPECT_GT(compared, 500);
}

// --- the records' own claims, counted apart from pips ---------------------

// What the claim lines and deals of generated records (full deals, labels
// and claims) say, counted from their text alone.
struct Claimed {
    std::uint64_t records = 0, hands = 0, domino = 0, block = 0, tie = 0, key_tile = 0;
    std::map<std::string, std::uint64_t> wins;        // by party: "AC" or a seat
    std::map<std::string, std::uint64_t> block_wins;  // by party
    std::int64_t points = 0;
    std::uint64_t pips_left = 0;  // over every seat of every hand
};

int pips_of(const std::string& tile) {
    return (tile[0] - '0') + (tile[2] - '0');
}

// `sides`: partnership (A and C, B and D) rather than seats.
Claimed claimed(const std::string& text, bool sides) {
    Claimed c;
    std::istringstream in(text);
    std::map<char, int> left;  // the hand's pips in each seat's hand
    std::string winner;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("[Rules ", 0) == 0) ++c.records;
        if (line.rfind("hand ", 0) == 0) {
            ++c.hands;
            left.clear();
            winner.clear();
        } else if (line.rfind("deal ", 0) == 0) {
            const char seat = line[5];
            for (const auto& [label, tile] : tiles_in(line)) left[seat] += pips_of(tile);
        } else if (line.rfind("end ", 0) == 0) {
            std::istringstream words(line.substr(4));
            std::string kind, who;
            words >> kind >> who;
            if (kind == "domino") ++c.domino;
            if (kind == "block") ++c.block;
            if (kind == "tie") ++c.tie;
            if (sides && who.size() == 1) who = (who == "A" || who == "C") ? "AC" : "BD";
            if (!who.empty()) ++c.wins[who];
            if (kind == "block") ++c.block_wins[who];
            winner = kind == "domino" ? who : "";
            for (const auto& [seat, pips] : left) c.pips_left += static_cast<std::uint64_t>(pips);
        } else if (line.rfind("points ", 0) == 0) {
            std::istringstream words(line.substr(7));
            std::string who;
            int value = 0;
            while (words >> who >> value) {
                c.points += value;
                if (who == winner && value == 2) ++c.key_tile;  // jamaican: a key tile's 2
            }
        } else if (line.rfind("score ", 0) != 0 && !line.empty() && line[0] != '[' &&
                   line[0] != ';') {
            for (const auto& [label, tile] : tiles_in(line))
                if (label != '\0') left[label] -= pips_of(tile);
        }
    }
    return c;
}

cli::StatsArgs by(cli::StatsBy grouping, std::string tag = {}, std::string format = "text") {
    cli::StatsArgs a;
    a.by = grouping;
    a.tag = std::move(tag);
    a.format = std::move(format);
    return a;
}

Output stats(const TempDir& dir, cli::StatsArgs args, std::vector<std::string> files) {
    args.run.files = std::move(files);
    return capture(dir, [&](const cli::Io& io) { return cli::run_stats(args, io); });
}

// The JSON lines of `pips stats --format json`, by group.
std::map<std::string, json> stats_json(const TempDir& dir, cli::StatsArgs args,
                                       std::vector<std::string> files) {
    args.format = "json";
    const Output r = stats(dir, args, std::move(files));
    EXPECT_EQ(r.code, cli::kExitValid) << r.err;
    std::map<std::string, json> groups;
    std::istringstream lines(r.out);
    for (std::string line; std::getline(lines, line);) {
        const json j = json::parse(line);
        groups[j["group"].get<std::string>()] = j;
    }
    return groups;
}

TEST(Stats, CountsWhatTheClaimsOfGeneratedJamaicanMatchesSay) {
    TempDir dir;
    cli::GenerateArgs g;
    g.matches = 30;
    g.seed = 21;
    const std::string text = generate(g, dir);
    const auto file = dir.write("j.dgn", text);
    const Claimed c = claimed(text, true);
    ASSERT_GT(c.block, 0u);
    ASSERT_GT(c.key_tile, 0u);
    const auto groups = stats_json(dir, {}, {file});
    ASSERT_EQ(groups.size(), 1u);
    const json& all = groups.at("all");
    EXPECT_EQ(all["records"], c.records);
    EXPECT_EQ(all["valid"], c.records);
    EXPECT_EQ(all["hands"], c.hands);
    EXPECT_EQ(all["domino"], c.domino);
    EXPECT_EQ(all["block"], c.block);
    EXPECT_EQ(all["tie"], c.tie);
    EXPECT_EQ(all["unknown"], 0);
    EXPECT_EQ(all["key_tile"], c.key_tile);
    EXPECT_EQ(all["wins"]["AC"], c.wins.at("AC"));
    EXPECT_EQ(all["wins"]["BD"], c.wins.at("BD"));
    EXPECT_EQ(all["points"]["sum"], c.points);
    EXPECT_EQ(all["points"]["hands"], c.hands);
    EXPECT_EQ(all["pips_left"]["sum"], c.pips_left);
    EXPECT_EQ(all["pips_left"]["seats"], 4 * c.hands);
    EXPECT_EQ(all["errors"]["illegal-pass"], 0);

    // By side: each side's own wins; every record and hand in both.
    const auto sides = stats_json(dir, by(cli::StatsBy::side), {file});
    ASSERT_EQ(sides.size(), 2u);
    for (const std::string side : {"AC", "BD"}) {
        EXPECT_EQ(sides.at(side)["won"], c.wins.at(side)) << side;
        EXPECT_EQ(sides.at(side)["won_block"], c.block_wins.at(side)) << side;
        EXPECT_EQ(sides.at(side)["won_domino"].get<std::uint64_t>() +
                      sides.at(side)["won_block"].get<std::uint64_t>(),
                  c.wins.at(side));
        EXPECT_EQ(sides.at(side)["records"], c.records);
        EXPECT_EQ(sides.at(side)["hands"], c.hands);
    }
    EXPECT_EQ(sides.at("AC")["points"]["sum"].get<std::int64_t>() +
                  sides.at("BD")["points"]["sum"].get<std::int64_t>(),
              c.points);
}

TEST(Stats, PlayersOfCutthroatWinWhatTheirSeatsWin) {
    TempDir dir;
    cli::GenerateArgs g;
    g.rules = "cutthroat";
    g.players = 3;
    g.matches = 25;
    g.seed = 8;
    const std::string text = generate(g, dir);
    const auto file = dir.write("c.dgn", text);
    const Claimed c = claimed(text, false);
    const auto players = stats_json(dir, by(cli::StatsBy::player), {file});
    const auto seats = stats_json(dir, by(cli::StatsBy::seat), {file});
    const std::vector<std::string> names = {"Marcus", "Desmond", "Andre"};
    ASSERT_EQ(players.size(), 3u);
    ASSERT_EQ(seats.size(), 3u);
    std::uint64_t pips = 0;
    for (std::size_t s = 0; s < 3; ++s) {
        const std::string seat(1, static_cast<char>('A' + s));
        const json& p = players.at(names[s]);
        EXPECT_EQ(p["won"], c.wins.count(seat) ? c.wins.at(seat) : 0) << seat;
        EXPECT_EQ(p["records"], c.records);
        EXPECT_EQ(p["hands"], c.hands);
        EXPECT_EQ(p["pips_left"]["seats"], c.hands);
        EXPECT_EQ(seats.at(seat)["won"], p["won"]);
        EXPECT_EQ(p["won_block"], c.block_wins.count(seat) ? c.block_wins.at(seat) : 0);
        pips += p["pips_left"]["sum"].get<std::uint64_t>();
    }
    EXPECT_EQ(pips, c.pips_left);
}

// Groups by a tag: the records without it are the group "".
TEST(Stats, ByEventCountsEachEventsErrors) {
    TempDir dir;
    const std::string untagged =
        "[Rules \"jamaican\"]\n[Players \"a, b, c, d\"]\nhand 1\nA:6-6 B:6-7R\n";
    const auto file = dir.write("events.dgn", kThree + "\n" + untagged);
    const auto groups = stats_json(dir, by(cli::StatsBy::tag, "Event"), {file});
    ASSERT_EQ(groups.size(), 3u);
    EXPECT_EQ(groups.at("Kingston Open")["records"], 2);
    EXPECT_EQ(groups.at("Kingston Open")["invalid"], 0);
    EXPECT_EQ(groups.at("Paphos Cup")["errors"]["illegal-pass"], 1);
    EXPECT_EQ(groups.at("Paphos Cup")["invalid"], 1);
    EXPECT_EQ(groups.at("")["errors"]["syntax"], 1);
    EXPECT_EQ(groups.at("")["by"], "Event");
    const Output text = stats(dir, by(cli::StatsBy::tag, "Event"), {file});
    EXPECT_NE(text.out.find("illegal-pass 1"), std::string::npos) << text.out;
}

// Counted apart: pips check's hands and its verdicts, over mutants.
TEST(Stats, AgreesWithPipsCheckAndIsTheSameWhateverTheJobs) {
    TempDir dir;
    cli::GenerateArgs g;
    g.rules = "quinientos";
    g.mutate = true;
    g.matches = 40;
    g.seed = 5;
    const auto file = dir.write("q.dgn", generate(g, dir) + kThree);
    cli::CheckArgs c;
    c.files = {file};
    c.format = cli::Format::json;
    c.quiet = true;
    const Output checked = capture(dir, [&](const cli::Io& io) { return cli::run_check(c, io); });
    std::uint64_t records = 0, invalid = 0, hands = 0;
    std::map<std::string, std::uint64_t> codes;
    std::istringstream lines(checked.out);
    for (std::string line; std::getline(lines, line);) {
        const json j = json::parse(line);
        ++records;
        invalid += j["valid"] ? 0 : 1;
        hands += j["hands"].get<std::uint64_t>();
        for (const auto& e : j["errors"]) ++codes[e["code"]];
    }
    const auto all = stats_json(dir, {}, {file}).at("all");
    EXPECT_EQ(all["records"], records);
    EXPECT_EQ(all["invalid"], invalid);
    EXPECT_EQ(all["hands"], hands);
    for (const auto& name : checker::kCodeNames)
        EXPECT_EQ(all["errors"][std::string(name)], codes[std::string(name)]) << name;
    for (auto grouping : {cli::StatsBy::all, cli::StatsBy::player, cli::StatsBy::side}) {
        for (const std::string format : {"text", "json"}) {
            cli::StatsArgs a = by(grouping, {}, format);
            const Output one = stats(dir, a, {file, file});
            a.run.jobs = 3;
            const Output three = stats(dir, a, {file, file});
            EXPECT_EQ(one.out, three.out);
            EXPECT_FALSE(one.out.empty());
        }
    }
}

// Over the whole corpus (every rule set, partial records, score sheets,
// every error code): the counts are those of the hands `pips annotate
// --format json` describes.
TEST(Stats, CountsTheHandsPipsAnnotateDescribes) {
    TempDir dir;
    std::vector<std::string> files;
    for (const auto& entry :
         std::filesystem::recursive_directory_iterator(std::string(PIPS_SOURCE_DIR) + "/corpus"))
        if (entry.path().extension() == ".dgn") files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    cli::AnnotateArgs an;
    an.files = files;
    an.format = cli::Format::json;
    const Output annotated =
        capture(dir, [&](const cli::Io& io) { return cli::run_annotate(an, io); });
    std::map<std::string, std::int64_t> want;
    std::istringstream lines(annotated.out);
    for (std::string line; std::getline(lines, line);) {
        const json j = json::parse(line);
        ++want["records"];
        want[j["valid"] ? "valid" : "invalid"] += 1;
        for (const auto& e : j["errors"]) ++want["error " + e["code"].get<std::string>()];
        for (const auto& h : j["hand_data"]) {
            ++want[h["outcome"].get<std::string>()];
            if (h["key_tile_decided"]) ++want["key_tile"];
            if (!h["winner_party"].is_null())
                ++want["wins " + h["winner_party"].get<std::string>()];
            for (const auto& [seat, n] : h["pips_left"].items()) {
                if (n.is_null() || n.get<int>() < 0) continue;
                want["pips_left"] += n.get<int>();
                ++want["pips_left seats"];
            }
            if (h["points"].is_null()) continue;
            ++want["points hands"];
            for (const auto& [party, n] : h["points"].items()) want["points"] += n.get<int>();
        }
    }
    ASSERT_GT(want["records"], 250);
    ASSERT_GT(want["key_tile"], 3);
    const json all = stats_json(dir, {}, files).at("all");
    EXPECT_EQ(all["records"], want["records"]);
    EXPECT_EQ(all["valid"], want["valid"]);
    EXPECT_EQ(all["invalid"], want["invalid"]);
    for (const char* outcome : {"domino", "block", "tie", "target", "unknown"})
        EXPECT_EQ(all[outcome], want[outcome]) << outcome;
    EXPECT_EQ(all["key_tile"], want["key_tile"]);
    for (const char* party : cli::kStatsParties)
        EXPECT_EQ(all["wins"].value(party, 0), want[std::string("wins ") + party]) << party;
    EXPECT_EQ(all["pips_left"]["sum"], want["pips_left"]);
    EXPECT_EQ(all["pips_left"]["seats"], want["pips_left seats"]);
    EXPECT_EQ(all["points"]["sum"], want["points"]);
    EXPECT_EQ(all["points"]["hands"], want["points hands"]);
    for (const auto& code : checker::kCodeNames)
        EXPECT_EQ(all["errors"][std::string(code)], want["error " + std::string(code)]) << code;
}

// The rows of a CSV text, read by RFC 4180's rules.
std::vector<std::vector<std::string>> read_csv(const std::string& text) {
    std::vector<std::vector<std::string>> rows(1, std::vector<std::string>(1));
    bool quoted = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char ch = text[i];
        if (quoted) {
            if (ch == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                rows.back().back() += '"';
                ++i;
            } else if (ch == '"') {
                quoted = false;
            } else {
                rows.back().back() += ch;
            }
        } else if (ch == '"') {
            quoted = true;
        } else if (ch == ',') {
            rows.back().emplace_back();
        } else if (ch == '\n') {
            rows.emplace_back(1);
        } else {
            rows.back().back() += ch;
        }
    }
    if (rows.back().size() == 1 && rows.back()[0].empty()) rows.pop_back();
    return rows;
}

// CSV: a header and a row a group, with the JSON lines' counts; a group
// name with a comma and quotes comes back whole.
TEST(Stats, CsvRowsHoldTheJsonCounts) {
    TempDir dir;
    std::string text = kThree;
    text = replaced(text, "Paphos Cup", "Club \\\"North\\\", Paphos");
    const auto file = dir.write("events.dgn", text);
    const auto groups = stats_json(dir, by(cli::StatsBy::tag, "Event"), {file});
    ASSERT_EQ(groups.size(), 2u);
    ASSERT_TRUE(groups.count("Club \"North\", Paphos"));
    const Output csv = stats(dir, by(cli::StatsBy::tag, "Event", "csv"), {file});
    const auto rows = read_csv(csv.out);
    ASSERT_EQ(rows.size(), 3u) << csv.out;
    const auto& header = rows[0];
    auto column = [&](const std::string& name) {
        return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) -
                                        header.begin());
    };
    for (std::size_t r = 1; r < rows.size(); ++r) {
        ASSERT_EQ(rows[r].size(), header.size());
        EXPECT_EQ(rows[r][column("by")], "Event");
        const json& j = groups.at(rows[r][column("group")]);
        for (const std::string key :
             {"records", "valid", "invalid", "hands", "plies", "domino", "block", "key_tile"})
            EXPECT_EQ(rows[r][column(key)], std::to_string(j[key].get<std::uint64_t>())) << key;
        EXPECT_EQ(rows[r][column("illegal-pass")],
                  std::to_string(j["errors"]["illegal-pass"].get<std::uint64_t>()));
        EXPECT_EQ(rows[r][column("won")], "");  // not a grouping by party
    }
}

// select --ending and --key-tile against the claims of each record.
TEST(Select, EndingAndKeyTileAsTheClaimsSay) {
    TempDir dir;
    cli::GenerateArgs g;
    g.matches = 10;
    g.seed = 13;
    const std::string text = generate(g, dir);
    const auto file = dir.write("j.dgn", text);
    std::string blocked, tied, keyed;
    for (const auto& r : record_texts(text)) {
        const Claimed c = claimed(r, true);
        if (c.block) blocked += r;
        if (c.tie) tied += r;
        if (c.key_tile) keyed += r;
    }
    ASSERT_FALSE(blocked.empty());
    ASSERT_FALSE(tied.empty());
    ASSERT_FALSE(keyed.empty());
    ASSERT_TRUE(tied != text && keyed != text);  // the filters leave some out
    cli::SelectArgs a;
    a.ending = "block";
    EXPECT_TRUE(select(dir, a, {file}).out == blocked);
    a.ending = "tie";
    EXPECT_TRUE(select(dir, a, {file}).out == tied);
    a.ending = "target";
    EXPECT_EQ(select(dir, a, {file}).out, "");
    a = {};
    a.key_tile = true;
    EXPECT_TRUE(select(dir, a, {file}).out == keyed);
}

// --- the command line --------------------------------------------------------

// `pips ARGS` run through the shell: exit code, standard output and error.
Output pips_exe(const TempDir& dir, const std::string& args) {
    Output r;
    const std::string cmd =
        std::string("'") + PIPS_EXE + "' " + args + " 2>'" + dir.path("exe.err") + "'";
    std::FILE* p = ::popen(cmd.c_str(), "r");
    if (!p) return r;
    char buf[4096];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) r.out.append(buf, n);
    const int status = ::pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.err = slurp(dir.path("exe.err"));
    return r;
}

TEST(SelectStatsExe, OptionValuesAreCheckedWithTheNearestNamed) {
    TempDir dir;
    const std::string file = "'" + dir.write("three.dgn", kThree) + "'";
    Output r = pips_exe(dir, "select --code ilegal-pass " + file);
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("unknown code 'ilegal-pass'; did you mean 'illegal-pass'?"),
              std::string::npos)
        << r.err;
    r = pips_exe(dir, "select --rules jamaicn " + file);
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("did you mean 'jamaican'?"), std::string::npos) << r.err;
    r = pips_exe(dir, "select --valid --invalid " + file);
    EXPECT_EQ(r.code, 2);
    r = pips_exe(dir, "stats --by palyer " + file);
    EXPECT_EQ(r.code, 2);
    EXPECT_NE(r.err.find("did you mean 'player'?"), std::string::npos) << r.err;
    r = pips_exe(dir, "stats --by 'Event name' " + file);
    EXPECT_EQ(r.code, 2);
    // A tag name, even one near a grouping word when it starts with a capital.
    r = pips_exe(dir, "stats --by Seat --format csv " + file);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.out.substr(0, 9), "by,group,");
    r = pips_exe(dir, "stats --by Event " + file);
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_NE(r.out.find("Paphos Cup"), std::string::npos);
    // select through the command line: exit 0 with records written, 1 without.
    r = pips_exe(dir, "select --invalid " + file);
    EXPECT_EQ(r.code, 0);
    EXPECT_EQ(r.out, record_texts(kThree)[2]);
    r = pips_exe(dir, "select --ending target - < " + file);
    EXPECT_EQ(r.code, 1);
    EXPECT_EQ(r.err, "pips select: 0 of 3 records\n");
}

// --- properties ------------------------------------------------------------

// Any bytes: select without filters writes them back (a newline added when
// the last record has none), --duplicates over the input twice writes the
// second copy of each record with hands, and stats counts every record, in
// each format, without crashing.
RC_GTEST_PROP(SelectStats, AnyBytesComeBackWholeAndAreCounted, ()) {
    const auto pieces = *rc::gen::container<std::vector<std::string>>(rc::gen::oneOf(
        rc::gen::element<std::string>("[Rules \"jamaican\"]\n", "[Players \"a, b, c, d\"]\n",
                                      "hand 1\n", "hand 2\n", "A:6-6 B:6-5R ", "pass ",
                                      "deal A 6-6 5-5\n", "end domino A\n", "points AC 1\n",
                                      "{ note } ", "; comment\n", "\r\n", "\n", "[Event \"x\"]\n",
                                      "[Rules \"cutthroat\"]\n[Players \"p, q\"]\n", "\"", "["),
        rc::gen::string<std::string>()));
    std::string text;
    for (const auto& p : pieces) text += p;
    TempDir dir;
    const auto file = dir.write("any.dgn", text);
    const Output all = select(dir, {}, {file});
    RC_ASSERT(all.code != cli::kExitCannotRun);
    const auto records = record_texts(text);
    // The line end added is the last record's own kind.
    std::string expected = text;
    if (!expected.empty() && expected.back() != '\n')
        expected += records.back().find("\r\n") != std::string::npos ? "\r\n" : "\n";
    RC_ASSERT(all.out == expected);

    cli::SelectArgs dup;
    dup.duplicates = true;
    const Output twice = select(dir, dup, {file, file});
    std::string copies;
    for (std::size_t i = 0; i < records.size(); ++i) {
        std::istringstream in(records[i]);
        parser::RecordReader reader(in);
        ast::Record r;
        reader.next(r);
        if (r.hands.empty()) continue;
        // The second file's record i, with the line end select adds.
        std::string bytes = records[i];
        if (i + 1 == records.size() && bytes != "" && bytes.back() != '\n')
            bytes += bytes.find("\r\n") != std::string::npos ? "\r\n" : "\n";
        copies += bytes;
    }
    RC_ASSERT(twice.out.find(copies) != std::string::npos);

    for (const std::string format : {"text", "json", "csv"}) {
        const Output st = stats(dir, by(cli::StatsBy::player, {}, format), {file, file});
        RC_ASSERT(st.code == cli::kExitValid);
    }
    if (!records.empty()) {
        const auto groups = stats_json(dir, {}, {file});
        RC_ASSERT(groups.at("all")["records"].get<std::size_t>() == records.size());
    }
}

// Generated matches of any rule set, copied with their labels dropped and
// CRLF line ends: --duplicates finds exactly the copies.
RC_GTEST_PROP(SelectStats, CopiesOfGeneratedMatchesAreFound, ()) {
    cli::GenerateArgs g;
    g.rules = *rc::gen::element<std::string>("jamaican", "cutthroat", "french", "chiva",
                                             "quinientos", "fives-threes");
    g.matches = *rc::gen::inRange(1, 4);
    g.seed = *rc::gen::inRange<std::uint64_t>(1, 1000000);
    g.max_hands = 4;
    TempDir dir;
    const std::string text = generate(g, dir);
    g.labels = false;
    const std::string unlabelled = crlf(generate(g, dir));
    const auto a = dir.write("a.dgn", text);
    const auto b = dir.write("b.dgn", unlabelled);
    cli::SelectArgs dup;
    dup.duplicates = true;
    RC_ASSERT(select(dir, dup, {a, b}).out == unlabelled);
    RC_ASSERT(select(dir, dup, {a}).out.empty());
    // And stats counts both files' hands alike.
    const auto one = stats_json(dir, {}, {a}).at("all");
    const auto two = stats_json(dir, {}, {b}).at("all");
    for (const char* key : {"records", "hands", "domino", "block", "tie", "target", "key_tile"})
        RC_ASSERT(one[key] == two[key]);
}

}  // namespace
