// pips render: golden pictures of positions of every layout kind, the same
// bytes every time, the layout's trace against the engine's ends, and for
// generated games at random plies well-formed SVG whose tiles never overlap;
// the subcommand's options and errors.
//
// The golden files are tests/golden/render/*.svg. A changed picture fails
// until they are written again, on purpose:
//     PIPS_UPDATE_GOLDEN=1 ctest --preset dev -R RenderGolden
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/hand.hpp"
#include "gen/generate.hpp"
#include "parser/parser.hpp"
#include "render/scene.hpp"
#include "tests/support/support.hpp"

using namespace pips;

namespace {

const std::string kSource = PIPS_SOURCE_DIR;

ast::Record first_record(const std::string& text) {
    std::istringstream in(text);
    parser::RecordReader reader(in);
    ast::Record r;
    reader.next(r);
    return r;
}

std::string picture(const std::string& text, render::Target t, int width = 800) {
    render::Found f = render::find_position(first_record(text), t);
    if (!f.position) return "no position: " + f.error;
    return render::svg(render::build_scene(*f.position, {width}));
}

// A small check that text is well-formed XML: tags nest and close, attribute
// values are quoted, `<` and `&` appear only as markup and entities.
std::string xml_problem(const std::string& s) {
    std::vector<std::string> open;
    std::size_t i = 0;
    bool root_seen = false;
    auto entity_ok = [&](std::size_t at) {
        for (const char* e : {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"})
            if (s.compare(at, std::string(e).size(), e) == 0) return true;
        return false;
    };
    while (i < s.size()) {
        if (s[i] == '&') {
            if (!entity_ok(i)) return "bad entity at " + std::to_string(i);
            ++i;
            continue;
        }
        if (s[i] != '<') {
            if (open.empty() && s[i] != '\n' && s[i] != ' ')
                return "text outside the root at " + std::to_string(i);
            ++i;
            continue;
        }
        const bool closing = i + 1 < s.size() && s[i + 1] == '/';
        std::size_t j = i + (closing ? 2 : 1);
        std::size_t k = j;
        while (k < s.size() &&
               (std::isalnum(static_cast<unsigned char>(s[k])) || s[k] == '-' || s[k] == ':'))
            ++k;
        std::string name = s.substr(j, k - j);
        if (name.empty()) return "a tag without a name at " + std::to_string(i);
        // Attributes: name="value" with no '<' inside.
        while (k < s.size() && s[k] != '>' && s[k] != '/') {
            if (s[k] == ' ' || s[k] == '\n') {
                ++k;
                continue;
            }
            std::size_t a = k;
            while (k < s.size() && s[k] != '=' && s[k] != ' ' && s[k] != '>') ++k;
            if (k == a || k >= s.size() || s[k] != '=' || k + 1 >= s.size() || s[k + 1] != '"')
                return "an attribute not written name=\"value\" at " + std::to_string(a);
            k += 2;
            while (k < s.size() && s[k] != '"') {
                if (s[k] == '<') return "'<' in an attribute at " + std::to_string(k);
                if (s[k] == '&' && !entity_ok(k)) return "bad entity at " + std::to_string(k);
                ++k;
            }
            if (k >= s.size()) return "an attribute left open";
            ++k;
        }
        if (k >= s.size()) return "a tag left open";
        const bool empty = s[k] == '/';
        if (empty) ++k;
        if (k >= s.size() || s[k] != '>') return "a tag not closed at " + std::to_string(k);
        if (closing) {
            if (open.empty() || open.back() != name) return "</" + name + "> closes nothing open";
            open.pop_back();
        } else if (!empty) {
            if (open.empty()) {
                if (root_seen) return "a second root element";
                root_seen = true;
            }
            open.push_back(name);
        }
        i = k + 1;
    }
    if (!open.empty()) return "<" + open.back() + "> never closed";
    if (!root_seen) return "no root element";
    return {};
}

// Two tiles of the scene whose insides meet, or a tile outside the picture.
std::string overlap_problem(const render::Scene& sc) {
    for (std::size_t a = 0; a < sc.tiles.size(); ++a) {
        const render::Rect& r = sc.tiles[a].r;
        if (r.x < 0 || r.y < 0 || r.right() > sc.width || r.bottom() > sc.height)
            return "tile " + std::to_string(a) + " leaves the picture";
        for (std::size_t b = a + 1; b < sc.tiles.size(); ++b)
            if (render::overlap(r, sc.tiles[b].r))
                return "tiles " + std::to_string(a) + " (" + sc.tiles[a].tile.str() + ") and " +
                       std::to_string(b) + " (" + sc.tiles[b].tile.str() + ") overlap";
    }
    return {};
}

// The trace of the layout read as a chain: each tile joins the one before it,
// and the last tile of each end shows what the engine says the end shows.
std::string trace_problem(const render::Position& p) {
    if (!p.posed) return {};
    const LayoutTrace& tr = p.trace;
    if (tr.tiles() != p.layout.tiles()) return "the trace holds another count of tiles";
    if (p.layout.kind() == LayoutKind::line) {
        int at[2] = {tr.pose_left(), tr.pose_right()};
        for (End e : {End::L, End::R}) {
            int& v = at[static_cast<int>(e)];
            for (const Placed& pl : tr.arm(e)) {
                if (pl.near != v)
                    return std::string("a tile that does not join on ") + end_letter(e);
                v = pl.far;
            }
            if (v != p.layout.end_value(e)) return std::string("end ") + end_letter(e) + " differs";
        }
        return {};
    }
    for (End e : {End::N, End::E, End::S, End::W}) {
        int v = p.layout.spinner();
        for (const Placed& pl : tr.arm(e)) {
            if (pl.near != v) return std::string("a tile that does not join on ") + end_letter(e);
            v = pl.far;
        }
        if (v != p.layout.end_value(e)) return std::string("arm ") + end_letter(e) + " differs";
    }
    return {};
}

// The engine's record of where tiles lie: kept only when asked for.
TEST(LayoutTrace, KeepsEachEndsPlaysInOrderWithTheJoinedHalf) {
    const Variant v = test::variant_of(RuleSet::jamaican, 4);
    HandState plain(v);
    HandState h(v, true);
    for (HandState* s : {&plain, &h}) {
        ASSERT_TRUE(s->deal(0, test::tiles("6-6 6-5 5-5 1-0 2-0 3-0 4-0")));
        ASSERT_TRUE(s->deal(1, test::tiles("6-4 4-4 1-1 2-1 3-1 4-1 5-1")));
        ASSERT_TRUE(s->deal(2, test::tiles("6-3 6-2 2-2 3-2 4-2 5-2 6-1")));
        ASSERT_TRUE(s->deal(3, test::tiles("3-3 4-3 5-3 5-4 6-0 5-0 0-0")));
        s->start();
        ASSERT_TRUE(s->pose(0, Tile(6, 6), 6, 6));
        ASSERT_TRUE(s->play(1, Tile(6, 4), End::R));
        ASSERT_TRUE(s->play(2, Tile(6, 3), End::L));
        ASSERT_TRUE(s->play(3, Tile(4, 3), End::R));
    }
    EXPECT_EQ(plain.trace().tiles(), 0);  // not asked for: nothing kept
    const LayoutTrace& tr = h.trace();
    EXPECT_EQ(tr.tiles(), 4);
    EXPECT_EQ(tr.pose_tile(), Tile(6, 6));
    const auto l = tr.arm(End::L), r = tr.arm(End::R);
    ASSERT_EQ(l.size(), 1u);
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(l[0].tile, Tile(6, 3));
    EXPECT_EQ(l[0].near, 6);
    EXPECT_EQ(l[0].far, 3);
    EXPECT_EQ(r[0].tile, Tile(6, 4));
    EXPECT_EQ(r[1].near, 4);
    EXPECT_EQ(r[1].far, 3);
    EXPECT_EQ(r[1].far, h.layout().end_value(End::R));
    h.reset();
    EXPECT_EQ(h.trace().tiles(), 0);
}

struct GoldenCase {
    const char* name;  // tests/golden/render/NAME.svg
    const char* file;  // under corpus/
    int hand = 0, ply = 0, width = 800;
    const char* drop = nullptr;  // lines starting so are left out (a deal not shown)
};

std::string case_text(const GoldenCase& c) {
    std::string text = test::slurp(kSource + "/corpus/" + c.file), out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (!c.drop || line.rfind(c.drop, 0) != 0) out += line + "\n";
    return out;
}

const GoldenCase kGolden[] = {
    {"jamaican_hard_ends_key_tile", "valid/jamaican/key_tile_domino_worth_two.dgn", 1, 24},
    {"jamaican_inferred_deal", "valid/jamaican/key_tile_domino_worth_two.dgn", 1, 10, 800,
     "deal D"},
    {"jamaican_snake_narrow", "valid/jamaican/block_lowest_count_wins.dgn", 1, 10, 320},
    {"cutthroat_line", "valid/cutthroat/four_players.dgn", 1, 9},
    {"chiva_draw_boneyard", "valid/chiva/two_players_draw.dgn", 1, 10},
    {"quinientos_line", "valid/quinientos/capicu.dgn", 0, 0},
    {"fives_threes_line", "valid/fives-threes/two_players_plus_claims.dgn", 1, 6},
    {"french_spinner", "valid/french/spinner_four_arms.dgn", 1, 12},
    {"french_closed_arm_error", "invalid/no-match/french_closed_arm.dgn", 0, 0},
    {"jamaican_error_at_ply", "invalid/no-match/fits_no_end.dgn", 0, 0},
    {"partial_no_deals", "valid/partial/cutthroat2_draw_unlabelled_pose.dgn", 1, 6},
};

void PrintTo(const GoldenCase& c, std::ostream* os) {
    *os << c.name;
}

class RenderGolden : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(RenderGolden, MatchesTheGoldenFile) {
    const GoldenCase& c = GetParam();
    const std::string text = case_text(c);
    ASSERT_FALSE(text.empty()) << c.file;
    const std::string got = picture(text, {c.hand, c.ply}, c.width);
    ASSERT_EQ(got.rfind("<svg", 0), 0u) << got;
    const std::string path = kSource + "/tests/golden/render/" + c.name + ".svg";
    if (const char* u = std::getenv("PIPS_UPDATE_GOLDEN"); u && std::string(u) == "1") {
        std::ofstream(path, std::ios::binary) << got;
        GTEST_SKIP() << "wrote " << path;
    }
    const std::string want = test::slurp(path);
    ASSERT_FALSE(want.empty()) << path << " is missing: PIPS_UPDATE_GOLDEN=1 writes it";
    EXPECT_EQ(got, want) << c.name << ": the picture changed; if that is meant, run "
                         << "PIPS_UPDATE_GOLDEN=1 ctest --preset dev -R RenderGolden";
}

INSTANTIATE_TEST_SUITE_P(Corpus, RenderGolden, ::testing::ValuesIn(kGolden),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(Render, SameInputGivesTheSameBytes) {
    const std::string text = test::slurp(kSource + "/corpus/valid/french/spinner_four_arms.dgn");
    EXPECT_EQ(picture(text, {1, 9}), picture(text, {1, 9}));
    EXPECT_NE(picture(text, {1, 9}), picture(text, {1, 10}));
}

TEST(Render, GoldenCasesCoverEveryRuleSetAndLayout) {
    std::set<std::string> rules;
    bool spinner = false, error = false, boneyard = false, wraps = false, hard = false, key = false,
         inferred = false, backs = false, closed = false;
    for (const GoldenCase& c : kGolden) {
        auto f = render::find_position(first_record(case_text(c)), {c.hand, c.ply});
        ASSERT_TRUE(f.position) << c.name << ": " << f.error;
        const render::Position& p = *f.position;
        rules.insert(p.rules.substr(0, p.rules.find(',')));
        spinner = spinner || p.layout.kind() == LayoutKind::spinner;
        error = error || p.error.has_value();
        boneyard = boneyard || p.boneyard.has_value();
        const render::Scene sc = render::build_scene(p, {c.width});
        wraps = wraps || !sc.joins.empty();
        closed = closed || !sc.closed.empty();
        for (const auto& d : sc.tiles) {
            hard = hard || d.hard;
            key = key || d.key;
            inferred = inferred || d.look == render::Look::inferred;
            backs = backs || d.look == render::Look::back;
        }
        EXPECT_EQ(trace_problem(p), "") << c.name;
    }
    EXPECT_EQ(rules.size(), 6u);
    EXPECT_TRUE(spinner && error && boneyard && wraps && closed);
    EXPECT_TRUE(hard && key && inferred && backs);
}

TEST(Render, AnErrorStopsThePictureAtItsPly) {
    const std::string text = test::slurp(kSource + "/corpus/invalid/no-match/fits_no_end.dgn");
    auto v = test::check_text(text);
    ASSERT_EQ(v.size(), 1u);
    ASSERT_FALSE(v[0].errors.empty());
    auto f = render::find_position(first_record(text), {});
    ASSERT_TRUE(f.position);
    ASSERT_TRUE(f.position->error);
    EXPECT_EQ(f.position->error->pos, v[0].errors.front().pos);
    // The position is the one before the ply at fault: its tile is not on the table.
    const ast::Record rec = first_record(text);
    const ast::Pos at = f.position->error->pos;
    bool found = false;
    for (const auto& h : rec.hands)
        for (std::size_t i = 0; i < h.plies.size(); ++i) {
            const ast::Ply& ply = h.plies[i];
            const bool last = i + 1 == h.plies.size();
            if (!(at < ply.pos) && (last || at < h.plies[i + 1].pos)) {
                ASSERT_EQ(ply.kind, ast::Ply::Kind::play);
                EXPECT_FALSE(f.position->layout.on_table().contains(Tile(ply.tile.a, ply.tile.b)));
                EXPECT_EQ(f.position->ply, static_cast<int>(i));  // the ply before it
                found = true;
            }
        }
    EXPECT_TRUE(found);
    const std::string svg = render::svg(render::build_scene(*f.position));
    EXPECT_NE(svg.find(std::string("[") + checker::code_name(v[0].errors.front().code) + "]"),
              std::string::npos);
}

TEST(Render, NoSuchHandOrPly) {
    const ast::Record rec =
        first_record(test::slurp(kSource + "/corpus/valid/jamaican/block_lowest_count_wins.dgn"));
    EXPECT_FALSE(render::find_position(rec, {9, 0}).position);
    EXPECT_NE(render::find_position(rec, {9, 0}).error.find("no hand 9"), std::string::npos);
    EXPECT_FALSE(render::find_position(rec, {1, 99}).position);
    EXPECT_NE(render::find_position(rec, {1, 99}).error.find("--ply takes 1 to"),
              std::string::npos);
    EXPECT_TRUE(render::find_position(rec, {1, 1}).position);
}

TEST(Render, MarkupInNamesIsEscaped) {
    std::string text = test::slurp(kSource + "/corpus/valid/jamaican/block_lowest_count_wins.dgn");
    const std::string from = "[Players \"";
    const auto at = text.find(from);
    ASSERT_NE(at, std::string::npos);
    text.insert(at + from.size(), "<b>&\\\"x\u00e9");
    const std::string svg = picture(text, {1, 3});
    EXPECT_EQ(xml_problem(svg), "");
    EXPECT_NE(svg.find("&lt;b&gt;&amp;&quot;x\u00e9"), std::string::npos);
}

const std::vector<Variant>& variants() {
    static const std::vector<Variant> v = test::all_variants();
    return v;
}

}  // namespace

// Generated games (or mutants with one fault) at random plies and widths,
// written with or without deals and labels: the picture is well-formed, its tiles never overlap or
// leave it, and the trace agrees with the engine's ends.
RC_GTEST_PROP(RenderProperty, WellFormedAndNoTilesOverlap, ()) {
    const auto vi = *rc::gen::inRange<std::size_t>(0, variants().size());
    std::mt19937_64 rng(*rc::gen::arbitrary<std::uint64_t>());
    gen::Options opt{variants()[vi], *rc::gen::arbitrary<bool>(), gen::Bot::random, 3};
    opt.shown.labels = *rc::gen::arbitrary<bool>();
    gen::Match m = gen::generate_match(opt, rng);
    std::string text = gen::write_match(m).text;
    // Half the time a record with one fault, drawn up to it.
    if (*rc::gen::arbitrary<bool>()) {
        auto mutant = gen::mutate(m, rng);
        RC_PRE(mutant.has_value());
        text = mutant->text;
    }
    const ast::Record rec = first_record(text);
    RC_PRE(!rec.hands.empty());
    const auto hi = *rc::gen::inRange<std::size_t>(0, rec.hands.size());
    const ast::Hand& hand = rec.hands[hi];
    RC_PRE(!hand.plies.empty());
    const int ply = *rc::gen::inRange<int>(1, static_cast<int>(hand.plies.size()) + 1);
    const int width = *rc::gen::inRange(render::kMinWidth, 1400);
    RC_LOG() << variants()[vi].name() << " hand " << hand.number << " ply " << ply << " width "
             << width << "\n"
             << text;
    auto f = render::find_position(rec, {hand.number, ply});
    RC_ASSERT(f.position.has_value());
    RC_ASSERT(trace_problem(*f.position) == std::string());
    const render::Scene sc = render::build_scene(*f.position, {width});
    RC_ASSERT(overlap_problem(sc) == std::string());
    int on_table = 0;
    for (const auto& d : sc.tiles) on_table += d.table;
    RC_ASSERT(on_table == f.position->layout.tiles());
    RC_ASSERT(xml_problem(render::svg(sc)) == std::string());
}

// --- the subcommand --------------------------------------------------------

namespace {

struct ExeRun {
    int code = -1;
    std::string out, err;
};

std::string quote(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

ExeRun run_pips(const test::TempDir& dir, const std::string& args) {
    ExeRun r;
    std::string err = dir.path("pips.stderr");
    std::string cmd = quote(PIPS_EXE) + " " + args + " 2>" + quote(err);
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

const std::string kLine = kSource + "/corpus/valid/jamaican/block_lowest_count_wins.dgn";

}  // namespace

TEST(RenderExe, WritesTheLibrarysPicture) {
    test::TempDir dir;
    const std::string out = dir.path("p.svg");
    ExeRun r =
        run_pips(dir, "render --hand 1 --ply 5 --width 500 " + quote(kLine) + " -o " + quote(out));
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(test::slurp(out), picture(test::slurp(kLine), {1, 5}, 500));
    ExeRun s = run_pips(dir, "render --hand 1 --ply 5 --width 500 - < " + quote(kLine));
    EXPECT_EQ(s.code, 0);
    EXPECT_EQ(s.out, test::slurp(out));
}

TEST(RenderExe, AnInvalidRecordIsDrawnAndExitsOne) {
    test::TempDir dir;
    ExeRun r =
        run_pips(dir, "render " + quote(kSource + "/corpus/invalid/no-match/fits_no_end.dgn"));
    EXPECT_EQ(r.code, 1) << r.err;
    EXPECT_NE(r.out.find("[no-match]"), std::string::npos);
}

TEST(RenderExe, BadArgumentsExitTwoWithAClearError) {
    test::TempDir dir;
    ExeRun h = run_pips(dir, "render --hand 7 " + quote(kLine));
    EXPECT_EQ(h.code, 2);
    EXPECT_EQ(h.out, "");
    EXPECT_NE(h.err.find("no hand 7"), std::string::npos) << h.err;
    ExeRun p = run_pips(dir, "render --ply 40 " + quote(kLine));
    EXPECT_EQ(p.code, 2);
    EXPECT_NE(p.err.find("--ply takes 1 to 14"), std::string::npos) << p.err;
    ExeRun n = run_pips(dir, "render --ply -1 " + quote(kLine));
    EXPECT_EQ(n.code, 2);
    EXPECT_NE(n.err.find("plies count from 1"), std::string::npos) << n.err;
    ExeRun w = run_pips(dir, "render --width 100 " + quote(kLine));
    EXPECT_EQ(w.code, 2);
    EXPECT_NE(w.err.find("--width 100 is out of range"), std::string::npos) << w.err;
    ExeRun rec = run_pips(dir, "render --record 3 " + quote(kLine));
    EXPECT_EQ(rec.code, 2);
    EXPECT_NE(rec.err.find("no record 3"), std::string::npos) << rec.err;
    ExeRun missing = run_pips(dir, "render " + quote(dir.path("nope.dgn")));
    EXPECT_EQ(missing.code, 2);
    EXPECT_NE(missing.err.find("cannot open"), std::string::npos) << missing.err;
    ExeRun unwritable =
        run_pips(dir, "render " + quote(kLine) + " -o " + quote(dir.path("no/such/dir.svg")));
    EXPECT_EQ(unwritable.code, 2);
    EXPECT_NE(unwritable.err.find("cannot write"), std::string::npos) << unwritable.err;
    ExeRun word = run_pips(dir, "render --hand two " + quote(kLine));
    EXPECT_EQ(word.code, 2);
}

TEST(RenderExe, HelpListsRender) {
    test::TempDir dir;
    ExeRun r = run_pips(dir, "--help");
    EXPECT_NE(r.out.find("render"), std::string::npos);
    ExeRun s = run_pips(dir, "render --help");
    EXPECT_EQ(s.code, 0);
    EXPECT_NE(s.out.find("--ply"), std::string::npos);
}
