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
                    hand.plies.push_back(
                        {seat_str(poser) + ":pass", poser, false, {}, 0, 0, 0, false, {0, 0}, 0});
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
            Ply p{seat_str(poser) + ":" + std::to_string(a) + "-" + std::to_string(b),
                  poser,
                  true,
                  std::make_pair(a, b),
                  0,
                  0,
                  0,
                  false,
                  {0, 0},
                  0};
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
    put("[Rules \"" + std::string(rules_id(m.variant.rules)) + "\"]");
    std::string players;
    for (int s = 0; s < m.variant.players; ++s) players += (s ? ", " : "") + std::string(kNames[s]);
    put("[Players \"" + players + "\"]");
    std::string opts = m.variant.name();
    if (auto k = opts.find(", options "); k != std::string::npos)
        put("[Options \"" + opts.substr(k + 10) + "\"]");
    put("[Result \"" + m.result + "\"]");
    for (const Hand& h : m.hands) {
        put("");
        put("hand " + std::to_string(h.number));
        for (const auto& s : h.setup) put(s);
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
        for (const auto& s : h.closing) put(s);
    }
    return w;
}

std::optional<Mutant> mutate(const Match& m, std::mt19937_64& rng) {
    auto pick = [&](int n) {
        return static_cast<int>(std::uniform_int_distribution<int>(0, n - 1)(rng));
    };
    struct Cand {
        std::size_t hand, ply;
        int kind;  // 0 swap, 1 flip, 2 pass
    };
    std::vector<Cand> cands;
    bool line = m.variant.layout() == LayoutKind::line;
    for (std::size_t hi = 0; hi < m.hands.size(); ++hi) {
        const Hand& h = m.hands[hi];
        for (std::size_t pi = 0; pi < h.plies.size(); ++pi) {
            const Ply& p = h.plies[pi];
            if (p.pose || !p.tile || p.draws) continue;
            if (p.on_table) cands.push_back({hi, pi, 0});
            Tile t(p.tile->first, p.tile->second);
            int other = p.end == 'L' ? p.ends[1] : p.ends[0];
            if (line && !t.carries(other)) cands.push_back({hi, pi, 1});
            bool has_deals = !h.setup.empty();
            if (has_deals && m.variant.rules != RuleSet::french) cands.push_back({hi, pi, 2});
            if (has_deals && m.variant.draw_game() && p.boneyard > 0) cands.push_back({hi, pi, 3});
        }
    }
    if (cands.empty()) return std::nullopt;
    Cand c = cands[static_cast<std::size_t>(pick(static_cast<int>(cands.size())))];
    Match mm = m;
    Ply& p = mm.hands[c.hand].plies[c.ply];
    std::string label = std::string(1, static_cast<char>('A' + p.seat)) + ":";
    Mutant out;
    if (c.kind == 0) {
        std::vector<Tile> on;
        TileSet::from_bits(p.on_table).for_each([&](Tile t) { on.push_back(t); });
        Tile t = on[static_cast<std::size_t>(pick(static_cast<int>(on.size())))];
        p.text = label + t.str();
        out.code = "not-in-hand";
        out.what = "swap";
    } else if (c.kind == 1) {
        char flipped = p.end == 'L' ? 'R' : 'L';
        p.text =
            label + std::to_string(p.tile->first) + "-" + std::to_string(p.tile->second) + flipped;
        out.code = "no-match";
        out.what = "flip";
    } else if (c.kind == 2) {
        p.text = label + "pass";
        out.code = "illegal-pass";
        out.what = "pass";
    } else {
        // Drawing while holding the tile it then plays.
        p.text = label + "draw " + p.text.substr(label.size());
        out.code = "illegal-draw";
        out.what = "draw";
    }
    Written w = write_match(mm);
    out.text = std::move(w.text);
    out.line = w.ply_line[c.hand][c.ply];
    return out;
}

}  // namespace pips::gen
