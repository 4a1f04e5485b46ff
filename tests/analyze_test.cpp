// pips analyze (cli/analyze_run.hpp) over generated matches: the JSON lines'
// shape and arithmetic (loss, best, marks, one ply's value carried to the
// next), the value after the last ply against the hand's claimed points,
// DGN output that analysing again leaves as it is, the reasons of hands not
// analysed, invalid records analysed up to their first error, and shards
// that together give the unsharded output.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "cli/analyze_run.hpp"
#include "cli/commands.hpp"
#include "cli/tools.hpp"
#include "tests/support/capture.hpp"
#include "tests/support/support.hpp"

namespace {

using namespace pips;
using json = nlohmann::json;
using test::slurp;
using test::TempDir;

std::string generate(cli::GenerateArgs args, const TempDir& dir, const std::string& name) {
    const std::string file = dir.path(name);
    std::FILE* out = std::fopen(file.c_str(), "wb");
    std::FILE* err = std::fopen(dir.path(name + ".err").c_str(), "wb");
    EXPECT_EQ(cli::run_generate(args, out, err), 0);
    std::fclose(out);
    std::fclose(err);
    return file;
}

using AnalyzeRun = test::Captured;

AnalyzeRun analyze(const TempDir& dir, cli::AnalyzeArgs args) {
    return test::capture(dir, [&](const cli::Io& io) { return cli::run_analyze(args, io); });
}

std::vector<json> lines(const std::string& out) {
    std::vector<json> v;
    std::istringstream in(out);
    std::string line;
    while (std::getline(in, line)) v.push_back(json::parse(line));
    return v;
}

// JSON lines without `ms` (the one number that differs from run to run).
std::vector<json> lines_without_ms(const std::string& out) {
    std::vector<json> v = lines(out);
    for (json& h : v) h.erase("ms");
    return v;
}

// `a` run with one job and with three: the same DGN, and the same JSON
// lines (`ms` aside). Returns the JSON lines of one job.
std::vector<json> same_whatever_jobs(const TempDir& dir, cli::AnalyzeArgs a) {
    a.format = cli::Format::dgn;
    a.jobs = 1;
    const std::string dgn = analyze(dir, a).out;
    a.jobs = 3;
    EXPECT_EQ(analyze(dir, a).out, dgn);
    a.format = cli::Format::json;
    const std::vector<json> three = lines_without_ms(analyze(dir, a).out);
    a.jobs = 1;
    const std::vector<json> one = lines_without_ms(analyze(dir, a).out);
    EXPECT_EQ(three, one);
    return one;
}

cli::GenerateArgs small(const std::string& rules, int players, std::uint64_t seed) {
    cli::GenerateArgs g;
    g.rules = rules;
    g.players = players;
    g.seed = seed;
    g.matches = 2;
    g.max_hands = 3;
    return g;
}

// "points A 7 B 4" and "end target A" of each hand, by (record, hand).
struct Claimed {
    std::map<std::string, int> points;
    std::string target;
};
std::map<std::pair<int, int>, Claimed> claims(const std::string& text) {
    std::map<std::pair<int, int>, Claimed> out;
    std::istringstream in(text);
    std::string line;
    int record = 0, hand = 0;
    while (std::getline(in, line)) {
        std::istringstream words(line);
        std::string w;
        words >> w;
        if (w == "[Event") ++record;
        if (w == "hand") words >> hand;
        if (w == "points") {
            std::string who;
            int n = 0;
            while (words >> who >> n) out[{record, hand}].points[who] = n;
        }
        if (w == "end") {
            std::string kind, who;
            words >> kind >> who;
            if (kind == "target") out[{record, hand}].target = who;
        }
    }
    return out;
}

void expect_consistent(const json& h) {
    for (const char* k : {"file", "record", "hand", "rules", "analysed"})
        ASSERT_TRUE(h.contains(k)) << k << " in " << h.dump();
    if (!h["analysed"]) {
        EXPECT_TRUE(h.contains("reason"));
        return;
    }
    const auto& plies = h["plies"];
    ASSERT_FALSE(plies.empty());
    EXPECT_EQ(plies[0]["before"], h["value"]) << h.dump();
    EXPECT_EQ(plies[0]["party"], h["party"]);
    for (std::size_t i = 0; i < plies.size(); ++i) {
        const json& p = plies[i];
        const int before = p["before"], after = p["after"], loss = p["loss"];
        EXPECT_EQ(loss, before - after);
        EXPECT_GE(loss, 0);
        const auto& best = p["best"];
        ASSERT_FALSE(best.empty());
        const bool played_best = std::find(best.begin(), best.end(), p["move"]) != best.end();
        EXPECT_EQ(played_best, loss == 0) << p.dump();
        if (p["forced"]) {
            EXPECT_TRUE(p["mark"].is_null());
            EXPECT_EQ(best.size(), 1u);
        } else if (loss > 0) {
            ASSERT_TRUE(p["mark"].is_string()) << p.dump();
            const std::string m = p["mark"];
            EXPECT_TRUE(m == "?" || m == "??") << m;
        } else if (p["mark"].is_string()) {
            EXPECT_EQ(p["mark"], "!");
            EXPECT_EQ(best.size(), 1u);
        }
        // Every choice is judged: the next ply starts where this one left
        // (two parties: the other's value is the negative).
        if (i + 1 < plies.size()) {
            const json& q = plies[i + 1];
            const int next = q["before"];
            EXPECT_EQ(next, q["party"] == p["party"] ? after : -after) << p.dump() << q.dump();
        }
    }
}

}  // namespace

