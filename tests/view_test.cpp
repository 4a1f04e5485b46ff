// pips view: the page for one or many records (a figure per ply shown, one
// script, nothing fetched), the same bytes every time, every record of the
// corpus (valid ones whole, invalid ones stopped at their one error box),
// markup in a record kept as text, analyze's values beside their plies, and
// the errors that leave no page (exit 2).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "parser/parser.hpp"
#include "tests/support/support.hpp"

using namespace pips;

namespace {

const std::string kSource = PIPS_SOURCE_DIR;
const std::string kLine = kSource + "/corpus/valid/jamaican/key_tile_domino_worth_two.dgn";
const std::string kSpinner = kSource + "/corpus/valid/french/spinner_four_arms.dgn";
const std::string kError = kSource + "/corpus/invalid/no-match/french_closed_arm.dgn";

struct ExeRun {
    int code = -1;
    std::string out, err;
};

std::string quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

// Runs pips with `args` (from the directory `cwd` when it is given).
ExeRun run_pips(const test::TempDir& dir, const std::string& args, const std::string& cwd = "") {
    ExeRun r;
    std::string err = dir.path("pips.stderr");
    std::string cmd = (cwd.empty() ? "" : "cd " + quote(cwd) + " && ") + quote(PIPS_EXE) + " " +
                      args + " 2>" + quote(err);
    std::FILE* p = ::popen(cmd.c_str(), "r");
    if (!p) return r;
    char buf[4096];
    std::size_t n;
    while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
    int status = ::pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.err = test::slurp(err);
    return r;
}

std::size_t count(const std::string& s, const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
    return n;
}

// Plies of every hand of every record of the files.
std::size_t plies_of(const std::vector<std::string>& files) {
    std::size_t n = 0;
    for (const auto& f : files) {
        std::istringstream in(test::slurp(f));
        parser::RecordReader reader(in);
        ast::Record r;
        while (reader.next(r))
            for (const auto& h : r.hands) n += h.plies.size();
    }
    return n;
}

// The text of the figure with this id (up to its end).
std::string figure(const std::string& page, const std::string& id) {
    const std::size_t at = page.find("<figure class=\"ply\" id=\"" + id + "\"");
    if (at == std::string::npos) return "";
    return page.substr(at, page.find("</figure>", at) - at);
}

std::vector<std::string> corpus_files(const std::string& under) {
    std::vector<std::string> v;
    for (const auto& e :
         std::filesystem::recursive_directory_iterator(kSource + "/corpus/" + under))
        if (e.path().extension() == ".dgn") v.push_back(e.path().string());
    std::sort(v.begin(), v.end());
    return v;
}

std::string args_of(const std::vector<std::string>& files) {
    std::string a;
    for (const auto& f : files) a += " " + quote(f);
    return a;
}

}  // namespace

TEST(View, OnePageForManyRecordsWithAFigurePerPly) {
    test::TempDir dir;
    const std::string out = dir.path("p.html");
    ExeRun r = run_pips(dir, "view " + quote(kLine) + " " + quote(kSpinner) + " -o " + quote(out));
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    const std::string page = test::slurp(out);
    ASSERT_FALSE(page.empty());
    EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
    EXPECT_EQ(count(page, "<figure class=\"ply\""), plies_of({kLine, kSpinner}));
    EXPECT_EQ(count(page, "<section class=\"record\""), 2u);
    // Self-contained: one inline script, no source or link fetched.
    EXPECT_EQ(count(page, "<script"), 1u);
    EXPECT_EQ(count(page, " src="), 0u);
    EXPECT_EQ(count(page, "<link"), 0u);
    EXPECT_EQ(count(page, "https://"), 0u);
    EXPECT_EQ(count(page, "http://"), count(page, "http://www.w3.org/2000/svg"));
    // Ids are unique: each picture's title has its own.
    EXPECT_EQ(count(page, "id=\"r1-h1-p3-svg-title\""), 1u);
    EXPECT_EQ(count(page, "id=\"r2-h1-p3\""), 1u);
    // The board of the spinner's ply 9 holds the tiles played by then.
    const std::string f = figure(page, "r2-h1-p9");
    ASSERT_FALSE(f.empty());
    EXPECT_GE(count(f, "data-on=\"table\""), 5u);
    // Phone width and print are provided for.
    EXPECT_NE(page.find("@media (max-width:600px)"), std::string::npos);
    EXPECT_NE(page.find("@media print"), std::string::npos);
}

