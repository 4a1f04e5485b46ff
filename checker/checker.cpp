#include "checker/checker.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <sstream>
#include <string>

#include "engine/hand.hpp"
#include "engine/rules.hpp"
#include "engine/variant.hpp"

namespace pips::checker {

namespace {

using ast::Pos;

std::string seat_str(int s) {
    return std::string(1, static_cast<char>('A' + s));
}

Code code_of(Fault f) {
    switch (f) {
        case Fault::bad_deal:
            return Code::bad_deal;
        case Fault::not_in_hand:
            return Code::not_in_hand;
        case Fault::no_match:
            return Code::no_match;
        case Fault::ambiguous_end:
            return Code::ambiguous_end;
        case Fault::illegal_pass:
            return Code::illegal_pass;
        case Fault::illegal_draw:
            return Code::illegal_draw;
        case Fault::wrong_pose:
            return Code::wrong_pose;
        case Fault::after_end:
            return Code::after_end;
        case Fault::none:
            break;
    }
    return Code::syntax;
}

std::optional<End> end_of(ast::EndLetter e) {
    switch (e) {
        case ast::EndLetter::none:
            return std::nullopt;
        case ast::EndLetter::L:
            return End::L;
        case ast::EndLetter::R:
            return End::R;
        case ast::EndLetter::N:
            return End::N;
        case ast::EndLetter::E:
            return End::E;
        case ast::EndLetter::S:
            return End::S;
        case ast::EndLetter::W:
            return End::W;
    }
    return std::nullopt;
}

Tile tile_of(const ast::TileTok& t) {
    return Tile(t.a, t.b);
}

// The tiles of a list, in `buf` (reused from call to call).
std::span<const Tile> tiles_of(const std::vector<ast::TileTok>& ts, std::vector<Tile>& buf) {
    buf.clear();
    for (const auto& t : ts) buf.push_back(tile_of(t));
    return buf;
}

const char* who_name(ast::Who w) {
    static const char* names[] = {"A", "B", "C", "D", "AC", "BD"};
    return names[static_cast<int>(w)];
}

// The party a WHO names in this variant, or -1.
int party_of_who(const Variant& v, ast::Who w) {
    int i = static_cast<int>(w);
    if (v.partnership()) return i >= 4 ? i - 4 : -1;
    if (i >= 4 || i >= v.players) return -1;
    return i;
}

std::string match_score_text(const Rules& rules, const MatchState& m) {
    std::string s;
    for (int p = 0; p < rules.variant().parties(); ++p) {
        if (!s.empty()) s += ' ';
        s += rules.party_name(p) + " " + std::to_string(m.score[p]);
    }
    return s;
}

class RecordChecker {
public:
    RecordChecker(const ast::Record& rec, const CheckOptions& opt, Verdict& out)
        : rec_(rec), opt_(opt), out_(out) {}

    void run();

private:
    void error(Pos p, Code c, std::string msg) {
        out_.errors.push_back({p, c, std::move(msg)});
        out_.valid = false;
    }
    void unchecked(std::string what) {
        if (seen_unchecked_.insert(what).second) out_.unchecked.push_back(std::move(what));
    }
    void note(Pos p, std::string text) {
        if (opt_.annotate && !text.empty()) out_.notes.push_back({p, std::move(text)});
    }
    bool read_tags();
    bool replay_hand(const ast::Hand& hand, bool last, Pos stop_at);
    void finish_hand(const ast::Hand& hand, HandState& h, HandScore& s, bool last);
    void settle_from_claims(const ast::Hand& hand, HandResult r);
    template <class Why>
    void check_claims(const ast::Hand& hand, const HandResult& r, Why&& why_of);
    void summarize(const ast::Hand& hand, const HandResult& r) {
        HandSummary sum;
        sum.number = hand.number;
        switch (r.how) {
            case HandOver::domino:
                sum.outcome = "domino by " + seat_str(r.winner_seat);
                break;
            case HandOver::target:
                sum.outcome = "61 reached by " + rules_->party_name(r.winner);
                break;
            case HandOver::blocked:
                sum.outcome = r.tie          ? "blocked, tied"
                              : r.winner < 0 ? "blocked"
                                             : "blocked, won by " + rules_->party_name(r.winner);
                break;
            case HandOver::no:
                sum.outcome = "not over";
                break;
        }
        for (int p = 0; p < v_.parties(); ++p)
            sum.points +=
                (p ? " " : "") + rules_->party_name(p) + " " + std::to_string(r.points[p]);
        out_.summaries.push_back(std::move(sum));
    }
    void check_score(const ast::Hand& hand);
    void check_result_tag();
    bool do_pose(const ast::Hand& hand, const ast::Ply& ply, int seat, HandState& h, HandScore& s);
    std::string after_ply_notes(const HandState& before, const HandState& h, int seat,
                                const ast::Ply& ply, const HandScore& before_score,
                                const HandScore& score);