TEST(Analyze, JsonLinesAreConsistentAndEndAtTheOutcome) {
    TempDir dir;
    for (const auto& [rules, players] :
         std::vector<std::pair<std::string, int>>{{"fives-threes", 2}, {"chiva", 2}}) {
        SCOPED_TRACE(rules);
        const std::string f = generate(small(rules, players, 17), dir, rules + ".dgn");
        cli::AnalyzeArgs a;
        a.files = {f};
        a.format = cli::Format::json;
        const AnalyzeRun r = analyze(dir, a);
        ASSERT_EQ(r.code, 0) << r.err;
        const auto claimed = claims(slurp(f));
        int analysed = 0;
        for (const json& h : lines(r.out)) {
            expect_consistent(h);
            EXPECT_EQ(h["file"], f);
            EXPECT_EQ(h["rules"], rules);
            if (!h["analysed"]) continue;
            ++analysed;
            if (rules != "fives-threes") continue;
            // The value after the last ply is what the hand scored.
            const json& last = h["plies"].back();
            const Claimed& c = claimed.at({h["record"], h["hand"]});
            const std::string me = last["party"], other = me == "A" ? "B" : "A";
            int outcome = c.points.at(me) - c.points.at(other);
            if (!c.target.empty()) outcome += c.target == me ? 100 : -100;
            EXPECT_EQ(last["after"], outcome) << h.dump();
        }
        EXPECT_GE(analysed, 4);
    }
}

TEST(Analyze, DgnCommentsAndAnalysingTwiceChangesNothing) {
    TempDir dir;
    const std::string f = generate(small("fives-threes", 2, 5), dir, "m.dgn");
    cli::AnalyzeArgs a;
    a.files = {f};
    const AnalyzeRun once = analyze(dir, a);
    ASSERT_EQ(once.code, 0) << once.err;
    EXPECT_NE(once.out.find("{ value A "), std::string::npos) << once.out;
    EXPECT_NE(once.out.find("; best "), std::string::npos) << once.out;
    const std::string g = dir.write("again.dgn", once.out);
    a.files = {g};
    const AnalyzeRun twice = analyze(dir, a);
    EXPECT_EQ(twice.out, once.out);
}

