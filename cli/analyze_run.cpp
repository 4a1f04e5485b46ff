// pips analyze: each record is replayed through the engine's Game hand by
// hand (the match carried from hand to hand as the rules move it); a hand
// whose every tile is known at its pose is solved from the pose and judged
// ply by ply with one solver table (ANALYSIS.md).
#include "cli/analyze_run.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "checker/checker.hpp"
#include "cli/diagnostic.hpp"
#include "cli/input.hpp"
#include "cli/json.hpp"
#include "cli/report.hpp"
#include "engine/game.hpp"
#include "engine/sample.hpp"
#include "engine/solver.hpp"
#include "parser/parser.hpp"
#include "parser/printer.hpp"

namespace pips::cli {

namespace {

// --- one hand's findings --------------------------------------------------------

struct PlyJudgement {
    int ply = 0;  // as written in the hand, the pose 1
    ast::Pos pos;
    int seat = 0;
    int party = 0;
    std::string move;
    bool forced = false;
    int before = 0;
    int after = 0;
    std::vector<std::string> best;
    std::string mark;  // "", "?", "??", "!"
    // --sample: the mean value of each move over the deals drawn, in the
    // order of the moves; empty when not sampled.
    int samples = 0;
    std::vector<std::pair<std::string, double>> ev;
    double ev_loss = 0;
    std::vector<std::string> ev_best;
    std::string ev_mark;  // "", "?!"
};

// A hand replayed and ready to judge: its position before the deal and at
// the pose, its deal, the plies that stand, and the record's number (which
// seeds the sampled deals).
struct HandJob {
    const ast::Hand* hand = nullptr;
    Game before_deal;
    Game at_pose;
    Deal deal;
    std::size_t plies = 0;
    std::size_t record = 0;
};

struct HandAnalysis {
    int number = 0;
    ast::Pos pos;
    bool analysed = false;
    std::string reason;
    int party = 0;  // the poser's
    int value = 0;
    std::uint64_t nodes = 0;
    double ms = 0;
    std::vector<PlyJudgement> plies;
    std::optional<checker::Diagnostic> stopped;
    // A hand replayed and ready to judge (Analyzer::judge() fills the fields
    // above from it): hands are judged apart from the replay, so that the
    // hands of one record can be judged on several threads.
    std::unique_ptr<HandJob> job;
};

std::string seat_name(int s) {
    return std::string(1, static_cast<char>('A' + s));
}

std::string signed_value(int v) {
    return v > 0 ? fmt::format("+{}", v) : fmt::format("{}", v);
}

bool claim_code(checker::Code c) {
    return c == checker::Code::end_mismatch || c == checker::Code::points_mismatch ||
           c == checker::Code::score_mismatch || c == checker::Code::result_mismatch;
}

// A move as `pips fmt` writes a ply: a pose higher number first; a play
// with the number that joins the end first, and the end letter where the
// end matters.
std::string move_text(const Game& g, const Move& m) {
    switch (m.kind) {
        case Move::Kind::pose:
            return m.tile.str();
        case Move::Kind::play: {
            const Layout& l = g.hand().layout();
            const End e = m.end.value_or(l.fitting(m.tile).front());
            const int join = l.end_value(e);
            const int other = m.tile.carries(join) ? m.tile.other(join) : m.tile.lo;
            std::string s = fmt::format("{}-{}", join, other);
            if (m.end_matters) s += end_letter(e);
            return s;
        }
        case Move::Kind::pass:
            return "pass";
        case Move::Kind::draw:
            return "draw";
        case Move::Kind::foul:
            return "foul " + m.tile.str();
    }
    return "?";
}

// Win/tie/loss games mark `??` on a worse outcome class; point games on a
// loss of 10 or more, or a lost exact target.
bool class_games(const Variant& v) {
    return v.traits().win_value > 0 || v.traits().scores_pips_left;
}

bool blunder(const Variant& v, int before, int after) {
    auto sign = [](int x) { return (x > 0) - (x < 0); };
    if (class_games(v)) return sign(after) < sign(before);
    if (before - after >= 10) return true;
    // Point games: the exact target's 100 was within reach and is not.
    return v.traits().match_end == MatchEnd::exactly && before >= 50 && after < 50;
}

// The deal of a hand as written: the deal lines of its last round (after
// redeals), seats without one hidden; the stock likewise.
Deal deal_of(const ast::Hand& h, const Variant& v) {
    Deal d;
    d.hands.resize(static_cast<std::size_t>(v.players));
    int round = 0;
    for (const auto& s : h.deals) round = std::max(round, s.round);
    for (const auto& s : h.stocks) round = std::max(round, s.round);
    std::uint8_t shown = 0;
    for (const auto& s : h.deals) {
        if (s.round != round || s.seat >= v.players) continue;
        auto& tiles = d.hands[s.seat];
        tiles.clear();
        for (const auto& t : s.tiles) tiles.emplace_back(t.a, t.b);
        shown = static_cast<std::uint8_t>(shown | (1u << s.seat));
    }
    d.hidden = static_cast<std::uint8_t>(~shown & 0xF);
    d.stock_hidden = true;
    for (const auto& s : h.stocks) {
        if (s.round != round) continue;
        d.stock.clear();
        for (const auto& t : s.tiles) d.stock.emplace_back(t.a, t.b);
        d.stock_hidden = false;
    }
    if (!v.draw_game()) {
        d.stock.clear();
        d.stock_hidden = false;
    }
    return d;
}

// The moves of a ply as the engine takes them: its draws and fouls, then the
// play or pass. Seat: written, or the seat to play.
struct PlyMoves {
    std::vector<Move> pre;
    Move choice;
    bool ok = false;
};

PlyMoves moves_of(const Game& g, const ast::Hand& hand, const ast::Ply& p) {
    PlyMoves out;
    const HandState& h = g.hand();
    int seat = -1;
    if (p.seat)
        seat = *p.seat;
    else if (h.posed() || h.turn() >= 0)
        seat = h.turn();
    else
        seat = mover(g);
    if (seat < 0 || seat >= g.variant().players) return out;
    for (const auto& a : hand.pre_of(p))
        out.pre.push_back(a.kind == ast::PreAction::Kind::draw
                              ? Move::draw(seat)
                              : Move::foul(seat, Tile(a.tile.a, a.tile.b)));
    if (p.kind == ast::Ply::Kind::pass)
        out.choice = Move::pass(seat);
    else if (!h.posed())
        out.choice = Move::pose(seat, Tile(p.tile.a, p.tile.b), p.tile.a < p.tile.b);
    else
        out.choice = Move::play(seat, Tile(p.tile.a, p.tile.b), checker::end_of(p.end));
    out.ok = true;
    return out;
}

bool same_move(const Game& g, const Move& judged, const Move& played) {
    if (judged.kind != played.kind || judged.seat != played.seat) return false;
    switch (played.kind) {
        case Move::Kind::pose:
            return judged.tile == played.tile;
        case Move::Kind::play:
            return judged.tile == played.tile &&
                   (judged.end == played.end || !played.end || !judged.end_matters ||
                    g.same_position(judged, played));
        default:
            return true;
    }
}

// Our own comments, recognised so that analysing analysed output gives the
// same output.
bool own_comment(const std::string& text) {
    const auto b = text.find_first_not_of(' ');
    const std::string c = b == std::string::npos ? std::string() : text.substr(b);
    auto starts = [&](const char* p) { return c.rfind(p, 0) == 0; };
    return starts("value ") || starts("?? ") || starts("? ") || starts("! ") || starts("?! ") ||
           starts("not analysed: ") || starts("analysis stopped: ");
}

void strip_own(ast::Record& r) {
    for (auto& h : r.hands) {
        std::erase_if(h.comments, [](const ast::Comment& c) { return own_comment(c.text); });
        for (auto& x : h.extras)
            std::erase_if(x.comments, [](const ast::Comment& c) { return own_comment(c.text); });
    }
}

// The value rounded to 3 decimals, without trailing zeros.
std::string decimal(double x) {
    std::string s = fmt::format("{:.3f}", x);
    while (!s.empty() && s.back() == '0') s.pop_back();
    if (!s.empty() && s.back() == '.') s.pop_back();
    if (s == "-0") s = "0";
    return s;
}

std::uint64_t seed_of(std::uint64_t seed, std::size_t record, int hand, int ply) {
    std::uint64_t x = seed;
    for (std::uint64_t v : {static_cast<std::uint64_t>(record), static_cast<std::uint64_t>(hand),
                            static_cast<std::uint64_t>(ply)}) {
        x ^= v + 0x9e3779b97f4a7c15ULL + (x << 6) + (x >> 2);
        x *= 0xbf58476d1ce4e5b9ULL;
        x ^= x >> 31;
    }
    return x;
}

// What the seats' plays showed so far in a hand: for sampling.
struct Seen {
    std::array<TileSet, 4> played{};             // tiles each seat played (the pose included)
    std::array<TileSet, 4> revealed{};           // fouled tiles still in the seat's hand
    std::array<std::uint8_t, 4> void_numbers{};  // numbers a pass proved a seat lacks
    std::vector<Move> moves;                     // every move made, in order
    void add(const Game& before, const Move& m) {
        const auto s = static_cast<std::size_t>(m.seat);
        const HandState& h = before.hand();
        if (m.kind == Move::Kind::pose || m.kind == Move::Kind::play) {
            played[s].insert(m.tile);
            revealed[s].erase(m.tile);
        } else if (m.kind == Move::Kind::foul) {
            revealed[s].insert(m.tile);
        } else if (m.kind == Move::Kind::pass && h.posed() &&
                   !before.variant().traits().pass_while_able &&
                   h.layout().kind() == LayoutKind::line) {
            void_numbers[s] =
                static_cast<std::uint8_t>(void_numbers[s] | 1u << h.layout().end_value(End::L) |
                                          1u << h.layout().end_value(End::R));
        }
        moves.push_back(m);
    }
};

class Analyzer {
public:
    explicit Analyzer(const AnalyzeArgs& a)
        : args_(a), solver_(SolverOptions{.tt_mb = a.tt_mb, .node_limit = a.max_nodes}) {
        if (a.sample > 0)
            sampler_.emplace(SolverOptions{.tt_mb = a.tt_mb, .node_limit = a.max_nodes * a.sample});
    }
    std::size_t number = 0;  // the record's, counted across all files