    const ast::Record& rec_;
    const CheckOptions& opt_;
    Verdict& out_;
    Variant v_;
    std::unique_ptr<Rules> rules_;
    MatchState m_;
    bool score_known_ = true;
    std::set<std::string> seen_unchecked_;
    // Where engine events of the hand were written, by event id: the poses,
    // passes, draws and fouls, which a later play can prove wrong (a play is
    // never reported at an earlier play, so plays are not recorded).
    std::vector<Pos> event_pos_;
    std::optional<HandState> hand_;  // the hand being replayed (its storage reused)
    std::vector<Tile> tiles_buf_;    // a tile list being handed to the engine
    void set_event_pos(int id, Pos p) {
        auto i = static_cast<std::size_t>(id);
        if (i == event_pos_.size())
            event_pos_.push_back(p);
        else {
            if (i > event_pos_.size()) event_pos_.resize(i + 1);
            event_pos_[i] = p;
        }
    }
    int pre_pose_passes_ = 0;
    const ast::Tag* result_tag_ = nullptr;
    bool ties_unknown_ = false;  // tie-replay, record starting after hand 1
};

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
    const int n = players_count.count;
    std::string rules_id = rules->value, opts = options ? options->value : std::string();
    if (!opt_.rules_override.empty()) {
        RulesSpec spec = split_rules_spec(opt_.rules_override);
        rules_id = std::move(spec.rules);
        opts = std::move(spec.options);
    }
    auto err = make_variant(rules_id, n, opts, v_);
    if (err) {
        const ast::Tag* at = err->field == VariantError::Field::rules     ? rules
                             : err->field == VariantError::Field::players ? players
                                                                          : options;
        error(at->pos, Code::bad_tag, err->message);
        return false;
    }
    rules_ = make_rules(v_);
    out_.rules = v_.name();
    if (const ast::Tag* sc = rec_.find_tag("Score")) {
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
                      "Score: '" + who + "' is not a side or seat of " + v_.name());
                return false;
            }
            m_.score[party] = value;
        }
    }
    return true;
}

void RecordChecker::run() {
    out_.line = rec_.pos.line;
    for (const auto& e : rec_.errors) error(e.pos, Code::syntax, e.message);
    out_.hands = static_cast<int>(rec_.hands.size());
    if (!read_tags()) {
        std::stable_sort(out_.errors.begin(), out_.errors.end(),
                         [](const Diagnostic& a, const Diagnostic& b) { return a.pos < b.pos; });
        return;
    }
    // Nothing after a syntax error is replayed.
    Pos stop_at{~0u, ~0u};
    if (!rec_.errors.empty()) stop_at = rec_.errors.front().pos;
    if (!rec_.hands.empty() && rec_.hands.front().number > 1) {
        m_.first = false;
        m_.pose_unknown = true;
        ties_unknown_ = v_.options.tie_replay;
    }
    bool stopped = false;
    for (std::size_t i = 0; i < rec_.hands.size(); ++i) {
        const ast::Hand& hand = rec_.hands[i];
        if (!(hand.pos < stop_at)) {
            stopped = true;
            break;
        }
        if (!replay_hand(hand, i + 1 == rec_.hands.size(), stop_at)) {
            stopped = true;
            break;
        }
    }
    if (!stopped) check_result_tag();
    std::stable_sort(out_.errors.begin(), out_.errors.end(),
                     [](const Diagnostic& a, const Diagnostic& b) { return a.pos < b.pos; });
}

void RecordChecker::check_result_tag() {
    if (!result_tag_ || !opt_.rules_override.empty()) return;
    const std::string& val = result_tag_->value;
    Pos at = result_tag_->value_pos.line ? result_tag_->value_pos : result_tag_->pos;
    if (val == "tie") {
        error(at, Code::result_mismatch, "no rule set ends a match in a tie");
        return;
    }
    if (!m_.known || !score_known_) {
        unchecked("Result: the match state is unknown");
        return;
    }
    if (val == "*") {
        if (m_.over)
            error(at, Code::result_mismatch,
                  "the match is over: " + rules_->party_name(m_.winner) + " won (" +
                      match_score_text(*rules_, m_) + "), not '*'");
        return;
    }
    if (!m_.over) {
        error(at, Code::result_mismatch,
              "the match is not over at the end of the record (" + match_score_text(*rules_, m_) +
                  "); expected '*'");
        return;
    }
    if (val != rules_->party_name(m_.winner))
        error(at, Code::result_mismatch,
              "the match was won by " + rules_->party_name(m_.winner) + " (" +
                  match_score_text(*rules_, m_) + "), not " + val);
}