TEST(Analyze, HandsNotAnalysedSayWhy) {
    TempDir dir;
    cli::GenerateArgs g = small("chiva", 2, 9);
    g.deals = false;
    const std::string no_deals = generate(g, dir, "nodeals.dgn");
    g = small("fives-threes", 2, 9);
    g.summary = 1;
    const std::string sheets = generate(g, dir, "sheets.dgn");
    const std::string unfinished = dir.write(
        "unfinished.dgn",
        "[Rules \"fives-threes\"]\n[Players \"X, Y\"]\n\nhand 1\n"
        "deal A 3-3 1-0 5-5 5-4 2-0 6-4 4-4\ndeal B 0-0 6-0 4-2 3-1 5-1 1-1 6-1\nA:1-0 B:0-6\n");
    cli::AnalyzeArgs a;
    a.format = cli::Format::json;
    a.files = {no_deals, sheets, unfinished};
    const AnalyzeRun r = analyze(dir, a);
    std::map<std::string, std::string> reason;  // by file: the first hand's
    for (const json& h : lines(r.out)) {
        EXPECT_FALSE(h["analysed"]) << h.dump();
        if (!reason.count(h["file"])) reason[h["file"]] = h["reason"];
    }
    EXPECT_EQ(reason[no_deals], "deal of A unknown");
    EXPECT_EQ(reason[sheets], "summary hand");
    EXPECT_EQ(reason[unfinished], "unfinished");
}

TEST(Analyze, InvalidRecordsStopAtTheirFirstError) {
    TempDir dir;
    cli::GenerateArgs g = small("fives-threes", 2, 21);
    g.matches = 12;
    g.mutate = true;
    const std::string f = generate(g, dir, "mutants.dgn");
    cli::AnalyzeArgs a;
    a.format = cli::Format::json;
    a.files = {f};
    const AnalyzeRun r = analyze(dir, a);
    EXPECT_EQ(r.code, 1);
    std::map<int, bool> over;  // by record: a hand stopped or came after an error
    int stopped = 0;
    for (const json& h : lines(r.out)) {
        expect_consistent(h);
        const int rec = h["record"];
        if (over[rec]) {
            EXPECT_FALSE(h["analysed"]) << h.dump();
            EXPECT_EQ(h["reason"], "after an error");
        }
        if (h.contains("stopped")) {
            ++stopped;
            EXPECT_TRUE(h["stopped"].contains("code"));
        }
        if (h.contains("stopped") || (!h["analysed"] && h["reason"] == "after an error"))
            over[rec] = true;
    }
    EXPECT_GE(stopped, 1);
}

TEST(Analyze, ShardsTogetherAreTheWholeRun) {
    TempDir dir;
    const std::string f1 = generate(small("fives-threes", 2, 31), dir, "a.dgn");
    const std::string f2 = generate(small("chiva", 2, 32), dir, "b.dgn");
    auto run = [&](unsigned k, unsigned n) {
        cli::AnalyzeArgs a;
        a.format = cli::Format::json;
        a.files = {f1, f2};
        a.shard = k;
        a.shards = n;
        return lines_without_ms(analyze(dir, a).out);
    };
    const std::vector<json> whole = run(1, 1);
    std::vector<json> parts = run(1, 3);
    for (unsigned k = 2; k <= 3; ++k)
        for (json& h : run(k, 3)) parts.push_back(std::move(h));
    auto key = [&](const json& h) {
        const int file = h["file"] == f1 ? 0 : 1;
        return std::make_tuple(file, h["record"].get<int>(), h["hand"].get<int>());
    };
    std::stable_sort(parts.begin(), parts.end(),
                     [&](const json& a, const json& b) { return key(a) < key(b); });
    EXPECT_EQ(parts, whole);
    EXPECT_GE(whole.size(), 4u);
}

TEST(Analyze, JobsKeepInputOrder) {
    TempDir dir;
    cli::GenerateArgs g = small("fives-threes", 2, 41);
    g.matches = 7;
    const std::string f = generate(g, dir, "many.dgn");
    cli::AnalyzeArgs a;
    a.files = {f};
    EXPECT_GE(same_whatever_jobs(dir, a).size(), 7u);
}

