// One rule violation in a generated match, made on its syntax tree; the line
// pips must report is read back from the printed record.
#include <array>
#include <utility>

#include "checker/codes.hpp"
#include "engine/game.hpp"
#include "engine/rules.hpp"
#include "gen/generate.hpp"
#include "parser/parser.hpp"
#include "parser/printer.hpp"

namespace pips::gen {

namespace {

using checker::Code;

enum Kind {
    kSwap,    // play a tile already on the layout: not-in-hand
    kFlip,    // name the end the tile does not fit: no-match
    kPass,    // pass holding a playable tile: illegal-pass
    kDraw,    // draw holding a playable tile: illegal-draw
    kSeat,    // label a ply with a seat whose turn it is not: wrong-seat
    kLetter,  // leave out an end letter that is needed: ambiguous-end
    kGarble,  // a tile with a 7: syntax
    kAfter,   // a play after the hand is over: after-end
    kEnd,     // the wrong seat in `end domino`: end-mismatch
    kPoints,  // one point too many in `points`: points-mismatch
    kScore,   // one point too many in `score`: score-mismatch
    kDeal,    // a tile dealt twice: bad-deal
    kPose,    // hand 1 posed with a tile other than 6-6: wrong-pose
    kResult,  // the wrong match winner: result-mismatch
    kRules,   // a rule set DGN does not define: bad-tag
    // Summary hands (score sheets), as a scorekeeper writes them wrong; only
    // where the sheet alone shows it (RULINGS.md "Summary hands"):
    kSheetPoints,  // a points line one off for a party that cannot score so: points-mismatch
    kSheetParty,   // the winner's points written for another party: points-mismatch
    kSheetEnd,     // an `end` line of a kind or party the rule set does not have:
                   // end-mismatch (a wrong winner the points line shows is not
                   // made: the end line would still carry its outcome on)
    kSheetReset,   // a score line that adds the win instead of resetting: score-mismatch
    kKinds
};

constexpr std::array<const char*, kKinds> kKindName = {
    "swap",  "flip",         "pass",        "draw",      "seat",       "letter", "garble",
    "after", "end",          "points",      "score",     "deal",       "pose",   "result",
    "rules", "sheet_points", "sheet_party", "sheet_end", "sheet_reset"};
constexpr std::array<Code, kKinds> kKindCode = {
    Code::not_in_hand,     Code::no_match,        Code::illegal_pass,   Code::illegal_draw,
    Code::wrong_seat,      Code::ambiguous_end,   Code::syntax,         Code::after_end,
    Code::end_mismatch,    Code::points_mismatch, Code::score_mismatch, Code::bad_deal,
    Code::wrong_pose,      Code::result_mismatch, Code::bad_tag,        Code::points_mismatch,
    Code::points_mismatch, Code::end_mismatch,    Code::score_mismatch};

struct Cand {
    std::size_t hand, ply;
};
// What kSheetEnd writes (in Cand::ply).
enum : std::size_t { kEndTie, kEndSide, kEndWinner };
using Cands = std::array<std::vector<Cand>, kKinds>;

// Hand 1 is posed with 6-6 by its holder (so another pose is wrong).
bool poses_six_six(const Variant& v) {
    const PoseRule p = make_rules(v)->pose_rule(MatchState{});
    return p.holder == Tile(6, 6) && p.what == PoseRule::What::holder_tile;
}

// The party a WHO names.
int party_of_who(const Variant& v, ast::Who w) {
    if (w == ast::Who::AC) return 0;
    if (w == ast::Who::BD) return 1;
    return v.party_of(static_cast<int>(w));
}

ast::Who who_of_party(const Variant& v, int party) {
    if (v.partnership()) return party == 0 ? ast::Who::AC : ast::Who::BD;
    return static_cast<ast::Who>(party);
}

// The outcome an end line states.
Outcome outcome_of(const Variant& v, const ast::EndLine& e) {
    Outcome o;
    switch (e.kind) {
        case ast::EndLine::Kind::domino:
            o.how = HandOver::domino;
            o.winner_seat = static_cast<int>(*e.who);
            o.winner = v.party_of(o.winner_seat);
            break;
        case ast::EndLine::Kind::block:
            o.how = HandOver::blocked;
            if (e.who) o.winner = party_of_who(v, *e.who);
            break;
        case ast::EndLine::Kind::tie:
            o.how = HandOver::blocked;
            o.tie = true;
            break;
        case ast::EndLine::Kind::target:
            o.how = HandOver::target;
            break;
    }
    return o;
}

// Whether the rules rule out `value` for `party` in a hand with outcome `o`
// whatever the match before it: a party that cannot score then, or points
// that come only in steps (french: the seat that dominoed, tens).
bool ruled_out(const Rules& rules, const Outcome& o, int party, int value, int hand) {
    const PointRange r =
        rules.points_range(MatchState{}, o, party, SheetContext{hand, true, false});
    if (r.hi == 0) return value != 0;
    return r.step > 1 && (value - r.lo) % r.step != 0;
}

// The points a line gives `party` (0 when it is not listed).
int points_of(const Variant& v, const ast::ClaimLine& line, int party) {
    for (const auto& it : line.items)
        if (party_of_who(v, it.who) == party) return it.value;
    return 0;
}

// The summary hand `hi` of a full record: the mutants its lines allow.
void sheet_candidates(const Match& m, std::size_t hi, Cands& cands) {
    const Variant& v = m.variant;
    const Shown& s = m.shown;
    const ast::Hand& h = m.record.hands[hi];
    const auto rules = make_rules(v);
    const bool all_claims = s.claims == Claims::all;
    // A score one point off what its points give.
    if (all_claims && h.end && h.points && h.score) cands[kScore].push_back({hi, 0});
    // An end line of a kind or a party the rule set does not have: `end tie`
    // where no hand is tied (fives-threes; quinientos with tie-closer), the
    // side for the seat that dominoed, a fives-threes block naming a winner.
    if (h.end && (all_claims || s.claims == Claims::end)) {
        using K = ast::EndLine::Kind;
        if (!rules->can_tie()) cands[kSheetEnd].push_back({hi, kEndTie});
        if (h.end->kind == K::domino && v.partnership()) cands[kSheetEnd].push_back({hi, kEndSide});
        if (h.end->kind == K::block && !v.traits().block_has_winner)
            cands[kSheetEnd].push_back({hi, kEndWinner});
    }
    if (all_claims && h.end && h.points) {
        const Outcome o = outcome_of(v, *h.end);
        // One more point for a party that cannot have it.
        for (std::size_t i = 0; i < h.points->items.size(); ++i) {
            const auto& it = h.points->items[i];
            if (ruled_out(*rules, o, party_of_who(v, it.who), it.value + 1, h.number))
                cands[kSheetPoints].push_back({hi, i});
        }
        // The winner's points given to a party that cannot score.
        if (!o.tie && o.winner >= 0)
            for (std::size_t i = 0; i < h.points->items.size(); ++i) {
                const auto& it = h.points->items[i];
                const int p = party_of_who(v, it.who);
                const int won = points_of(v, *h.points, o.winner);
                if (p != o.winner && it.value == 0 && won > 0 &&
                    ruled_out(*rules, o, p, won, h.number))
                    cands[kSheetParty].push_back({hi, i});
            }
    }
    // A reset forgotten: the win added to the score before.
    if (hi > 0 && h.score && h.points && (all_claims || s.claims == Claims::score) &&
        v.traits().win_value > 0) {
        const ast::Hand& prev = m.record.hands[hi - 1];
        if (!prev.score) return;
        bool zero_after = true, zero_before = true, all_positive = true, ones = true;
        for (std::size_t i = 0; i < h.score->items.size(); ++i) {
            const int before = prev.score->items[i].value;
            const int forgot = before + h.points->items[i].value;
            zero_after = zero_after && h.score->items[i].value == 0;
            zero_before = zero_before && before == 0;
            all_positive = all_positive && forgot > 0;
            ones = ones && forgot == 1;
        }
        if (zero_after && !zero_before && all_positive && !(ones && v.options.playoff))
            cands[kSheetReset].push_back({hi, 0});
    }
}

// The plies and lines that each kind of violation can be made at, among
// those the record keeps (m.shown) and where pips can still tell it.
Cands candidates(const Match& m) {
    Cands cands;
    const Variant& v = m.variant;
    const Shown& s = m.shown;
    const auto& hands = m.record.hands;
    const bool line = v.layout() == LayoutKind::line;
    const bool deals = s.deals;
    const bool all_claims = s.claims == Claims::all;
    bool summaries = false;
    for (std::size_t hi = 0; hi < hands.size(); ++hi) {
        const ast::Hand& h = hands[hi];
        if (s.summary_hand(h.number)) {
            summaries = true;
            sheet_candidates(m, hi, cands);
            continue;
        }
        for (std::size_t pi = 0; pi < h.plies.size(); ++pi) {
            const ast::Ply& p = h.plies[pi];
            const PlyFacts& f = m.facts[hi][pi];
            const bool play = p.kind == ast::Ply::Kind::play;
            // A wrong label needs the others: without them another poser may fit it.
            if (!f.pose && pi > 0 && s.labels) cands[kSeat].push_back({hi, pi});
            if (play) cands[kGarble].push_back({hi, pi});
            if (f.pose || !play || f.draws) continue;
            if (f.on_table) cands[kSwap].push_back({hi, pi});
            const Tile t(p.tile.a, p.tile.b);
            const int other = f.end == End::L ? f.ends[1] : f.ends[0];
            if (line && !t.carries(other)) cands[kFlip].push_back({hi, pi});
            if (deals && !v.traits().pass_while_able) cands[kPass].push_back({hi, pi});
            if (deals && v.draw_game() && f.boneyard > 0) cands[kDraw].push_back({hi, pi});
            if (f.needs_letter) cands[kLetter].push_back({hi, pi});
        }
        const bool domino = h.end && h.end->kind == ast::EndLine::Kind::domino;
        // A target is only known when the score before it is, and who
        // reached it: without seat labels another reading of the pose may
        // have the other side short of 61 and the stray ply a play (RULINGS:
        // the reading whose first error stands furthest is kept).
        const bool target = h.end && h.end->kind == ast::EndLine::Kind::target && all_claims &&
                            !summaries && (s.labels || deals);
        // Without deals a block is only proven by passes the record need not show;
        // a hand that ended the match by points is over only where `target`
        // says, deals or not (the score before it may be a summary's unknown).
        const bool by_target = h.end && h.end->kind == ast::EndLine::Kind::target;
        if ((deals && !by_target) || domino || target) cands[kAfter].push_back({hi, 0});
        if (deals && domino && s.claims != Claims::none && s.claims != Claims::score)
            cands[kEnd].push_back({hi, 0});
        if (deals && domino && all_claims) cands[kPoints].push_back({hi, 0});
        if (deals && h.end && h.points && h.score && all_claims) cands[kScore].push_back({hi, 0});
        if (deals) cands[kDeal].push_back({hi, 0});
    }
    if (hands.empty()) return {};
    if (poses_six_six(v) && !s.summary_hand(hands[0].number)) cands[kPose].push_back({0, 0});
    if (deals && (s.summary == 0 || all_claims)) cands[kResult].push_back({0, 0});
    cands[kRules].push_back({0, 0});
    return cands;
}

ast::Tag* find_tag(ast::Record& r, std::string_view name) {
    for (auto& t : r.tags)
        if (t.name == name) return &t;
    return nullptr;
}

// A play of `a-b` by the ply's seat, with no end letter, claim or draws.
void replace_play(ast::Hand& h, ast::Ply& p, int a, int b) {
    if (p.extra != 0) h.extra_of(p).pre.clear();
    p.kind = ast::Ply::Kind::play;
    p.tile.a = static_cast<std::uint8_t>(a);
    p.tile.b = static_cast<std::uint8_t>(b);
    p.end = ast::EndLetter::none;
    p.claim.reset();
}

template <class Pick>
void break_ply(int kind, ast::Hand& h, ast::Ply& p, const PlyFacts& f, const Variant& v,
               Pick&& pick) {
    switch (kind) {
        case kSwap: {
            std::vector<Tile> on;
            TileSet::from_bits(f.on_table).for_each([&](Tile t) { on.push_back(t); });
            const Tile t = on[pick(on.size())];
            replace_play(h, p, t.hi, t.lo);
            break;
        }
        case kFlip:
            replace_play(h, p, p.tile.a, p.tile.b);
            p.end = f.end == End::L ? ast::EndLetter::R : ast::EndLetter::L;
            break;
        case kPass:
            replace_play(h, p, 0, 0);
            p.kind = ast::Ply::Kind::pass;
            break;
        case kDraw: {
            auto& pre = h.extra_of(p).pre;
            pre.insert(pre.begin(), ast::PreAction{});
        } break;
        case kSeat:
            p.seat = static_cast<ast::SeatNo>(
                (*p.seat + 1 + static_cast<int>(pick(static_cast<std::size_t>(v.players - 1)))) %
                v.players);
            break;
        case kLetter:
            replace_play(h, p, p.tile.a, p.tile.b);
            break;
        case kGarble:
            replace_play(h, p, p.tile.a, 7);
            break;
        case kPose:
            replace_play(h, p, 5, 4);
            break;
        default:
            break;
    }
}

// Where the broken node lies in the printed text.
enum class At { ply, syntax, deal, end, points, score, rules, result };

std::uint32_t line_of(const std::string& text, At at, std::size_t hand, std::size_t ply) {
    const ast::Record r = parser::parse_record(text);
    if (at == At::syntax) return r.errors.empty() ? 0 : r.errors.front().pos.line;
    if (at == At::rules || at == At::result) {
        const ast::Tag* t = r.find_tag(at == At::rules ? "Rules" : "Result");
        return t ? t->pos.line : 0;
    }
    if (hand >= r.hands.size()) return 0;
    const ast::Hand& h = r.hands[hand];
    switch (at) {
        case At::ply:
            return ply < h.plies.size() ? h.plies[ply].pos.line : 0;
        case At::deal:
            return h.deals.empty() ? 0 : h.deals.front().pos.line;
        case At::end:
            return h.end ? h.end->pos.line : 0;
        case At::points:
            return h.points ? h.points->pos.line : 0;
        case At::score:
            return h.score ? h.score->pos.line : 0;
        default:
            return 0;
    }
}

}  // namespace

std::optional<Mutant> mutate(const Match& m, std::mt19937_64& rng) {
    auto pick = [&](std::size_t n) {
        return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
    };
    const Cands cands = candidates(m);
    std::vector<int> kinds;
    for (int k = 0; k < kKinds; ++k)
        if (!cands[static_cast<std::size_t>(k)].empty()) kinds.push_back(k);
    if (kinds.empty()) return std::nullopt;
    const int kind = kinds[pick(kinds.size())];
    const auto& list = cands[static_cast<std::size_t>(kind)];
    const Cand c = list[pick(list.size())];

    const Variant& v = m.variant;
    ast::Record r = m.record;
    ast::Hand& h = r.hands[c.hand];
    Mutant out;
    out.code = checker::code_name(kKindCode[static_cast<std::size_t>(kind)]);
    out.what = kKindName[static_cast<std::size_t>(kind)];
    At at = At::ply;
    std::size_t ply = c.ply;
    switch (kind) {
        case kAfter: {
            ast::Ply extra;
            extra.seat = 0;
            extra.kind = ast::Ply::Kind::play;
            extra.tile.a = extra.tile.b = 6;
            h.plies.push_back(extra);
            ply = h.plies.size() - 1;
            break;
        }
        case kEnd:
            h.end->who = static_cast<ast::Who>((static_cast<int>(*h.end->who) + 1) % v.players);
            at = At::end;
            break;
        case kPoints:
            ++h.points->items.front().value;
            at = At::points;
            break;
        case kScore:
            ++h.score->items.front().value;
            at = At::score;
            break;
        case kDeal: {
            // Deal A gets its own first tile again in place of its last.
            auto& tiles = h.deals.front().tiles;
            tiles.back() = tiles.front();
            at = At::deal;
            break;
        }
        case kResult: {
            const auto rules = make_rules(v);
            ast::Tag* t = find_tag(r, "Result");
            t->value =
                rules->party_name(0) == t->value ? rules->party_name(1) : rules->party_name(0);
            at = At::result;
            break;
        }
        case kRules:
            find_tag(r, "Rules")->value = "mexican-train";
            at = At::rules;
            break;
        case kSheetPoints:
            ++h.points->items[c.ply].value;
            at = At::points;
            break;
        case kSheetParty: {
            const int won = outcome_of(v, *h.end).winner;
            for (auto& it : h.points->items)
                if (party_of_who(v, it.who) == won)
                    std::swap(it.value, h.points->items[c.ply].value);
            at = At::points;
            break;
        }
        case kSheetEnd:
            if (c.ply == kEndTie) {
                h.end->kind = ast::EndLine::Kind::tie;
                h.end->who.reset();
            } else if (c.ply == kEndSide) {
                h.end->who = who_of_party(v, v.party_of(static_cast<int>(*h.end->who)));
            } else {
                h.end->who = who_of_party(v, 0);
            }
            at = At::end;
            break;
        case kSheetReset: {
            const ast::Hand& prev = r.hands[c.hand - 1];
            for (std::size_t i = 0; i < h.score->items.size(); ++i)
                h.score->items[i].value = prev.score->items[i].value + h.points->items[i].value;
            at = At::score;
            break;
        }
        default:
            break_ply(kind, h, h.plies[c.ply], m.facts[c.hand][c.ply], v, pick);
            if (kind == kGarble) at = At::syntax;
            break;
    }
    out.text = parser::print_record(strip(std::move(r), m.shown));
    out.line = line_of(out.text, at, c.hand, ply);
    return out;
}

}  // namespace pips::gen