// Returns false when the record cannot be replayed further (a syntax error).
bool RecordChecker::replay_hand(const ast::Hand& hand, bool last, Pos stop_at) {
    auto hname = [&hand] { return "hand " + std::to_string(hand.number); };
    if (m_.over && !opt_.rules_override.empty()) {
        // Replaying under other rules: their match ended earlier. Not an error.
        if (opt_.summaries)
            out_.summaries.push_back({hand.number,
                                      "match already won by " + rules_->party_name(m_.winner) +
                                          " (" + match_score_text(*rules_, m_) + ")",
                                      ""});
        return false;
    }
    if (m_.over) {
        Pos at = hand.plies.empty() ? hand.pos : hand.plies.front().pos;
        error(at, Code::after_end,
              "the match is already over: " + rules_->party_name(m_.winner) + " won (" +
                  match_score_text(*rules_, m_) + ")");
        return false;
    }
    // Deals, round by round (a redeal starts a new round).
    int rounds = static_cast<int>(hand.redeals.size()) + 1;
    if (!hand_) hand_.emplace(v_);
    HandState& h = *hand_;
    for (int r = 0; r < rounds; ++r) {
        h.reset();
        for (const auto& d : hand.deals) {
            if (d.round != r) continue;
            if (Step st = h.deal(d.seat, tiles_of(d.tiles, tiles_buf_)); !st) {
                error(d.pos, Code::bad_deal, st.why);
                m_.known = false;
                settle_from_claims(hand, {});
                return true;
            }
        }
        for (const auto& st : hand.stocks) {
            if (st.round != r) continue;
            if (Step x = h.stock(tiles_of(st.tiles, tiles_buf_)); !x) {
                error(st.pos, Code::bad_deal, x.why);
                m_.known = false;
                settle_from_claims(hand, {});
                return true;
            }
        }
        if (r + 1 < rounds) {
            const ast::Redeal& rd = hand.redeals[r];
            std::string bad;
            if (!v_.options.reshuffle)
                bad = "a redeal needs quinientos with option reshuffle";
            else if (h.seat(rd.seat).dealt && h.seat(rd.seat).known.doubles() < 5)
                bad = seat_str(rd.seat) + " was dealt " +
                      std::to_string(h.seat(rd.seat).known.doubles()) +
                      " doubles; a redeal needs 5 or more";
            else if (!h.seat(rd.seat).dealt)
                unchecked(hname() + ": redeal by " + seat_str(rd.seat) + " (no deal shown)");
            if (!bad.empty()) {
                error(rd.pos, Code::bad_deal, bad);
                m_.known = false;
                settle_from_claims(hand, {});
                return true;
            }
        }
    }
    h.start();
    for (int s = 0; s < v_.players; ++s)
        if (!h.seat(s).dealt) unchecked("pass legality of seat " + seat_str(s) + ": no deal");

    HandScore score;
    event_pos_.clear();
    pre_pose_passes_ = 0;
    bool broken = false;
    std::optional<HandState> before;  // --annotate: the state before the ply
    std::optional<HandScore> before_score;
    for (const auto& ply : hand.plies) {
        if (!(ply.pos < stop_at)) return false;
        ++out_.plies;
        if (opt_.annotate) before = h, before_score = score;
        // After the hand is over: only the knocks around the table after a block.
        if (h.over() != HandOver::no) {
            bool knock = ply.kind == ast::Ply::Kind::pass && ply.pre.empty() &&
                         h.over() == HandOver::blocked;
            int seat = ply.seat ? *ply.seat : h.turn();
            if (!knock) {
                error(ply.pos, Code::after_end,
                      h.over() == HandOver::target
                          ? "the match ended when a side reached exactly 61"
                          : "the hand is already over");
                broken = true;
                break;
            }
            if (ply.seat && seat != h.turn()) {
                error(ply.seat_pos, Code::wrong_seat,
                      "it is " + seat_str(h.turn()) + "'s turn, not " + seat_str(seat) + "'s");
                broken = true;
                break;
            }
            set_event_pos(h.event_count(), ply.action_pos);
            if (Step st = h.pass(seat); !st) {
                error(ply.pos, Code::after_end, st.why);
                broken = true;
                break;
            }
            continue;
        }
        int seat;
        if (!h.posed()) {
            if (!do_pose(hand, ply, ply.seat ? *ply.seat : -1, h, score)) {
                broken = true;
                break;
            }
            if (opt_.annotate && h.posed())
                note(ply.pos, after_ply_notes(*before, h, h.poser(), ply, *before_score, score));
            continue;
        }
        seat = h.turn();
        if (ply.seat && *ply.seat != seat) {
            error(ply.seat_pos, Code::wrong_seat,
                  "it is " + seat_str(seat) + "'s turn, not " + seat_str(*ply.seat) + "'s");
            broken = true;
            break;
        }
        bool fail = false;
        for (const auto& pre : ply.pre) {
            set_event_pos(h.event_count(), pre.pos);
            if (pre.kind == ast::PreAction::Kind::draw) {
                if (Step st = h.draw(seat); !st) {
                    error(st.event >= 0 ? event_pos_[st.event] : pre.pos, code_of(st.fault),
                          st.why);
                    fail = true;
                    break;
                }
                rules_->after_move(score, h, {Event::Kind::draw, seat, {}, {}}, m_);
            } else {
                if (!v_.traits().fouls) {
                    error(pre.pos, Code::syntax,
                          "expected a play, pass or draw; 'foul' is only used in french");
                    fail = true;
                    break;
                }
                if (Step st = h.foul(seat, tile_of(pre.tile)); !st) {
                    error(pre.tile.pos, code_of(st.fault), st.why);
                    fail = true;
                    break;
                }
                rules_->after_move(score, h, {Event::Kind::foul, seat, tile_of(pre.tile), {}}, m_);
            }
        }
        if (fail) {
            broken = true;
            break;
        }
        if (ply.kind == ast::Ply::Kind::pass) {
            set_event_pos(h.event_count(), ply.action_pos);
            auto able = h.can_play(seat);
            if (Step st = h.pass(seat); !st) {
                error(st.event >= 0 ? event_pos_[st.event] : ply.action_pos, code_of(st.fault),
                      st.why);
                broken = true;
                break;
            }
            rules_->after_move(score, h, {Event::Kind::pass, seat, {}, able}, m_);
            if (ply.claim && opt_.rules_override.empty())
                error(ply.claim_pos, Code::points_mismatch, "a pass scores nothing");
        } else {
            Tile t = tile_of(ply.tile);
            if (Step st = h.play(seat, t, end_of(ply.end)); !st) {
                error(st.event >= 0 ? event_pos_[st.event] : ply.action_pos, code_of(st.fault),
                      st.why);
                broken = true;
                break;
            }
            int pts = rules_->after_move(score, h, {Event::Kind::play, seat, t, {}}, m_);
            if (ply.claim && *ply.claim != pts && opt_.rules_override.empty()) {
                std::string why;
                if (v_.traits().scores_in_play) {
                    int total = h.layout().open_total();
                    int raw = fives_threes_points(total);
                    why = t.str() + " scores " + std::to_string(pts) +
                          ": the open ends add up to " + std::to_string(total);
                    if (raw != pts)
                        why += ", worth " + std::to_string(raw) +
                               " but that would pass 61, so nothing";
                } else {
                    why = std::string(rules_id(v_.rules)) + " scores no points during play";
                }
                error(ply.claim_pos, Code::points_mismatch,
                      why + ", not " + std::to_string(*ply.claim));
                broken = true;
                break;
            }
        }
#ifdef PIPS_CHECK_INVARIANTS
        if (std::string inv = h.check_invariants(); !inv.empty()) {
            error(ply.pos, Code::syntax, "internal error: " + inv);
            broken = true;
            break;
        }
#endif
        if (opt_.annotate)
            note(ply.pos, after_ply_notes(*before, h, seat, ply, *before_score, score));
    }
    if (broken) {
        m_.known = false;
        settle_from_claims(hand, {});
        return true;
    }
    finish_hand(hand, h, score, last);
    return true;
}