// The page of a small record (seven plies, stopped at an error on a closed
// arm), against tests/golden/view/closed_arm.html; a change that is meant
// writes it again: PIPS_UPDATE_GOLDEN=1 ctest --preset dev -R ViewGolden
TEST(ViewGolden, ASmallPageMatchesTheGoldenFile) {
    test::TempDir dir;
    // Named from the source directory, as the golden file names it.
    ExeRun r = run_pips(dir, "view --width 400 corpus/invalid/no-match/french_closed_arm.dgn -o -",
                        kSource);
    EXPECT_EQ(r.code, 1) << r.err;
    ASSERT_EQ(r.out.rfind("<!DOCTYPE html>", 0), 0u) << r.out;
    const std::string path = kSource + "/tests/golden/view/closed_arm.html";
    if (const char* u = std::getenv("PIPS_UPDATE_GOLDEN"); u && std::string(u) == "1") {
        std::filesystem::create_directories(kSource + "/tests/golden/view");
        std::ofstream(path, std::ios::binary) << r.out;
        GTEST_SKIP() << "wrote " << path;
    }
    const std::string want = test::slurp(path);
    ASSERT_FALSE(want.empty()) << path << " is missing: PIPS_UPDATE_GOLDEN=1 writes it";
    EXPECT_EQ(r.out, want) << "the page changed; if that is meant, run "
                           << "PIPS_UPDATE_GOLDEN=1 ctest --preset dev -R ViewGolden";
}

TEST(View, SameInputGivesTheSameBytes) {
    test::TempDir dir;
    ExeRun a = run_pips(dir, "view " + quote(kLine) + " " + quote(kError) + " -o -");
    ExeRun b = run_pips(dir, "view " + quote(kLine) + " " + quote(kError) + " -o -");
    EXPECT_EQ(a.code, 1);
    EXPECT_FALSE(a.out.empty());
    EXPECT_EQ(a.out, b.out);
}

TEST(View, AnInvalidRecordStopsAtItsErrorBoxed) {
    test::TempDir dir;
    ExeRun r = run_pips(dir, "view " + quote(kError) + " -o -");
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_EQ(count(r.out, "data-error=\"1\""), 1u);
    EXPECT_EQ(count(r.out, "class=\"errorbox\""), 1u);
    const std::string f = figure(r.out, "r1-h1-p7");
    EXPECT_NE(f.find("data-error=\"1\""), std::string::npos);
    EXPECT_NE(f.find("[no-match]"), std::string::npos);
    EXPECT_NE(f.find("line 12, column 44"), std::string::npos);
    // Nothing after the error's ply.
    EXPECT_EQ(figure(r.out, "r1-h1-p8"), "");
    EXPECT_NE(r.out.find("<span class=\"flag\">error</span>"), std::string::npos);
}

TEST(View, EveryValidRecordOfTheCorpusIsShownWhole) {
    test::TempDir dir;
    const std::vector<std::string> files = corpus_files("valid");
    ASSERT_GT(files.size(), 50u);
    const std::string out = dir.path("valid.html");
    ExeRun r = run_pips(dir, "view" + args_of(files) + " -o " + quote(out));
    EXPECT_EQ(r.code, 0) << r.err;
    const std::string page = test::slurp(out);
    EXPECT_EQ(count(page, "<figure class=\"ply\""), plies_of(files));
    EXPECT_EQ(count(page, "class=\"errorbox\""), 0u);
    for (const char* rules :
         {"jamaican", "cutthroat", "chiva", "quinientos", "fives-threes", "french"})
        EXPECT_NE(page.find(std::string("<p>Rules: ") + rules), std::string::npos) << rules;
}