// The hands of one record are judged on several threads (--jobs runs the
// hands of a single match side by side), sampled deals included: the same
// output as one thread.
TEST(Analyze, JobsSplitTheHandsOfOneRecord) {
    TempDir dir;
    cli::GenerateArgs g = small("chiva", 2, 71);
    g.matches = 1;
    g.max_hands = 6;
    const std::string f = generate(g, dir, "one.dgn");
    cli::AnalyzeArgs a;
    a.files = {f};
    a.sample = 2;
    const std::vector<json> one = same_whatever_jobs(dir, a);
    int analysed = 0;
    for (const json& h : one) {
        EXPECT_EQ(h["record"], 1);
        analysed += h["analysed"].get<bool>();
    }
    EXPECT_GE(analysed, 3);
}

// Records of several files share the threads (a batch spans files: one
// record a file is common), and the output keeps the files' order, a file
// that cannot be read included.
TEST(Analyze, JobsAcrossFilesKeepInputOrder) {
    TempDir dir;
    std::vector<std::string> files;
    for (std::uint64_t seed = 61; seed < 65; ++seed) {
        files.push_back(
            generate(small("fives-threes", 2, seed), dir, "f" + std::to_string(seed) + ".dgn"));
        if (seed == 62) files.push_back(dir.path("missing.dgn"));
    }
    cli::AnalyzeArgs a;
    a.files = files;
    for (cli::Format format : {cli::Format::dgn, cli::Format::json}) {
        a.format = format;
        a.jobs = 1;
        const AnalyzeRun one = analyze(dir, a);
        a.jobs = 3;
        AnalyzeRun three = analyze(dir, a);
        EXPECT_EQ(three.code, one.code);
        EXPECT_EQ(three.err, one.err);
        EXPECT_NE(one.err.find("missing.dgn"), std::string::npos) << one.err;
        if (format == cli::Format::dgn) {
            EXPECT_EQ(three.out, one.out);
            continue;
        }
        const std::vector<json> a1 = lines_without_ms(one.out);
        EXPECT_EQ(lines_without_ms(three.out), a1);
        ASSERT_GE(a1.size(), 4u);
        EXPECT_EQ(a1.front()["file"], files.front());
        EXPECT_EQ(a1.back()["file"], files.back());
    }
}

// --sample: every sampled deal replays the hand (a deal that did not would be
// an internal error), the numbers hang together, and the same seed gives the
// same numbers whatever --jobs and --shard.
TEST(Analyze, SampledJudgement) {
    TempDir dir;
    cli::GenerateArgs g = small("fives-threes", 2, 51);
    g.matches = 2;
    g.max_hands = 2;
    const std::string f = generate(g, dir, "s.dgn");
    g.seed = 52;
    const std::string j = generate(g, dir, "j.dgn");
    cli::AnalyzeArgs a;
    a.files = {f, j};
    a.format = cli::Format::json;
    a.sample = 4;
    a.seed = 9;
    const AnalyzeRun r = analyze(dir, a);
    ASSERT_EQ(r.code, 0) << r.err;
    int sampled = 0;
    std::vector<json> one = lines(r.out);
    for (json& h : one) {
        ASSERT_TRUE(h["analysed"]) << h.dump();
        for (const json& p : h["plies"]) {
            ASSERT_TRUE(p.contains("sample")) << p.dump();
            const json& s = p["sample"];
            EXPECT_EQ(s["n"], 4);
            ASSERT_TRUE(s["ev"].contains(p["move"].get<std::string>())) << s.dump();
            double best = -1e9;
            for (const auto& [m, ev] : s["ev"].items()) best = std::max(best, ev.get<double>());
            const double mine = s["ev"][p["move"].get<std::string>()];
            EXPECT_NEAR(s["ev_loss"].get<double>(), best - mine, 0.0015);
            const double threshold = 5;  // points
            EXPECT_EQ(s["mark"].is_string(), mine < best && s["ev_loss"] >= threshold) << s.dump();
            ++sampled;
        }
        h.erase("ms");
    }
    EXPECT_GE(sampled, 12);
    a.jobs = 2;
    a.shard = 2;
    a.shards = 2;
    std::vector<json> part = lines(analyze(dir, a).out);
    ASSERT_FALSE(part.empty());
    for (json& h : part) {
        h.erase("ms");
        const auto same = std::find_if(one.begin(), one.end(), [&](const json& x) {
            return x["file"] == h["file"] && x["record"] == h["record"] && x["hand"] == h["hand"];
        });
        ASSERT_NE(same, one.end());
        EXPECT_EQ(*same, h);
    }
    a.seed = 10;
    a.jobs = 1;
    a.shards = 1;
    a.shard = 1;
    EXPECT_NE(lines_without_ms(analyze(dir, a).out), one);  // another seed, other deals
}