bool RecordChecker::do_pose(const ast::Hand& hand, const ast::Ply& ply, int label, HandState& h,
                            HandScore& s) {
    PoseRule pr = rules_->pose_rule(m_, false);
    // Why the rules give the pose where they do: only for messages.
    auto pr_why = [&] { return rules_->pose_rule(m_).why; };
    // Replaying under other rules: who posed followed the record's own match,
    // which those rules would have taken elsewhere. The pose is not judged.
    const bool judge_pose = opt_.rules_override.empty();
    if (!judge_pose) pr.known = false;
    auto hname = [&hand] { return "hand " + std::to_string(hand.number); };
    // Who poses when the ply is unlabelled.
    int seat = label;
    auto single = [](std::uint8_t mask) -> int {
        return std::popcount(mask) == 1 ? std::countr_zero(mask) : -1;
    };
    auto holder_of = [&](Tile t) -> int {
        for (int p = 0; p < v_.players; ++p)
            if (h.seat(p).known.contains(t)) return p;
        return -1;
    };
    if (seat < 0 && ply.kind == ast::Ply::Kind::play && pre_pose_passes_ == 0)
        seat = holder_of(tile_of(ply.tile));  // the deals show who held the posed tile
    if (seat < 0) {
        if (pre_pose_passes_ > 0)
            seat = h.turn();
        else if (pr.known && pr.holder)
            seat = holder_of(*pr.holder);
        else if (pr.known && !pr.holder && !pr.draw_holder)
            seat = single(pr.seats);
        if (seat < 0) {
            // Take it from the first labelled ply of the hand.
            int i = 0;
            for (const auto& p : hand.plies) {
                if (p.seat) {
                    seat = ((*p.seat - i) % v_.players + v_.players) % v_.players;
                    break;
                }
                ++i;
            }
        }
        if (seat < 0) {
            seat = 0;
            unchecked(hname() + ": who posed (no seat labels)");
        }
    }
    if (pre_pose_passes_ > 0 && seat != h.turn()) {
        error(ply.seat_pos, Code::wrong_seat,
              "it is " + seat_str(h.turn()) + "'s turn to pose, not " + seat_str(seat) + "'s");
        return false;
    }
    if (ply.kind == ast::Ply::Kind::pass || !ply.pre.empty()) {
        if (!(pr.may_pass && ply.pre.empty())) {
            error(ply.action_pos, Code::wrong_pose,
                  "the hand must begin with a pose" +
                      (pr.known && !pr_why().empty() ? " (" + pr_why() + ")" : std::string()));
            return false;
        }
        if (pre_pose_passes_ == 0 && pr.known && !(pr.seats & (1u << seat))) {
            error(ply.pos, Code::wrong_pose, seat_str(seat) + " may not pose: " + pr_why());
            return false;
        }
        if (pre_pose_passes_ + 1 >= v_.players) {
            error(ply.action_pos, Code::wrong_pose, "every seat passed at the pose");
            return false;
        }
        auto able = h.can_play(seat);
        set_event_pos(h.event_count(), ply.action_pos);
        h.pass_before_pose(seat);
        rules_->after_move(s, h, {Event::Kind::pass, seat, {}, able}, m_);
        ++pre_pose_passes_;
        return true;
    }
    Tile t = tile_of(ply.tile);
    std::optional<Tile> proof;
    if (!pr.known) {
        if (judge_pose)
            unchecked(hname() + ": who poses (" +
                      (m_.pose_unknown ? "the record starts after hand 1"
                                       : "the match state is unknown") +
                      ")");
    } else {
        std::string bad;
        if (pr.draw_holder) {
            // 6-6, or the highest double dealt, or the heaviest tile dealt.
            bool all = true;
            for (int p = 0; p < v_.players; ++p) all = all && h.seat(p).dealt;
            if (all) {
                TileSet dealt;
                for (int p = 0; p < v_.players; ++p) dealt |= h.seat(p).known;
                std::vector<Tile> want;
                for (int d = 6; d >= 0 && want.empty(); --d)
                    if (dealt.contains(Tile(d, d))) want.push_back(Tile(d, d));
                if (want.empty()) {
                    int best = -1;
                    dealt.for_each([&](Tile x) { best = std::max(best, x.pips()); });
                    dealt.for_each([&](Tile x) {
                        if (x.pips() == best) want.push_back(x);
                    });
                }
                bool ok =
                    std::find(want.begin(), want.end(), t) != want.end() && holder_of(t) == seat;
                if (!ok) {
                    if (want.size() == 1) {
                        bad = seat_str(holder_of(want[0])) + " poses " + want[0].str() + ": " +
                              pr_why();
                    } else {
                        std::string list;
                        for (Tile w : want) list += (list.empty() ? "" : " or ") + w.str();
                        bad = "the holder of a heaviest tile dealt (" + list +
                              ") poses it: " + pr_why();
                    }
                }
            } else if (t == Tile(6, 6)) {
                proof = Tile(6, 6);
            } else {
                unchecked(hname() + ": who poses (not every deal is shown)");
            }
        } else if (pr.holder) {
            int hold = holder_of(*pr.holder);
            if (hold >= 0 && hold != seat)
                bad = seat_str(hold) + " holds " + pr.holder->str() + ": " + pr_why();
            else if (hold < 0) {
                if (h.seat(seat).exact() && !(t == *pr.holder))
                    bad = seat_str(seat) + " does not hold " + pr.holder->str() + ": " + pr_why();
                proof = *pr.holder;
            }
            if (bad.empty() && pr.what == PoseRule::What::holder_tile && !(t == *pr.holder))
                bad = "the pose must be " + pr.holder->str() + ": " + pr_why();
        } else {
            std::uint8_t allowed = pr.seats;
            if (pre_pose_passes_ > 0) allowed = static_cast<std::uint8_t>(1u << h.turn());
            if (!(allowed & (1u << seat))) {
                std::string who;
                for (int p = 0; p < v_.players; ++p)
                    if (allowed & (1u << p)) who += (who.empty() ? "" : " or ") + seat_str(p);
                bad = seat_str(seat) + " may not pose; " + who + " may: " + pr_why();
            } else if (pr.what == PoseRule::What::a_double && !t.is_double()) {
                bad = "the pose must be a double: " + pr_why();
            }
        }
        if (!bad.empty()) {
            error(ply.seat && label >= 0 && bad.find(" may not pose") != std::string::npos
                      ? ply.seat_pos
                      : ply.action_pos,
                  Code::wrong_pose, bad);
            return false;
        }
    }
    set_event_pos(h.event_count(), ply.action_pos);
    if (Step st = h.pose(seat, t, ply.tile.a, ply.tile.b, proof); !st) {
        error(st.event >= 0 ? event_pos_[st.event] : ply.action_pos, code_of(st.fault), st.why);
        return false;
    }
    int pts = rules_->after_move(s, h, {Event::Kind::pose, seat, t, {}}, m_);
    if (ply.claim && *ply.claim != pts && opt_.rules_override.empty()) {
        std::string why = v_.traits().scores_in_play
                              ? t.str() + " alone on the table counts " +
                                    std::to_string(h.layout().open_total()) + " and scores " +
                                    std::to_string(pts) +
                                    (fives_threes_points(h.layout().open_total()) != pts
                                         ? " (its points would pass 61, so nothing)"
                                         : "")
                              : std::string(rules_id(v_.rules)) + " scores no points during play";
        error(ply.claim_pos, Code::points_mismatch, why + ", not " + std::to_string(*ply.claim));
        return false;
    }
    return true;
}