TEST(View, EveryInvalidRecordOfTheCorpusShowsOneErrorBox) {
    test::TempDir dir;
    for (const auto& f : corpus_files("invalid")) {
        ExeRun r = run_pips(dir, "view " + quote(f) + " -o -");
        EXPECT_EQ(r.code, 1) << f << ": " << r.err;
        EXPECT_EQ(count(r.out, "class=\"errorbox\""), 1u) << f;
        EXPECT_LE(count(r.out, "data-error=\"1\""), 1u) << f;
    }
}

// Generated matches of every rule set, written in full and as people keep
// them (no deals, labels or claims, summary hands), and mutants with one
// fault each: every ply shown for the valid ones, one error box a mutant.
TEST(View, GeneratedMatchesOfEveryRuleSet) {
    test::TempDir dir;
    for (const char* rules :
         {"jamaican", "cutthroat", "chiva", "quinientos", "fives-threes", "french"}) {
        const std::string r = std::string(" --rules ") + rules;
        for (const char* how : {"", " --deals none --labels none --claims score --summary 1"}) {
            ExeRun g = run_pips(dir, "generate --matches 1 --seed 11" + r + how);
            ASSERT_EQ(g.code, 0) << g.err;
            const std::string in = dir.write("g.dgn", g.out);
            ExeRun v = run_pips(dir, "view " + quote(in) + " -o -");
            EXPECT_EQ(v.code, 0) << rules << how << ": " << v.err;
            EXPECT_EQ(count(v.out, "<figure class=\"ply\""), plies_of({in})) << rules << how;
        }
        ExeRun m = run_pips(dir, "generate --matches 3 --seed 11 --mutate" + r);
        ASSERT_EQ(m.code, 0) << m.err;
        const std::string in = dir.write("m.dgn", m.out);
        ExeRun v = run_pips(dir, "view " + quote(in) + " -o -");
        EXPECT_EQ(v.code, 1) << rules << ": " << v.err;
        EXPECT_EQ(count(v.out, "class=\"errorbox\""), count(v.out, "<div class=\"verdict-bad\">"))
            << rules;
        EXPECT_EQ(count(v.out, "<section class=\"record\""), 3u) << rules;
    }
}