    // Replays the record's hands; those that can be judged are left ready
    // for judge().
    std::vector<HandAnalysis> record(const ast::Record& r, const checker::Verdict& verdict,
                                     std::string& rules);

    // Judges a hand record() left ready (HandAnalysis::job), of any record.
    void judge(HandAnalysis& out);

private:
    void hand(Game& g, const ast::Hand& h, HandAnalysis& out, bool& stop);
    void sample(const Game& before_deal, const Deal& deal, const Seen& seen, const Game& x,
                int seat, const std::vector<Solver::Judged>& judged, const Solver::Judged& played,
                PlyJudgement& pj, std::size_t record, int hand);
    const AnalyzeArgs& args_;
    Solver solver_;
    std::optional<Solver> sampler_;
    std::optional<checker::Diagnostic> error_;  // the first that stops analysis
};

std::vector<HandAnalysis> Analyzer::record(const ast::Record& r, const checker::Verdict& verdict,
                                           std::string& rules) {
    std::vector<HandAnalysis> out;
    error_.reset();
    for (const auto& d : verdict.errors)
        if (!claim_code(d.code)) {
            error_ = d;
            break;
        }
    const ast::Tag* rt = r.find_tag("Rules");
    const ast::Tag* pt = r.find_tag("Players");
    const ast::Tag* ot = r.find_tag("Options");
    Variant v;
    const bool variant_ok =
        rt && pt &&
        !make_variant(rt->value, count_players(pt->value).count, ot ? ot->value : "", v)
             .has_value();
    rules = rt ? rt->value : "";
    bool stop = !variant_ok;
    Game g(v);
    if (variant_ok && !r.hands.empty() && r.hands.front().number > 1) {
        MatchState m;
        m.first = false;
        m.known = false;
        m.pose_unknown = true;
        g.set_match(m);
    }
    for (const auto& h : r.hands) {
        HandAnalysis a;
        a.number = h.number;
        a.pos = h.pos;
        if (stop) {
            a.reason = "after an error";
        } else if (error_ && error_->pos < h.pos) {
            a.reason = "after an error";
            stop = true;
        } else {
            hand(g, h, a, stop);
        }
        out.push_back(std::move(a));
    }
    return out;
}

void Analyzer::hand(Game& g, const ast::Hand& h, HandAnalysis& out, bool& stop) {
    const Variant& v = g.variant();
    if (h.plies.empty()) {
        out.reason = "summary hand";
        MatchState m = g.match();
        m.first = false;
        m.known = false;
        m.pose_unknown = true;
        g.set_match(m);
        return;
    }
    if (g.hand_number() > 0 && !g.hand_over()) {
        // The record goes on after a hand its replay could not end (a block
        // that hands not shown leave unproven, which the checker reads from
        // the next hand): from here the match is unknown, as after a
        // summary hand.
        MatchState m = g.match();
        m.first = false;
        m.known = false;
        m.pose_unknown = true;
        g.set_match(m);
    }
    Deal d = deal_of(h, v);
    const Game before_deal = g.clone();
    if (!g.deal(d)) {
        out.reason = "after an error";
        stop = true;
        return;
    }
    // First the replay alone: which plies stand, whether the hand is over.
    Game at_pose = g.clone();
    std::size_t plies = 0;  // plies replayed before an error
    bool stopped = false;
    auto replay = [&] {
        plies = 0;
        stopped = false;
        for (const auto& p : h.plies) {
            if (g.hand_over()) break;  // knocks after a block
            if (error_ && !(p.pos < error_->pos)) {
                stopped = true;
                break;
            }
            PlyMoves pm = moves_of(g, h, p);
            bool ok = pm.ok;
            for (const Move& m : pm.pre) ok = ok && g.apply(m);
            ok = ok && g.apply(pm.choice);
            if (!ok) {
                stopped = true;
                break;
            }
            ++plies;
        }
    };
    replay();
    // Deals not written may be fixed by what the record shows (DGN.md
    // section 7): then the hand is replayed as if they were written.
    std::string reason;
    if (d.hidden & ((1u << v.players) - 1)) {
        Game shown = g.clone();
        if (!stopped)
            for (const auto& rm : h.remains) {
                if (error_ && !(rm.pos < error_->pos)) break;
                std::vector<Tile> tiles;
                for (const auto& t : rm.tiles) tiles.emplace_back(t.a, t.b);
                if (!shown.remain(rm.seat, tiles)) break;
            }
        Deal inferred = d;
        for (int s = 0; s < v.players && reason.empty(); ++s) {
            if (!(d.hidden >> s & 1u)) continue;
            const std::optional<TileSet> tiles = shown.hand().fixed_deal(s);
            if (!tiles) {
                reason = "deal of " + seat_name(s) + " unknown";
                break;
            }
            auto& hand = inferred.hands[static_cast<std::size_t>(s)];
            hand.clear();
            tiles->for_each([&](Tile t) { hand.push_back(t); });
        }
        inferred.hidden = 0;
        Game again = before_deal.clone();
        if (reason.empty() && again.deal(inferred)) {
            d = std::move(inferred);
            g = std::move(again);
            at_pose = g.clone();
            replay();
        } else if (reason.empty()) {
            reason = "deal of " + seat_name(std::countr_zero(d.hidden)) + " unknown";
        }
    }
    if (reason.empty() && v.draw_game() && !g.hand().stock_known()) reason = "stock order unknown";
    if (stopped) {
        stop = true;
        if (error_)
            out.stopped = error_;
        else
            out.stopped = checker::Diagnostic{h.plies[plies].pos, checker::Code::not_in_hand, ""};
    }
    if (reason.empty() && !stopped && !g.hand_over()) reason = "unfinished";
    // An error at the first ply (a wrong pose): nothing to judge, and the
    // pose's value would be for a seat that may not pose.
    if (reason.empty() && stopped && plies == 0) reason = "after an error";
    if (reason.empty() && !h.plies.front().seat && !at_pose.hand().posed()) {
        // The pose names no seat: only a pose open to one seat says who.
        const std::vector<Move> ms = at_pose.legal_moves();
        const bool one = std::all_of(ms.begin(), ms.end(),
                                     [&](const Move& m) { return m.seat == ms.front().seat; });
        if (!one) reason = "poser unknown";
    }
    if (!reason.empty()) {
        out.reason = reason;
        return;
    }
    // Then the judgement (judge()), on a copy from the pose.
    out.job = std::make_unique<HandJob>(
        HandJob{&h, before_deal.clone(), std::move(at_pose), std::move(d), plies, number});
}

void Analyzer::judge(HandAnalysis& out) {
    if (!out.job) return;
    const std::unique_ptr<HandJob> job = std::move(out.job);
    const ast::Hand& h = *job->hand;
    const Game& before_deal = job->before_deal;
    const Deal& d = job->deal;
    const std::size_t plies = job->plies;
    const Variant& v = before_deal.variant();
    const auto start = std::chrono::steady_clock::now();
    solver_.new_hand();
    try {
        Game x = job->at_pose.clone();
        Seen seen;
        if (sampler_) sampler_->new_hand();
        const PlyMoves first = moves_of(x, h, h.plies.front());
        const int poser = first.choice.seat;
        out.party = v.party_of(poser);
        out.value = solver_.value(x, out.party, poser);
        for (std::size_t i = 0; i < plies; ++i) {
            const ast::Ply& p = h.plies[i];
            const PlyMoves pm = moves_of(x, h, p);
            for (const Move& m : pm.pre) {
                seen.add(x, m);
                x.apply(m);
            }
            // Only what the judgement reports is searched for (exact values
            // of the move played and the best moves; of the others, that
            // they are worse, and whether they are blunders).
            const std::vector<Move> choices = analysis_moves(x, pm.choice.seat);
            std::size_t at = choices.size();
            for (std::size_t c = 0; c < choices.size(); ++c)
                if (same_move(x, choices[c], pm.choice)) at = c;
            const std::vector<Solver::Judged> judged = solver_.judge_played(
                x, pm.choice.seat, at,
                [&](int before, int after) { return blunder(v, before, after); });
            const Solver::Judged* played = nullptr;
            for (const auto& j : judged)
                if (same_move(x, j.move, pm.choice)) played = &j;
            if (played) {
                PlyJudgement pj;
                pj.ply = static_cast<int>(i) + 1;
                pj.pos = p.pos;
                pj.seat = pm.choice.seat;
                pj.party = v.party_of(pj.seat);
                pj.move = move_text(x, played->move);
                pj.forced = judged.size() == 1;
                pj.before = played->value;
                for (const auto& j : judged) pj.before = std::max(pj.before, j.value);
                pj.after = played->value;
                int keep = 0, others_blunder = 0;
                for (const auto& j : judged) {
                    if (j.value == pj.before) {
                        pj.best.push_back(move_text(x, j.move));
                        ++keep;
                    } else if (blunder(v, pj.before, j.value)) {
                        ++others_blunder;
                    }
                }
                if (!pj.forced) {
                    if (pj.after < pj.before)
                        pj.mark = blunder(v, pj.before, pj.after) ? "??" : "?";
                    else if (keep == 1 && others_blunder == static_cast<int>(judged.size()) - 1)
                        pj.mark = "!";
                }
                if (sampler_)
                    sample(before_deal, d, seen, x, pm.choice.seat, judged, *played, pj,
                           job->record, h.number);
                out.plies.push_back(std::move(pj));
            }
            seen.add(x, pm.choice);
            x.apply(pm.choice);
        }
        out.analysed = true;
    } catch (const SolverError& e) {
        out.analysed = false;
        out.plies.clear();
        const std::string what = e.what();
        if (what == "hand value unknown")
            out.reason = what;
        else if (what.rfind("the search passed its limit", 0) == 0)
            out.reason = "search limit";
        else
            throw;  // a fault of pips, not of the record: an internal error
    }
    out.nodes = solver_.nodes();
    out.ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// Deals of what `seat` has not seen, drawn uniformly (engine/sample.hpp; in
// draw games the seats' draws and the boneyard's order as well), the hand
// replayed on each to this ply and every move valued: the mean over the deals
// for the seat's party.
void Analyzer::sample(const Game& before_deal, const Deal& deal, const Seen& seen, const Game& x,
                      int seat, const std::vector<Solver::Judged>& judged,
                      const Solver::Judged& played, PlyJudgement& pj, std::size_t record,
                      int hand) {
    const Variant& v = x.variant();
    const HandState& h = x.hand();
    const auto me = static_cast<std::size_t>(seat);
    std::mt19937_64 rng(seed_of(args_.seed, record, hand, pj.ply));
    // Draw games: the seat's draws, the others' and the boneyard's order too.
    std::optional<DrawGameSampler> drawn;
    if (v.draw_game()) {
        // The real deal is one placement: there is always one to draw.
        try {
            drawn.emplace(before_deal, deal, seen.moves, seat);
            if (drawn->count() == 0) throw SolverError("no sampled deal fits the hand");
        } catch (const std::length_error&) {
            throw SolverError("the search passed its limit: too many deals to sample from");
        }
    }
    // Games without draws: the seats' hands now and the undealt tiles.
    Unseen u;
    if (!drawn) {
        u.pool = v.tile_set() - h.layout().on_table() - h.seat(seat).known;
        for (std::size_t s = 0; s < static_cast<std::size_t>(v.players); ++s)
            if (s != me) u.pool -= seen.revealed[s];
        int placed = 0;
        for (std::size_t s = 0; s < static_cast<std::size_t>(v.players); ++s) {
            if (s == me) continue;
            u.need[s] = h.seat(static_cast<int>(s)).count - seen.revealed[s].size();
            u.allowed[s] = u.pool;
            for (int n = 0; n <= 6; ++n)
                if (seen.void_numbers[s] >> n & 1u) u.allowed[s] -= TileSet::carrying(n);
            placed += u.need[s];
        }
        u.need[4] = u.pool.size() - placed;
        u.allowed[4] = u.pool;
    }
    std::vector<double> sum(judged.size());
    // What the play itself shows (that the hand went on: someone held a
    // tile that fits) is kept by rejection: a deal on which the hand does
    // not replay to this choice is drawn again. Drawing uniformly and keeping
    // the deals that fit is uniform over those that fit.
    const long max_draws = 1000L * args_.sample;
    long draws = 0;
    for (int n = 0; n < args_.sample;) {
        if (++draws > max_draws) throw SolverError("the sampled deals do not replay the hand");
        Deal d;
        if (drawn) {
            d = drawn->draw(rng);
        } else {
            const auto placement = sample_placement(u, rng);
            d.hands.resize(static_cast<std::size_t>(v.players));
            for (std::size_t s = 0; s < d.hands.size(); ++s) {
                if (s == me) {
                    d.hands[s] = deal.hands[s];
                    continue;
                }
                const TileSet tiles = placement[s] | seen.revealed[s] | seen.played[s];
                tiles.for_each([&](Tile t) { d.hands[s].push_back(t); });
            }
        }
        Game y = before_deal.clone();
        bool ok = static_cast<bool>(y.deal(d));
        for (const Move& m : seen.moves) ok = ok && static_cast<bool>(y.apply(m));
        if (!ok || y.hand_over() || mover(y, seat) != seat) continue;
        const std::vector<Solver::Judged> values = sampler_->judge(y, seat);
        if (values.size() != judged.size()) continue;
        ++n;
        for (std::size_t i = 0; i < values.size(); ++i) sum[i] += values[i].value;
    }
    pj.samples = args_.sample;
    double best = -1e18, mine = 0;
    for (std::size_t i = 0; i < judged.size(); ++i) {
        const double ev = std::round(sum[i] / args_.sample * 1000.0) / 1000.0;
        pj.ev.emplace_back(move_text(x, judged[i].move), ev);
        best = std::max(best, ev);
        if (&judged[i] == &played) mine = ev;
    }
    for (const auto& [m, ev] : pj.ev)
        if (ev == best) pj.ev_best.push_back(m);
    pj.ev_loss = std::round((best - mine) * 1000.0) / 1000.0;
    const double threshold = v.traits().win_value > 0 ? 0.25 : 5.0;
    if (mine < best && pj.ev_loss >= threshold) pj.ev_mark = "?!";
}

// --- output ---------------------------------------------------------------------

std::string party_text(const Variant& v, int party) {
    if (v.partnership()) return party == 0 ? "AC" : "BD";
    return seat_name(party);
}

void render_json(std::string& out, const std::string& file, std::size_t record,
                 const std::string& rules, const Variant& v, const HandAnalysis& a) {
    out += "{\"file\":";
    append_json_string(out, file);
    out += fmt::format(",\"record\":{},\"hand\":{},\"rules\":", record, a.number);
    append_json_string(out, rules);
    if (!a.analysed) {
        out += ",\"analysed\":false,\"reason\":";
        append_json_string(out, a.reason);
        out += "}\n";
        return;
    }
    out +=
        fmt::format(",\"analysed\":true,\"party\":\"{}\",\"value\":{},\"nodes\":{},\"ms\":{:.1f}",
                    party_text(v, a.party), a.value, a.nodes, a.ms);
    out += ",\"plies\":[";
    bool first = true;
    for (const auto& p : a.plies) {
        if (!first) out += ',';
        first = false;
        out += fmt::format(
            "{{\"ply\":{},\"line\":{},\"column\":{},\"seat\":\"{}\",\"party\":\"{}\",\"move\":",
            p.ply, p.pos.line, p.pos.column, seat_name(p.seat), party_text(v, p.party));
        append_json_string(out, p.move);
        out += fmt::format(",\"forced\":{},\"before\":{},\"after\":{},\"loss\":{},\"best\":[",
                           p.forced ? "true" : "false", p.before, p.after, p.before - p.after);
        for (std::size_t i = 0; i < p.best.size(); ++i) {
            if (i) out += ',';
            append_json_string(out, p.best[i]);
        }
        out += "],\"mark\":";
        if (p.mark.empty())
            out += "null";
        else
            append_json_string(out, p.mark);
        if (p.samples > 0) {
            out += fmt::format(",\"sample\":{{\"n\":{},\"ev\":{{", p.samples);
            for (std::size_t i = 0; i < p.ev.size(); ++i) {
                if (i) out += ',';
                append_json_string(out, p.ev[i].first);
                out += ':' + decimal(p.ev[i].second);
            }
            out += "},\"ev_loss\":" + decimal(p.ev_loss) + ",\"mark\":";
            out += p.ev_mark.empty() ? "null" : "\"" + p.ev_mark + "\"";
            out += '}';
        }
        out += '}';
    }
    out += ']';
    if (a.stopped)
        out += fmt::format(",\"stopped\":{{\"line\":{},\"code\":\"{}\"}}", a.stopped->pos.line,
                           checker::code_name(a.stopped->code));
    out += "}\n";
}

parser::Notes notes_of(const Variant& v, const std::vector<HandAnalysis>& hands,
                       const ast::Record& r) {
    parser::Notes notes;
    for (std::size_t i = 0; i < hands.size() && i < r.hands.size(); ++i) {
        const HandAnalysis& a = hands[i];
        const ast::Hand& h = r.hands[i];
        if (!a.analysed) {
            notes.emplace_back(h.pos, "not analysed: " + a.reason);
            continue;
        }
        if (!h.plies.empty())
            notes.emplace_back(
                h.plies.front().pos,
                fmt::format("value {} {}", party_text(v, a.party), signed_value(a.value)));
        for (const auto& p : a.plies) {
            if (!p.ev_mark.empty()) {
                std::string best;
                for (const auto& b : p.ev_best) best += (best.empty() ? "" : " ") + b;
                double mine = 0, top = -1e18;
                for (const auto& [m, ev] : p.ev) {
                    top = std::max(top, ev);
                    if (m == p.move) mine = ev;
                }
                auto sign = [](double x) { return (x > 0 ? "+" : "") + decimal(x); };
                notes.emplace_back(p.pos,
                                   fmt::format("?! {} ev {} -> {}; best {}", party_text(v, p.party),
                                               sign(top), sign(mine), best));
            }
            if (p.mark.empty()) continue;
            std::string best;
            for (const auto& b : p.best) best += (best.empty() ? "" : " ") + b;
            notes.emplace_back(
                p.pos, fmt::format("{} {} {} -> {}; best {}", p.mark, party_text(v, p.party),
                                   signed_value(p.before), signed_value(p.after), best));
        }
        if (a.stopped)
            notes.emplace_back(a.stopped->pos, fmt::format("analysis stopped: {}",
                                                           checker::code_name(a.stopped->code)));
    }
    std::stable_sort(notes.begin(), notes.end(),
                     [](const auto& x, const auto& y) { return x.first < y.first; });
    return notes;
}

}  // namespace

namespace {

// A record read, then replayed (its hands left ready to judge), then
// written.
struct Pending {
    ast::Record record;
    const std::string* name = nullptr;
    std::size_t number = 0;
    bool valid = true;
    std::string rules;
    std::vector<HandAnalysis> hands;
    std::string text;
    std::string failure;  // an internal error: the record is not written
};

void replay_record(Analyzer& analyzer, Pending& p) {
    analyzer.number = p.number;
    strip_own(p.record);
    const checker::Verdict verdict = checker::check_record(p.record);
    p.valid = verdict.valid;
    p.hands = analyzer.record(p.record, verdict, p.rules);
}

void write_record(Pending& p, Format format) {
    Variant v;
    if (const ast::Tag* rt = p.record.find_tag("Rules")) {
        const ast::Tag* pt = p.record.find_tag("Players");
        const ast::Tag* ot = p.record.find_tag("Options");
        (void)make_variant(rt->value, pt ? count_players(pt->value).count : 0, ot ? ot->value : "",
                           v);
    }
    if (format == Format::json) {
        for (const auto& a : p.hands) render_json(p.text, *p.name, p.number, p.rules, v, a);
    } else {
        const parser::Notes notes = notes_of(v, p.hands, p.record);
        parser::PrintOptions po;
        po.note_mark = {};  // findings are written as ANALYSIS.md shows them
        p.text = parser::print_record(p.record, &notes, po);
    }
}

// Runs work(analyzer, i) for i in [0, n) on up to `jobs` threads, each with
// its own analyzer; returns what each item threw ("" for none).
template <class Work>
std::vector<std::string> on_threads(std::vector<Analyzer>& analyzers, std::size_t n,
                                    const Work& work) {
    std::vector<std::string> failures(n);
    std::atomic<std::size_t> next{0};
    auto run = [&](Analyzer& a) {
        for (std::size_t i; (i = next.fetch_add(1)) < n;) {
            try {
                work(a, i);
            } catch (const std::exception& e) {
                failures[i] = e.what();
            }
        }
    };
    std::vector<std::thread> threads;
    const std::size_t helpers = n == 0 ? 0 : std::min<std::size_t>(analyzers.size(), n) - 1;
    for (std::size_t j = 1; j <= helpers; ++j) threads.emplace_back(run, std::ref(analyzers[j]));
    run(analyzers[0]);
    for (auto& t : threads) t.join();
    return failures;
}

}  // namespace

int run_analyze(const AnalyzeArgs& args, const Io& io) {
    Output out(io.out);
    Output err(io.err);
    bool ran = true;
    bool all_valid = true;
    bool first = true;
    std::size_t number = 0;  // records counted across all files
    const unsigned jobs =
        args.jobs == 0 ? std::max(1u, std::thread::hardware_concurrency()) : args.jobs;
    std::vector<Analyzer> analyzers;
    analyzers.reserve(jobs);
    try {
        for (unsigned j = 0; j < jobs; ++j) analyzers.emplace_back(args);
    } catch (const std::bad_alloc&) {
        render_diagnostic(err.buf(),
                          {"",
                           {},
                           std::string(kBadArgument),
                           fmt::format("cannot allocate {} solver table{} of {} MiB (--tt-mb)",
                                       jobs, jobs == 1 ? "" : "s", args.tt_mb)},
                          nullptr, io.color_err);
        err.flush();
        return kExitCannotRun;
    }
    // Records are read in batches; a batch is analysed on `jobs` threads and
    // written in input order before the next is read.
    const std::size_t batch = jobs == 1 ? 1 : std::size_t{4} * jobs;
    std::vector<Pending> pending;
    auto drain = [&] {
        if (pending.empty()) return;
        // The records' hands replayed, a record a thread; then every hand
        // ready to judge, of whichever record, a hand a thread (one record's
        // hands too: --jobs runs the hands of a single match side by side);
        // then each record written.
        std::vector<std::string> failed =
            on_threads(analyzers, pending.size(),
                       [&](Analyzer& a, std::size_t i) { replay_record(a, pending[i]); });
        for (std::size_t i = 0; i < pending.size(); ++i) pending[i].failure = std::move(failed[i]);
        std::vector<std::pair<std::size_t, std::size_t>> ready;  // (record, hand)
        for (std::size_t i = 0; i < pending.size(); ++i)
            for (std::size_t k = 0; k < pending[i].hands.size() && pending[i].failure.empty(); ++k)
                if (pending[i].hands[k].job) ready.emplace_back(i, k);
        failed = on_threads(analyzers, ready.size(), [&](Analyzer& a, std::size_t r) {
            a.judge(pending[ready[r].first].hands[ready[r].second]);
        });
        for (std::size_t r = 0; r < ready.size(); ++r)
            if (!failed[r].empty() && pending[ready[r].first].failure.empty())
                pending[ready[r].first].failure = std::move(failed[r]);
        for (auto& p : pending)
            if (p.failure.empty()) write_record(p, args.format);
        for (const Pending& p : pending) {
            if (p.failure.empty()) continue;
            ran = false;
            render_diagnostic(err.buf(),
                              {*p.name,
                               {},
                               std::string(kInternal),
                               fmt::format("record {}: {}", p.number, p.failure)},
                              nullptr, io.color_err);
        }
        for (auto& p : pending) {
            all_valid &= p.valid;
            if (args.format != Format::json && !first) out.buf() += '\n';
            first = false;
            out.buf() += p.text;
        }
        out.flush();  // a batch takes long enough to show as it is done
        pending.clear();
    };
    std::vector<std::string> names;
    names.reserve(args.files.size());
    for (const auto& path : args.files) {
        Input input(path, *io.in, Output::kBlock);
        names.push_back(display_name(path));
        const std::string& name = names.back();
        if (const Diagnostic* d = input.error()) {
            drain();
            out.flush();
            render_diagnostic(err.buf(), *d, nullptr, io.color_err);
            ran = false;
            continue;
        }
        parser::RecordReader reader(input.stream());
        ast::Record record;
        while (reader.next(record)) {
            ++number;
            if (args.shards > 1 && (number - 1) % args.shards != args.shard - 1) continue;
            Pending& p = pending.emplace_back();
            p.record = std::move(record);
            p.name = &name;
            p.number = number;
            record = ast::Record{};
            if (pending.size() >= batch) drain();
        }
        // A batch takes records of several files (one record a file is
        // common): drained here only before an error is reported.
        if (auto d = input.read_error()) {
            drain();
            out.flush();
            render_diagnostic(err.buf(), *d, nullptr, io.color_err);
            ran = false;
        }
    }
    drain();
    if (!out.flush()) ran = false;
    err.flush();
    if (!ran) return kExitCannotRun;
    return all_valid ? kExitValid : kExitInvalid;
}

}  // namespace pips::cli