void RecordChecker::finish_hand(const ast::Hand& hand, HandState& h, HandScore& s, bool last) {
    auto hname = [&hand] { return "hand " + std::to_string(hand.number); };
    for (const auto& rm : hand.remains) {
        if (Step st = h.remain(rm.seat, tiles_of(rm.tiles, tiles_buf_)); !st) {
            error(st.event >= 0 ? event_pos_[st.event] : rm.pos, code_of(st.fault), st.why);
            m_.known = false;
            settle_from_claims(hand, {});
            return;
        }
    }
    bool assumed_block = false;
    if (h.over() == HandOver::no) {
        auto blocked = h.blocked();
        if (!hand.end) {
            if (last) {
                out_.unfinished = true;
                // Claims of a result the hand has not reached.
                bool not_over = blocked == std::optional<bool>(false);
                if ((hand.points || hand.score) && !not_over)
                    unchecked(hname() + ": whether the hand is over (its claims are not checked)");
                else if (opt_.rules_override.empty()) {
                    // Only claims the unfinished hand contradicts: points it has not
                    // scored, or a score other than the one it started from.
                    if (hand.points)
                        for (const auto& it : hand.points->items)
                            if (it.value != 0) {
                                error(it.value_pos, Code::points_mismatch,
                                      hname() + " is not over, so it has scored nothing yet");
                                break;
                            }
                    if (hand.score && score_known_)
                        for (const auto& it : hand.score->items) {
                            int p = party_of_who(v_, it.who);
                            if (p < 0 || it.value != m_.score[p]) {
                                error(it.value_pos, Code::score_mismatch,
                                      hname() + " is not over: the score is still " +
                                          match_score_text(*rules_, m_));
                                break;
                            }
                        }
                }
                return;
            }
            // Not the last hand: the next hand starts while this one is not over.
            const ast::Hand* next = &hand + 1;
            error(next->pos, Code::end_mismatch,
                  hname() + " is not over: " +
                      (blocked ? std::string("a seat can still play")
                               : std::string("no block is shown and nobody played out")));
            m_.known = false;
            settle_from_claims(hand, {});
            return;
        }
        auto kind = hand.end->kind;
        if (!blocked && (kind == ast::EndLine::Kind::block || kind == ast::EndLine::Kind::tie)) {
            unchecked(hname() + ": the block (pip counts and hands not shown)");
            assumed_block = true;
        } else {
            std::string why = hname() + " is not over";
            if (blocked == std::optional<bool>(false)) {
                for (int p = 0; p < v_.players; ++p) {
                    if (h.seat(p).out) continue;
                    TileSet pl = h.layout().playable(h.seat(p).known);
                    if (!pl.empty()) {
                        why += ": " + seat_str(p) + " can still play " + pl.first().str();
                        break;
                    }
                }
                if (v_.draw_game() && h.boneyard() > 0)
                    why += " (the boneyard still holds " + std::to_string(h.boneyard()) + ")";
            }
            error(hand.end->pos, Code::end_mismatch, why);
            m_.known = false;
            settle_from_claims(hand, {});
            return;
        }
    }
    HandResult r;
    if (assumed_block) {
        r.how = HandOver::blocked;
        r.known = false;
    } else {
        r = rules_->result(h, s, m_, hand.number, opt_.annotate);
    }
    // How the result follows from the rules: only for messages and notes.
    bool explained = opt_.annotate || assumed_block;
    auto result_why = [&]() -> const std::string& {
        if (!explained) r.why = rules_->result(h, s, m_, hand.number).why;
        explained = true;
        return r.why;
    };
    // The end claim against the position.
    if (hand.end && !assumed_block && opt_.rules_override.empty()) {
        const auto& e = *hand.end;
        using K = ast::EndLine::Kind;
        auto actual = [&]() -> std::string {
            switch (r.how) {
                case HandOver::domino:
                    return "ended in a domino by " + seat_str(h.domino_seat());
                case HandOver::blocked:
                    return "is blocked";
                case HandOver::target:
                    return "ended the match at exactly 61";
                case HandOver::no:
                    break;
            }
            return "is not over";
        };
        bool ok = true;
        std::string why;
        if (e.kind == K::domino) {
            if (r.how != HandOver::domino)
                ok = false;
            else if (!e.who || static_cast<int>(*e.who) != h.domino_seat()) {
                ok = false;
                why = hname() + " ended in a domino by " + seat_str(h.domino_seat()) +
                      (e.who ? std::string(", not ") + who_name(*e.who) : std::string());
            }
        } else if (e.kind == K::target) {
            ok = r.how == HandOver::target;
        } else if (r.how != HandOver::blocked) {
            ok = false;
        } else if (r.known) {
            if (e.kind == K::tie && !r.tie) {
                ok = false;
                why = hname() + " is blocked and won by " + rules_->party_name(r.winner) +
                      ", not tied: " + result_why();
            } else if (e.kind == K::block && r.tie) {
                ok = false;
                why = hname() + " is blocked with no winner (a tie): " + result_why();
            } else if (e.kind == K::block && e.who) {
                int claimed = party_of_who(v_, *e.who);
                bool seat_ok = !v_.partnership()
                                   ? false
                                   : static_cast<int>(*e.who) < 4 &&
                                         v_.party_of(static_cast<int>(*e.who)) == r.winner;
                if (!v_.traits().block_has_winner) {
                    ok = false;
                    why = "a " + std::string(rules_id(v_.rules)) + " block names no winner";
                } else if (claimed != r.winner && !seat_ok) {
                    ok = false;
                    why = hname() + " is won by " + rules_->party_name(r.winner) + ", not " +
                          who_name(*e.who) + ": " + result_why();
                }
            }
        }
        if (!ok) {
            if (why.empty()) why = hname() + " " + actual();
            error(e.who && e.kind == K::block ? e.who_pos : e.pos, Code::end_mismatch, why);
            m_.known = false;
            settle_from_claims(hand, r);
            return;
        }
    }
    if (!r.known) {
        unchecked(hname() + ": the score (" +
                  (v_.traits().penalties ? "pip counts or penalties" : "pip counts") +
                  " not shown)");
        settle_from_claims(hand, r);
        return;
    }
    if (ties_unknown_ && !r.tie && r.winner >= 0 && hand.points) {
        // The ties before the record are unknown: the claimed value is taken.
        for (const auto& it : hand.points->items)
            if (party_of_who(v_, it.who) == r.winner && it.value >= r.points[r.winner]) {
                unchecked(hname() + ": the hand's value (ties before the record are unknown)");
                r.points[r.winner] = it.value;
            }
    }
    if (!r.tie) ties_unknown_ = false;
    if (opt_.annotate && hand.end) note(hand.end->pos, r.why);
    if (opt_.summaries) summarize(hand, r);
    check_claims(hand, r, result_why);
    rules_->apply(m_, r);
    check_score(hand);
}

