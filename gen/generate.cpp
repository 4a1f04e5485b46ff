#include "gen/generate.hpp"

#include <algorithm>
#include <array>
#include <memory>

#include "engine/hand.hpp"
#include "engine/layout.hpp"
#include "engine/rules.hpp"

namespace pips::gen {

namespace {

const char* kNames[] = {"Marcus", "Desmond", "Andre", "Kevin"};

std::string seat_str(int s) {
    return std::string(1, static_cast<char>('A' + s));
}

std::string tiles_text(const std::vector<Tile>& ts) {
    std::string s;
    for (Tile t : ts) s += " " + t.str();
    return s;
}

struct Option {
    Tile tile;
    End end;
    int needs_letter;  // 0: only one end fits, or every fitting end gives the same position
};

std::vector<Option> options_for(const HandState& h, int seat, const Variant& v) {
    std::vector<Option> out;
    const Layout& l = h.layout();
    h.seat(seat).known.for_each([&](Tile t) {
        auto ends = l.fitting_ends(t);
        if (ends.empty()) return;
        bool same = true;
        for (End e : ends)
            same = same && l.same_result(t, ends.front(), e, v.rules == RuleSet::fives_threes);
        if (same) {
            out.push_back({t, ends.front(), 0});
        } else {
            for (End e : ends) out.push_back({t, e, 1});
        }
    });
    return out;
}

}  // namespace

Match generate_match(const Options& opt, std::mt19937_64& rng) {
    const Variant& v = opt.variant;
    auto rules = make_rules(v);
    MatchState m;
    Match out;
    out.variant = v;
    auto pick = [&](int n) {
        return static_cast<int>(std::uniform_int_distribution<int>(0, n - 1)(rng));
    };

    for (int hn = 1; hn <= opt.max_hands && !m.over; ++hn) {
        Hand hand;
        hand.number = hn;
        std::vector<Tile> all;
        v.tile_set().for_each([&](Tile t) { all.push_back(t); });
        std::shuffle(all.begin(), all.end(), rng);
        HandState h(v);
        int per = v.tiles_per_seat();
        for (int s = 0; s < v.players; ++s) {
            std::vector<Tile> d(all.begin() + s * per, all.begin() + (s + 1) * per);
            h.deal(s, d);
            if (opt.deals) hand.setup.push_back("deal " + seat_str(s) + tiles_text(d));
        }
        if (v.draw_game()) {
            std::vector<Tile> st(all.begin() + v.players * per, all.end());
            h.stock(st);
            if (opt.deals) hand.setup.push_back("stock" + tiles_text(st));
        }
        h.start();
        HandScore score;

        // The pose.
        PoseRule pr = rules->pose_rule(m);
        int poser = -1;
        Tile pose;
        auto holder = [&](Tile t) {
            for (int s = 0; s < v.players; ++s)
                if (h.seat(s).known.contains(t)) return s;
            return -1;
        };
        if (pr.draw_holder) {
            TileSet dealt;
            for (int s = 0; s < v.players; ++s) dealt |= h.seat(s).known;
            for (int d = 6; d >= 0 && poser < 0; --d)
                if (dealt.contains(Tile(d, d))) poser = holder(Tile(d, d)), pose = Tile(d, d);
            if (poser < 0) {
                int best = -1;
                dealt.for_each([&](Tile t) {
                    if (t.pips() > best) best = t.pips(), pose = t;
                });
                poser = holder(pose);
            }
        } else if (pr.holder) {
            poser = holder(*pr.holder);
            if (pr.what == PoseRule::What::holder_tile)
                pose = *pr.holder;
            else {
                std::vector<Tile> mine;
                h.seat(poser).known.for_each([&](Tile t) { mine.push_back(t); });
                pose = mine[pick(static_cast<int>(mine.size()))];
            }
        } else {
            std::vector<int> seats;
            for (int s = 0; s < v.players; ++s)
                if (pr.seats & (1u << s)) seats.push_back(s);
            poser = seats[pick(static_cast<int>(seats.size()))];
            if (pr.what == PoseRule::What::a_double) {
                // French: a winner without a double passes; the next seat poses one.
                while (!h.seat(poser).known.has_double()) {
                    auto able = h.can_play(poser);
                    h.pass_before_pose(poser);
                    rules->on_event(score, h, {Event::Kind::pass, poser, {}, able}, m);
                    Ply pass;
                    pass.text = seat_str(poser) + ":pass";
                    pass.seat = poser;
                    hand.plies.push_back(pass);
                    poser = (poser + 1) % v.players;
                }
                std::vector<Tile> d;
                h.seat(poser).known.for_each([&](Tile t) {
                    if (t.is_double()) d.push_back(t);
                });
                pose = d[pick(static_cast<int>(d.size()))];
            } else {
                std::vector<Tile> mine;
                h.seat(poser).known.for_each([&](Tile t) { mine.push_back(t); });
                pose = mine[pick(static_cast<int>(mine.size()))];
            }
        }
        {
            int a = pose.hi, b = pose.lo;
            if (pick(2)) std::swap(a, b);
            h.pose(poser, pose, a, b);
            int pts = rules->on_event(score, h, {Event::Kind::pose, poser, pose, {}}, m);
            if (score.target) h.end_by_target();
            Ply p;
            p.text = seat_str(poser) + ":" + std::to_string(a) + "-" + std::to_string(b);
            p.seat = poser;
            p.pose = true;
            p.tile = std::make_pair(a, b);
            if (pts > 0) p.text += " +" + std::to_string(pts);
            hand.plies.push_back(p);
        }

        while (h.over() == HandOver::no) {
            int seat = h.turn();
            Ply p;
            p.seat = seat;
            p.text = seat_str(seat) + ":";
            const Layout& l = h.layout();
            if (l.kind() == LayoutKind::line) {
                p.ends[0] = static_cast<std::uint8_t>(l.end_value(End::L));
                p.ends[1] = static_cast<std::uint8_t>(l.end_value(End::R));
            }
            p.on_table = l.on_table().bits();
            p.boneyard = h.boneyard();
            for (int s = 0; s < v.players; ++s)
                if (s != seat) p.other_hands |= h.seat(s).known.bits();
            auto opts = options_for(h, seat, v);
            while (opts.empty() && v.draw_game() && h.boneyard() > 0) {
                h.draw(seat);
                rules->on_event(score, h, {Event::Kind::draw, seat, {}, {}}, m);
                p.text += "draw ";
                p.draws = true;
                opts = options_for(h, seat, v);
            }
            p.playable_mask = l.playable(h.seat(seat).known).bits();
            if (opts.empty()) {
                auto able = h.can_play(seat);
                h.pass(seat);
                rules->on_event(score, h, {Event::Kind::pass, seat, {}, able}, m);
                p.text += "pass";
                hand.plies.push_back(p);
                continue;
            }
            std::size_t choice = 0;
            if (opt.bot == Bot::greedy) {
                int best = -1;
                for (std::size_t i = 0; i < opts.size(); ++i) {
                    int val = opts[i].tile.pips();
                    if (v.rules == RuleSet::fives_threes) {
                        Layout x = l;
                        x.play(opts[i].tile, opts[i].end);
                        val = fives_threes_points(x.open_total()) * 100 + val;
                    }
                    if (val > best) best = val, choice = i;
                }
            } else {
                choice = static_cast<std::size_t>(pick(static_cast<int>(opts.size())));
            }
            const Option& o = opts[choice];
            // Written as a-b with a the half that touches the end (either order is legal).
            int a = o.tile.hi, b = o.tile.lo;
            if (pick(2)) std::swap(a, b);
            bool letter = o.needs_letter || pick(3) == 0;
            h.play(seat, o.tile, o.end);
            int pts = rules->on_event(score, h, {Event::Kind::play, seat, o.tile, {}}, m);
            if (score.target) h.end_by_target();
            p.tile = std::make_pair(a, b);
            p.end = end_letter(o.end);
            p.text += std::to_string(a) + "-" + std::to_string(b);
            if (letter) p.text += p.end;
            p.needs_letter = o.needs_letter;
            if (pts > 0) p.text += " +" + std::to_string(pts);
            hand.plies.push_back(p);
        }

        HandResult r = rules->result(h, score, m, hn);
        std::string end;
        switch (r.how) {
            case HandOver::domino:
                end = "end domino " + seat_str(h.domino_seat());
                break;
            case HandOver::target:
                end = "end target";
                break;
            case HandOver::blocked:
                if (r.tie)
                    end = "end tie";
                else if (v.rules == RuleSet::fives_threes || r.winner < 0)
                    end = "end block";
                else
                    end = "end block " + rules->party_name(r.winner);
                break;
            case HandOver::no:
                break;
        }
        hand.closing.push_back(end);
        std::string pts = "points", sc = "score";
        rules->apply(m, r);
        for (int p = 0; p < v.parties(); ++p) {
            pts += " " + rules->party_name(p) + " " + std::to_string(r.points[p]);
            sc += " " + rules->party_name(p) + " " + std::to_string(m.score[p]);
        }
        hand.closing.push_back(pts);
        hand.closing.push_back(sc);
        out.hands.push_back(std::move(hand));
    }
    out.result = m.over ? rules->party_name(m.winner) : "*";
    return out;
}

Written write_match(const Match& m, int width) {
    Written w;
    std::uint32_t line = 1;
    auto put = [&](const std::string& s) {
        w.text += s;
        w.text += '\n';
        ++line;
    };
    put("; generated match: " + m.variant.name());
    put("[Event \"pips generate\"]");
    w.rules_line = line;
    put("[Rules \"" + std::string(rules_id(m.variant.rules)) + "\"]");
    std::string players;
    for (int s = 0; s < m.variant.players; ++s) players += (s ? ", " : "") + std::string(kNames[s]);
    put("[Players \"" + players + "\"]");
    std::string opts = m.variant.name();
    if (auto k = opts.find(", options "); k != std::string::npos)
        put("[Options \"" + opts.substr(k + 10) + "\"]");
    w.result_line = line;
    put("[Result \"" + m.result + "\"]");
    for (const Hand& h : m.hands) {
        put("");
        put("hand " + std::to_string(h.number));
        w.setup_line.emplace_back();
        for (const auto& s : h.setup) {
            w.setup_line.back().push_back(line);
            put(s);
        }
        w.ply_line.emplace_back();
        std::string cur;
        for (const Ply& p : h.plies) {
            // Fill lines to `width` columns, as `pips fmt` does.
            if (!cur.empty() && cur.size() + 1 + p.text.size() > static_cast<std::size_t>(width)) {
                put(cur);
                cur.clear();
            }
            w.ply_line.back().push_back(line);
            cur += (cur.empty() ? "" : " ") + p.text;
        }
        if (!cur.empty()) put(cur);
        w.closing_line.emplace_back();
        for (const auto& s : h.closing) {
            w.closing_line.back().push_back(line);
            put(s);
        }
    }
    return w;
}

namespace {

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
    kKinds
};

const char* kKindName[] = {"swap", "flip",   "pass",  "draw", "seat", "letter", "garble", "after",
                           "end",  "points", "score", "deal", "pose", "result", "rules"};
const char* kKindCode[] = {"not-in-hand",  "no-match",        "illegal-pass",   "illegal-draw",
                           "wrong-seat",   "ambiguous-end",   "syntax",         "after-end",
                           "end-mismatch", "points-mismatch", "score-mismatch", "bad-deal",
                           "wrong-pose",   "result-mismatch", "bad-tag"};

// Adds one to the first number of a claim line: "points AC 0 BD 1" -> "points AC 1 BD 1".
std::string bump_first_number(const std::string& line) {
    std::size_t i = line.find_first_of("0123456789");
    std::size_t j = line.find_first_not_of("0123456789", i);
    if (j == std::string::npos) j = line.size();
    return line.substr(0, i) + std::to_string(std::stoi(line.substr(i, j - i)) + 1) +
           line.substr(j);
}

}  // namespace