// Records whose first ply is already wrong (a pose by a seat that may not
// pose) have nothing to judge: listed, not an internal error.
TEST(Analyze, ErrorAtThePose) {
    TempDir dir;
    cli::AnalyzeArgs a;
    a.format = cli::Format::json;
    for (const char* name : {"pose_by_seat_without_66.dgn", "draw_game_pose_not_heaviest_tile.dgn"})
        a.files.push_back(std::string(PIPS_SOURCE_DIR) + "/corpus/invalid/wrong-pose/" + name);
    const AnalyzeRun r = analyze(dir, a);
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_EQ(r.err, "");
    const std::vector<json> hands = lines(r.out);
    ASSERT_FALSE(hands.empty());
    EXPECT_EQ(hands.front()["reason"], "after an error");
}

// --- deals known by inference --------------------------------------------------------

namespace {

// The record without the `deal` lines of `seats`.
std::string without_deals(const std::string& text, const std::string& seats) {
    std::istringstream in(text);
    std::string out, line;
    while (std::getline(in, line)) {
        bool drop = false;
        for (char s : seats) drop = drop || line.rfind(std::string("deal ") + s + ' ', 0) == 0;
        if (!drop) out += line + '\n';
    }
    return out;
}

// A hand's JSON line without what differs between two writings of one record
// (the file, the lines the plies are on, the time).
json comparable(json h) {
    h.erase("file");
    h.erase("ms");
    if (h.contains("plies"))
        for (json& p : h["plies"]) p.erase("line");
    return h;
}

}  // namespace

// A deal the record fixes without its line is analysed as if it were
// written: the same values, the same marks. Jamaican deals every tile, so a
// seat that played out fixes its deal and then the last seat's is what is
// left; a hand where neither B nor D played out may still be fixed by the
// passes, but when it is not, the reason names B first.
TEST(Analyze, DealsFixedByThePlayAreAnalysed) {
    TempDir dir;
    cli::GenerateArgs g = small("jamaican", 4, 5);
    g.matches = 1;
    g.max_hands = 2;
    const std::string full = generate(g, dir, "full.dgn");
    const std::string text = slurp(full);
    const std::string part = dir.write("part.dgn", without_deals(text, "BD"));
    cli::AnalyzeArgs a;
    a.format = cli::Format::json;
    a.files = {full};
    const AnalyzeRun whole = analyze(dir, a);
    ASSERT_EQ(whole.code, 0) << whole.err;
    a.files = {part};
    const AnalyzeRun inferred = analyze(dir, a);
    ASSERT_EQ(inferred.code, 0) << inferred.err;
    const std::vector<json> w = lines(whole.out), p = lines(inferred.out);
    ASSERT_EQ(w.size(), p.size());
    int analysed = 0, unknown = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        ASSERT_TRUE(w[i]["analysed"]) << w[i].dump();
        if (p[i]["analysed"]) {
            ++analysed;
            EXPECT_EQ(comparable(p[i]), comparable(w[i]));
            continue;
        }
        ++unknown;
        EXPECT_EQ(p[i]["reason"], "deal of B unknown") << p[i].dump();
        // Not fixed: then neither B nor D played out (a domino by either fixes
        // both deals).
        const json& last = w[i]["plies"].back();
        EXPECT_FALSE((last["seat"] == "B" || last["seat"] == "D") && last["move"] != "pass")
            << w[i].dump();
    }
    EXPECT_GE(analysed, 1);
    EXPECT_GE(unknown, 1);
    // The DGN output keeps the record as written: no deal line is added.
    a.format = cli::Format::dgn;
    const AnalyzeRun dgn = analyze(dir, a);
    EXPECT_EQ(dgn.out.find("deal B"), std::string::npos);
    EXPECT_NE(dgn.out.find("{ value "), std::string::npos) << dgn.out;
}