template <class Why>
void RecordChecker::check_claims(const ast::Hand& hand, const HandResult& r, Why&& why_of) {
    if (!hand.points || !opt_.rules_override.empty()) return;
    for (const auto& it : hand.points->items) {
        int party = party_of_who(v_, it.who);
        if (party < 0) {
            error(it.pos, Code::points_mismatch,
                  std::string(who_name(it.who)) + " is not " +
                      (v_.partnership() ? "a side" : "a seat") + " of " + v_.name());
            continue;
        }
        if (it.value != r.points[party]) {
            const std::string& w = why_of();
            std::string why = w.empty() ? std::string() : ": " + w;
            error(it.value_pos, Code::points_mismatch,
                  std::string(who_name(it.who)) + " scores " + std::to_string(r.points[party]) +
                      " in hand " + std::to_string(hand.number) + ", not " +
                      std::to_string(it.value) + why);
        }
    }
}

void RecordChecker::check_score(const ast::Hand& hand) {
    if (!hand.score || !opt_.rules_override.empty()) return;
    if (!score_known_) {
        // Settle it from the claim when the claim is complete.
        int listed = 0;
        for (const auto& it : hand.score->items) listed += party_of_who(v_, it.who) >= 0;
        if (listed == v_.parties()) {
            for (const auto& it : hand.score->items)
                if (int p = party_of_who(v_, it.who); p >= 0) m_.score[p] = it.value;
            score_known_ = true;
        } else {
            unchecked("score of hand " + std::to_string(hand.number) +
                      ": the match score is unknown");
        }
        return;
    }
    for (const auto& it : hand.score->items) {
        int party = party_of_who(v_, it.who);
        if (party < 0) {
            error(it.pos, Code::score_mismatch,
                  std::string(who_name(it.who)) + " is not " +
                      (v_.partnership() ? "a side" : "a seat") + " of " + v_.name());
            continue;
        }
        if (it.value != m_.score[party])
            error(it.value_pos, Code::score_mismatch,
                  "after hand " + std::to_string(hand.number) + " the score is " +
                      match_score_text(*rules_, m_) + "; " + who_name(it.who) + " has " +
                      std::to_string(m_.score[party]) + ", not " + std::to_string(it.value));
    }
}