std::optional<Mutant> mutate(const Match& m, std::mt19937_64& rng) {
    auto pick = [&](std::size_t n) {
        return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
    };
    struct Cand {
        std::size_t hand, ply;
    };
    std::array<std::vector<Cand>, kKinds> cands;
    const Variant& v = m.variant;
    const bool line = v.layout() == LayoutKind::line;
    const bool deals = !m.hands.empty() && !m.hands[0].setup.empty();
    for (std::size_t hi = 0; hi < m.hands.size(); ++hi) {
        const Hand& h = m.hands[hi];
        for (std::size_t pi = 0; pi < h.plies.size(); ++pi) {
            const Ply& p = h.plies[pi];
            if (!p.pose && pi > 0) cands[kSeat].push_back({hi, pi});
            if (p.tile) cands[kGarble].push_back({hi, pi});
            if (p.pose || !p.tile || p.draws) continue;
            if (p.on_table) cands[kSwap].push_back({hi, pi});
            Tile t(p.tile->first, p.tile->second);
            int other = p.end == 'L' ? p.ends[1] : p.ends[0];
            if (line && !t.carries(other)) cands[kFlip].push_back({hi, pi});
            if (deals && v.rules != RuleSet::french) cands[kPass].push_back({hi, pi});
            if (deals && v.draw_game() && p.boneyard > 0) cands[kDraw].push_back({hi, pi});
            if (p.needs_letter) cands[kLetter].push_back({hi, pi});
        }
        bool domino = h.closing.size() == 3 && h.closing[0].rfind("end domino", 0) == 0;
        bool target = h.closing.size() == 3 && h.closing[0] == "end target";
        // Without deals a block is only proven by passes the record need not show.
        if (deals || domino || target) cands[kAfter].push_back({hi, 0});
        if (deals && domino) {
            cands[kEnd].push_back({hi, 0});
            cands[kPoints].push_back({hi, 0});
        }
        if (deals && h.closing.size() == 3) cands[kScore].push_back({hi, 0});
        if (deals) cands[kDeal].push_back({hi, 0});
    }
    bool six_six_pose = (v.rules == RuleSet::jamaican && !v.options.sporting) ||
                        (v.rules == RuleSet::cutthroat && !v.draw_game()) ||
                        (v.rules == RuleSet::chiva && v.players == 4) ||
                        v.rules == RuleSet::quinientos;
    if (m.hands.empty()) return std::nullopt;
    if (six_six_pose) cands[kPose].push_back({0, 0});
    if (deals) cands[kResult].push_back({0, 0});
    cands[kRules].push_back({0, 0});

    std::vector<int> kinds;
    for (int k = 0; k < kKinds; ++k)
        if (!cands[k].empty()) kinds.push_back(k);
    if (kinds.empty()) return std::nullopt;
    const int kind = kinds[pick(kinds.size())];
    const Cand c = cands[kind][pick(cands[kind].size())];

    Match mm = m;
    Hand& h = mm.hands[c.hand];
    auto label = [](int seat) { return std::string(1, static_cast<char>('A' + seat)) + ":"; };
    Mutant out;
    out.code = kKindCode[kind];
    out.what = kKindName[kind];
    enum class At { ply, setup, closing, rules, result } at = At::ply;
    std::size_t index = c.ply;
    switch (kind) {
        case kSwap: {
            Ply& p = h.plies[c.ply];
            std::vector<Tile> on;
            TileSet::from_bits(p.on_table).for_each([&](Tile t) { on.push_back(t); });
            p.text = label(p.seat) + on[pick(on.size())].str();
            break;
        }
        case kFlip: {
            Ply& p = h.plies[c.ply];
            p.text = label(p.seat) + std::to_string(p.tile->first) + "-" +
                     std::to_string(p.tile->second) + (p.end == 'L' ? 'R' : 'L');
            break;
        }
        case kPass:
            h.plies[c.ply].text = label(h.plies[c.ply].seat) + "pass";
            break;
        case kDraw: {
            Ply& p = h.plies[c.ply];
            p.text = label(p.seat) + "draw " + p.text.substr(2);
            break;
        }
        case kSeat: {
            Ply& p = h.plies[c.ply];
            p.text = label((p.seat + 1 +
                            static_cast<int>(pick(static_cast<std::size_t>(v.players - 1)))) %
                           v.players) +
                     p.text.substr(2);
            break;
        }
        case kLetter: {
            Ply& p = h.plies[c.ply];
            p.text = label(p.seat) + std::to_string(p.tile->first) + "-" +
                     std::to_string(p.tile->second);
            break;
        }
        case kGarble: {
            Ply& p = h.plies[c.ply];
            p.text = label(p.seat) + std::to_string(p.tile->first) + "-7";
            break;
        }
        case kAfter: {
            Ply extra;
            extra.seat = 0;
            extra.text = "A:6-6";
            h.plies.push_back(extra);
            index = h.plies.size() - 1;
            break;
        }
        case kEnd: {
            std::string& e = h.closing[0];
            int seat = e.back() - 'A';
            e.back() = static_cast<char>('A' + (seat + 1) % v.players);
            at = At::closing;
            index = 0;
            break;
        }
        case kPoints:
            h.closing[1] = bump_first_number(h.closing[1]);
            at = At::closing;
            index = 1;
            break;
        case kScore:
            h.closing[2] = bump_first_number(h.closing[2]);
            at = At::closing;
            index = 2;
            break;
        case kDeal: {
            // Deal A gets its own first tile again in place of its last.
            std::string& d = h.setup[0];
            d = d.substr(0, d.size() - 3) + d.substr(7, 3);
            at = At::setup;
            index = 0;
            break;
        }
        case kPose: {
            Ply& p = h.plies[0];
            p.text = label(p.seat) + "5-4";
            index = 0;
            break;
        }
        case kResult: {
            auto rules = make_rules(v);
            std::string other =
                rules->party_name(0) == m.result ? rules->party_name(1) : rules->party_name(0);
            mm.result = other;
            at = At::result;
            break;
        }
        case kRules: {
            at = At::rules;
            break;
        }
        default:
            break;
    }
    Written w = write_match(mm);
    out.text = std::move(w.text);
    if (kind == kRules) {
        std::string from = "[Rules \"" + std::string(rules_id(v.rules)) + "\"]";
        out.text.replace(out.text.find(from), from.size(), "[Rules \"mexican-train\"]");
    }
    switch (at) {
        case At::ply:
            out.line = w.ply_line[c.hand][index];
            break;
        case At::setup:
            out.line = w.setup_line[c.hand][index];
            break;
        case At::closing:
            out.line = w.closing_line[c.hand][index];
            break;
        case At::rules:
            out.line = w.rules_line;
            break;
        case At::result:
            out.line = w.result_line;
            break;
    }
    return out;
}

}  // namespace pips::gen