// Fives-threes for two leaves 14 tiles undealt, so B's deal is not what
// A's leaves; after a block it is fixed only when the record shows B's
// remaining tiles: its plays and its `remain` line are its deal.
TEST(Analyze, DealFixedByARemainLine) {
    TempDir dir;
    const std::string head =
        "[Rules \"fives-threes\"]\n[Players \"X, Y\"]\n\nhand 1\n"
        "deal A 3-3 1-0 5-5 5-4 2-0 6-4 4-4\n";
    const std::string plies =
        "A:1-0 B:0-6 A:6-4R +1 B:1-1L +2 A:4-4 +2 B:5-1 A:5-4L +4 B:2-4R +2 A:2-0 B:0-0\n";
    const std::string tail = "end block\npoints A 7 B 4\n";
    const std::string full =
        dir.write("full.dgn", head + "deal B 0-0 6-0 4-2 3-1 5-1 1-1 6-1\n" + plies + tail);
    const std::string shown = dir.write("remain.dgn", head + plies + "remain B 6-1 3-1\n" + tail);
    const std::string hidden = dir.write("hidden.dgn", head + plies + tail);
    cli::AnalyzeArgs a;
    a.format = cli::Format::json;
    a.files = {full, shown, hidden};
    const AnalyzeRun r = analyze(dir, a);
    ASSERT_EQ(r.code, 0) << r.err;
    const std::vector<json> h = lines(r.out);
    ASSERT_EQ(h.size(), 3u);
    ASSERT_TRUE(h[0]["analysed"]) << h[0].dump();
    ASSERT_TRUE(h[1]["analysed"]) << h[1].dump();
    json x = comparable(h[0]), y = comparable(h[1]);
    x.erase("record");
    y.erase("record");
    EXPECT_EQ(x, y);
    EXPECT_FALSE(h[2]["analysed"]);
    EXPECT_EQ(h[2]["reason"], "deal of B unknown");
}

// A block the replay cannot prove (B's tiles not shown, no pass written) is
// read from the next hand, as the checker reads it: the next hand, its deals
// written, is analysed with the match score unknown, not listed after an
// error; its values are those of the record with every deal.
TEST(Analyze, AHandAfterABlockNotShownIsAnalysed) {
    TempDir dir;
    const std::string hand1 =
        "[Rules \"fives-threes\"]\n[Players \"X, Y\"]\n\nhand 1\n"
        "deal A 3-3 1-0 5-5 5-4 2-0 6-4 4-4\n";
    const std::string plies1 =
        "A:1-0 B:0-6 A:6-4R +1 B:1-1L +2 A:4-4 +2 B:5-1 A:5-4L +4 B:2-4R +2 A:2-0 B:0-0\n"
        "end block\npoints A 7 B 4\n\n";
    const std::string hand2 =
        "hand 2\ndeal A 3-1 6-0 6-5 2-0 3-3 5-1 4-0\ndeal B 0-0 5-4 6-4 4-2 6-3 1-1 5-0\n"
        "B:5-0 +1 A:1-5 B:1-1 A:6-0 B:3-6 +1 A:3-1L +2 B:pass A:3-3 +3\nend block\n"
        "points A 5 B 2\n";
    const std::string full =
        dir.write("full.dgn", hand1 + "deal B 0-0 6-0 4-2 3-1 5-1 1-1 6-1\n" + plies1 + hand2);
    const std::string part = dir.write("part.dgn", hand1 + plies1 + hand2);
    cli::AnalyzeArgs a;
    a.format = cli::Format::json;
    a.files = {full, part};
    const AnalyzeRun r = analyze(dir, a);
    ASSERT_EQ(r.code, 0) << r.err;
    const std::vector<json> h = lines(r.out);
    ASSERT_EQ(h.size(), 4u);
    EXPECT_EQ(h[2]["reason"], "deal of B unknown");
    ASSERT_TRUE(h[3]["analysed"]) << h[3].dump();
    json x = comparable(h[1]), y = comparable(h[3]);
    x.erase("record");
    y.erase("record");
    EXPECT_EQ(x, y);
}