// A hand the record does not let us score (or that broke): take what its
// claims say, so that later hands can be checked on.
void RecordChecker::settle_from_claims(const ast::Hand& hand, HandResult r) {
    using K = ast::EndLine::Kind;
    if (opt_.summaries)
        out_.summaries.push_back({hand.number, "unknown (taken from the record's claims)", ""});
    bool winner_known = false;
    if (hand.end) {
        const auto& e = *hand.end;
        if (e.kind == K::tie) {
            r.tie = true;
            r.how = HandOver::blocked;
            winner_known = true;
        } else if (e.kind == K::domino && e.who && static_cast<int>(*e.who) < v_.players) {
            r.how = HandOver::domino;
            r.winner_seat = static_cast<int>(*e.who);
            r.winner = v_.party_of(r.winner_seat);
            winner_known = true;
        } else if (e.kind == K::block && e.who) {
            r.how = HandOver::blocked;
            int p = party_of_who(v_, *e.who);
            if (p < 0 && static_cast<int>(*e.who) < v_.players) {
                r.winner_seat = static_cast<int>(*e.who);
                p = v_.party_of(r.winner_seat);
            }
            if (p >= 0) {
                r.winner = p;
                winner_known = true;
            }
        } else if (e.kind == K::target) {
            r.how = HandOver::target;
        }
    }
    ClaimedOutcome c{r, winner_known, false};
    if (hand.points) {
        int listed = 0;
        std::array<int, 4> pts{};
        for (const auto& it : hand.points->items) {
            int p = party_of_who(v_, it.who);
            if (p >= 0) {
                pts[p] = it.value;
                ++listed;
            }
        }
        if (listed == v_.parties()) {
            c.points_complete = true;
            c.result.points = pts;
        }
    }
    if (!rules_->apply_claims(m_, c)) score_known_ = false;
    // The score claim settles the match score.
    if (hand.score) {
        int listed = 0;
        for (const auto& it : hand.score->items) listed += party_of_who(v_, it.who) >= 0;
        if (listed == v_.parties()) {
            for (const auto& it : hand.score->items)
                if (int p = party_of_who(v_, it.who); p >= 0) m_.score[p] = it.value;
            score_known_ = true;
            // Whether the match is over follows from the claimed score.
            m_.winner = rules_->match_winner(m_.score);
            m_.over = m_.winner >= 0;
        }
    }
}