TEST(View, MarkupInARecordStaysText) {
    test::TempDir dir;
    std::string text = test::slurp(kError);
    const std::string players = "[Players \"Marcus, Desmond, Andre, Kevin\"]";
    ASSERT_NE(text.find(players), std::string::npos);
    text.replace(text.find(players), players.size(),
                 "[Players \"<script>alert(1)</script>, <img src=x onerror=alert(2)>, "
                 "\\\"><b>&amp;, Kevin\"]");
    text.insert(0, "[Event \"</title><script>alert(3)</script>\"]\n");
    const std::string in = dir.write("evil <b>.dgn", text);
    ExeRun r = run_pips(dir, "view " + quote(in) + " -o -");
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_EQ(count(r.out, "<script"), 1u);
    EXPECT_EQ(count(r.out, "<img"), 0u);
    EXPECT_EQ(count(r.out, "<b>"), 0u);
    EXPECT_EQ(count(r.out, "</title><script"), 0u);
    EXPECT_NE(r.out.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
    EXPECT_NE(r.out.find("&lt;img src=x onerror=alert(2)&gt;"), std::string::npos);
    EXPECT_NE(r.out.find("evil &lt;b&gt;.dgn"), std::string::npos);
}

TEST(View, AnalysisValuesShowBesideTheirPlies) {
    test::TempDir dir;
    ExeRun a = run_pips(dir, "analyze --format json " + quote(kLine));
    ASSERT_EQ(a.code, 0) << a.err;
    const std::string json = dir.write("a.json", a.out);
    ExeRun r = run_pips(dir, "view --analysis " + quote(json) + " " + quote(kLine) + " -o -");
    EXPECT_EQ(r.code, 0) << r.err;
    std::istringstream lines(a.out);
    std::string line;
    int judged = 0, marked = 0;
    auto sign = [](long long v) { return v > 0 ? "+" + std::to_string(v) : std::to_string(v); };
    while (std::getline(lines, line)) {
        const auto j = nlohmann::json::parse(line);
        if (!j.value("analysed", false)) continue;
        const int hand = j.at("hand").get<int>();
        for (const auto& p : j.at("plies")) {
            const std::string id =
                "r1-h" + std::to_string(hand) + "-p" + std::to_string(p.at("ply").get<int>());
            const std::string f = figure(r.out, id);
            const std::string value = "Value " + p.at("party").get<std::string>() + " " +
                                      sign(p.at("before").get<long long>()) + " -&gt; " +
                                      sign(p.at("after").get<long long>());
            EXPECT_NE(f.find(value), std::string::npos) << id << " lacks " << value;
            EXPECT_NE(f.find("best " + p.at("best").front().get<std::string>()), std::string::npos)
                << id;
            if (p.at("mark").is_string()) {
                ++marked;
                EXPECT_NE(f.find("mark " + p.at("mark").get<std::string>()), std::string::npos)
                    << id;
            }
            ++judged;
        }
    }
    EXPECT_GT(judged, 5);
    EXPECT_EQ(count(r.out, "<p class=\"analysis\">Value "), static_cast<std::size_t>(judged));
    EXPECT_EQ(count(r.out, "<span class=\"mark\">"), static_cast<std::size_t>(marked));
}

TEST(View, ErrorsThatLeaveNoPageExitTwo) {
    test::TempDir dir;
    ExeRun no_out = run_pips(dir, "view " + quote(kLine));
    EXPECT_EQ(no_out.code, 2);
    EXPECT_EQ(no_out.out, "");
    EXPECT_NE(no_out.err.find("--output"), std::string::npos) << no_out.err;
    const std::string page = dir.path("p.html");
    ExeRun missing = run_pips(dir, "view " + quote(dir.path("nope.dgn")) + " -o " + quote(page));
    EXPECT_EQ(missing.code, 2);
    EXPECT_NE(missing.err.find("cannot open"), std::string::npos) << missing.err;
    EXPECT_FALSE(std::filesystem::exists(page));
    ExeRun unreadable = run_pips(dir, "view " + quote(dir.path("")) + " -o " + quote(page));
    EXPECT_EQ(unreadable.code, 2);
    EXPECT_FALSE(std::filesystem::exists(page));
    ExeRun unwritable =
        run_pips(dir, "view " + quote(kLine) + " -o " + quote(dir.path("no/such/dir.html")));
    EXPECT_EQ(unwritable.code, 2);
    EXPECT_NE(unwritable.err.find("cannot write"), std::string::npos) << unwritable.err;
    ExeRun width = run_pips(dir, "view --width 100 " + quote(kLine) + " -o " + quote(page));
    EXPECT_EQ(width.code, 2);
    EXPECT_NE(width.err.find("--width 100 is out of range"), std::string::npos) << width.err;
    const std::string bad = dir.write("bad.json", "{\"file\":\"x\"}\nnot json\n");
    ExeRun analysis =
        run_pips(dir, "view --analysis " + quote(bad) + " " + quote(kLine) + " -o " + quote(page));
    EXPECT_EQ(analysis.code, 2);
    EXPECT_NE(analysis.err.find("line 1 is not a line of `pips analyze"), std::string::npos)
        << analysis.err;
    ExeRun no_analysis = run_pips(dir, "view --analysis " + quote(dir.path("none.json")) + " " +
                                           quote(kLine) + " -o " + quote(page));
    EXPECT_EQ(no_analysis.code, 2);
    EXPECT_NE(no_analysis.err.find("cannot open"), std::string::npos) << no_analysis.err;
    EXPECT_FALSE(std::filesystem::exists(page));
}

TEST(View, HelpListsView) {
    test::TempDir dir;
    ExeRun r = run_pips(dir, "--help");
    EXPECT_NE(r.out.find("view"), std::string::npos);
    ExeRun s = run_pips(dir, "view --help");
    EXPECT_EQ(s.code, 0);
    EXPECT_NE(s.out.find("--analysis"), std::string::npos);
}