// --sample in draw games (chiva and cutthroat with draw for two): deals and
// the boneyard's order drawn from what the seat knows; every ply carries its
// sample, and the numbers are the same for a seed whatever --jobs and --shard.
TEST(Analyze, SampledJudgementInDrawGames) {
    TempDir dir;
    cli::GenerateArgs g = small("chiva", 2, 8);
    g.max_hands = 1;
    const std::string chiva = generate(g, dir, "chiva.dgn");
    g = small("cutthroat", 2, 8);
    g.options = "draw";
    g.matches = 1;
    g.max_hands = 1;
    const std::string cut = generate(g, dir, "cutthroat.dgn");
    ASSERT_NE(slurp(chiva).find(":draw"), std::string::npos);  // hands with draws
    cli::AnalyzeArgs a;
    a.files = {chiva, cut};
    a.format = cli::Format::json;
    a.sample = 2;
    a.seed = 4;
    auto run = [&] {
        const AnalyzeRun r = analyze(dir, a);
        EXPECT_EQ(r.code, 0) << r.err;
        return lines_without_ms(r.out);
    };
    const std::vector<json> one = run();
    ASSERT_EQ(one.size(), 3u);
    int sampled = 0;
    for (const json& h : one) {
        ASSERT_TRUE(h["analysed"]) << h.dump();
        for (const json& p : h["plies"]) {
            ASSERT_TRUE(p.contains("sample")) << p.dump();
            const json& s = p["sample"];
            EXPECT_EQ(s["n"], 2);
            const std::string move = p["move"];
            ASSERT_TRUE(s["ev"].contains(move)) << s.dump();
            double best = -1e9;
            for (const auto& [m, ev] : s["ev"].items()) {
                best = std::max(best, ev.get<double>());
                EXPECT_LE(std::abs(ev.get<double>()), 1.0);  // win, tie or loss
            }
            const double mine = s["ev"][move];
            EXPECT_NEAR(s["ev_loss"].get<double>(), best - mine, 0.0015);
            EXPECT_EQ(s["mark"].is_string(), mine < best && s["ev_loss"] >= 0.25) << s.dump();
            ++sampled;
        }
    }
    EXPECT_GE(sampled, 20);
    // The same for a seed, also on two threads and in two shards.
    a.jobs = 2;
    a.shards = 2;
    std::vector<json> parts;
    for (unsigned k = 1; k <= 2; ++k) {
        a.shard = k;
        for (json& h : run()) parts.push_back(std::move(h));
    }
    auto key = [&](const json& h) {
        return std::make_tuple(h["file"] == chiva ? 0 : 1, h["record"].get<int>(),
                               h["hand"].get<int>());
    };
    std::stable_sort(parts.begin(), parts.end(),
                     [&](const json& x, const json& y) { return key(x) < key(y); });
    EXPECT_EQ(parts, one);
    a.jobs = 1;
    a.shards = 1;
    a.shard = 1;
    a.seed = 5;
    EXPECT_NE(run(), one);  // another seed, other deals
}