std::string RecordChecker::after_ply_notes(const HandState& before, const HandState& h, int seat,
                                           const ast::Ply& ply, const HandScore& before_score,
                                           const HandScore& score) {
    std::string n;
    auto add = [&](const std::string& s) {
        if (!n.empty()) n += "; ";
        n += s;
    };
    const Layout& l = h.layout();
    if (l.kind() == LayoutKind::line && !l.empty() && h.over() == HandOver::no) {
        for (End e : {End::L, End::R}) {
            Tile last;
            bool was = before.layout().tiles() > 0 && before.layout().hard(e);
            if (l.hard(e, &last) && (!was || before.layout().end_value(e) != l.end_value(e)))
                add(std::string("hard end ") + (e == End::L ? "left " : "right ") +
                    std::to_string(l.end_value(e)) + ": only " + last.str() + " can follow");
        }
        Tile key;
        if (l.key_tile(&key)) {
            std::string holder;
            for (int p = 0; p < v_.players; ++p)
                if (h.seat(p).known.contains(key)) holder = ", held by " + seat_str(p);
            add("key tile " + key.str() + holder);
        }
    }
    if (l.kind() == LayoutKind::spinner && !l.empty()) {
        add("arms " + l.str() +
            (l.str().find('*') != std::string::npos ? " (* closed until its double)" : ""));
    }
    if (ply.kind == ast::Ply::Kind::pass && l.kind() == LayoutKind::line) {
        std::uint8_t vm = h.proven_void(seat);
        if (vm && !h.seat(seat).dealt) {
            std::string nums;
            for (int v = 0; v <= 6; ++v)
                if (vm & (1u << v)) nums += (nums.empty() ? "" : " or ") + std::to_string(v);
            add(seat_str(seat) + " holds no " + nums);
        }
    }
    if (!ply.pre.empty() && v_.draw_game()) add("boneyard " + std::to_string(h.boneyard()));
    if (v_.traits().scores_in_play && ply.kind == ast::Ply::Kind::play) {
        int party = v_.party_of(seat);
        int made = score.points[party] - before_score.points[party];
        std::string run;
        for (int p = 0; p < v_.parties(); ++p)
            run += (p ? " " : "") + rules_->party_name(p) + " " +
                   std::to_string(m_.score[p] + score.points[p]);
        add("ends total " + std::to_string(l.open_total()) + ", scores " + std::to_string(made) +
            "; running " + run);
    }
    if (v_.traits().penalties) {
        std::string pen;
        for (int p = 0; p < v_.players; ++p) {
            int d = score.points[p] - before_score.points[p];
            if (d > 0) pen += (pen.empty() ? "" : ", ") + seat_str(p) + " +" + std::to_string(d);
        }
        if (!pen.empty()) {
            std::string run;
            for (int p = 0; p < v_.players; ++p)
                run += (p ? " " : "") + seat_str(p) + " " +
                       std::to_string(m_.score[p] + score.points[p]);
            add("penalty " + pen + "; running " + run);
        }
    }
    if (v_.traits().scores_pips_left && l.kind() == LayoutKind::line && h.over() == HandOver::no)
        add("at stake " + std::to_string(v_.tile_set().pips() - l.on_table().pips()));
    if (h.over() == HandOver::blocked && before.over() == HandOver::no)
        add("blocked: pip counts " + detail::seat_counts(h));
    return n;
}

}  // namespace

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
        mine.draw_game() != other.draw_game())
        return other.name() + " deals " + std::to_string(other.tiles_per_seat()) + " tiles a seat" +
               (other.draw_game() ? " with a boneyard" : "") + "; the record's " + mine.name() +
               " deals " + std::to_string(mine.tiles_per_seat()) +
               (mine.draw_game() ? " with a boneyard" : "");
    if (mine.layout() != other.layout())
        return "french is played on a spinner, the other rule sets on a line";
    return {};
}

Verdict check_record(const ast::Record& record, const CheckOptions& options) {
    Verdict v;
    RecordChecker c(record, options, v);
    c.run();
    return v;
}

}  // namespace pips::checker
