// The notes of `pips annotate`: what a ply changed that a reader may want
// pointed out (hard ends, the key tile, proven voids, points and penalties).
#include <fmt/format.h>

#include "checker/replay.hpp"

namespace pips::checker::impl {

namespace {

// Hard ends and the key tile of a line.
void line_notes(const HandState& before, const HandState& h, std::string& n) {
    const Layout& l = h.layout();
    auto add = [&n](std::string_view s) {
        if (!n.empty()) n += "; ";
        n += s;
    };
    for (End e : {End::L, End::R}) {
        Tile last;
        bool was = before.layout().tiles() > 0 && before.layout().hard(e);
        if (l.hard(e, &last) && (!was || before.layout().end_value(e) != l.end_value(e)))
            add(fmt::format("hard end {} {}: only {} can follow", e == End::L ? "left" : "right",
                            l.end_value(e), last.str()));
    }
    Tile key;
    if (l.key_tile(&key)) {
        std::string holder;
        for (int p = 0; p < h.players(); ++p)
            if (h.seat(p).known.contains(key)) holder = fmt::format(", held by {}", seat_char(p));
        add(fmt::format("key tile {}{}", key.str(), holder));
    }
}

}  // namespace

std::string RecordChecker::after_ply_notes(const HandState& before, const HandState& h, int seat,
                                           const ast::Ply& ply, const HandScore& before_score,
                                           const HandScore& score) {
    if (opt_.observer) opt_.observer->after_ply({ply, seat, h, *rules_, m_, score});
    std::string n;
    auto add = [&n](std::string_view s) {
        if (!n.empty()) n += "; ";
        n += s;
    };
    const Layout& l = h.layout();
    const RuleTraits& t = v_.traits();
    if (l.kind() == LayoutKind::line && !l.empty() && h.over() == HandOver::no)
        line_notes(before, h, n);
    if (l.kind() == LayoutKind::spinner && !l.empty()) {
        std::string arms = l.str();
        add(fmt::format("arms {}{}", arms,
                        arms.find('*') != std::string::npos ? " (* closed until its double)" : ""));
    }
    if (ply.kind == ast::Ply::Kind::pass && l.kind() == LayoutKind::line) {
        std::uint8_t vm = h.proven_void(seat);
        if (vm && !h.seat(seat).dealt) {
            std::vector<int> nums;
            for (int v = 0; v <= 6; ++v)
                if (vm & (1u << v)) nums.push_back(v);
            add(fmt::format("{} holds no {}", seat_char(seat), fmt::join(nums, " or ")));
        }
    }
    if (!pre_of(ply).empty() && v_.draw_game()) add(fmt::format("boneyard {}", h.boneyard()));
    if (t.scores_in_play && ply.kind == ast::Ply::Kind::play) {
        int party = v_.party_of(seat);
        std::string run;
        for (int p = 0; p < v_.parties(); ++p)
            fmt::format_to(std::back_inserter(run), "{}{} {}", p ? " " : "", rules_->party_name(p),
                           m_.score[p] + score.points[p]);
        add(fmt::format("ends total {}, scores {}; running {}", l.open_total(),
                        score.points[party] - before_score.points[party], run));
    }
    if (t.penalties) {
        std::string pen;
        for (int p = 0; p < v_.players; ++p)
            if (int d = score.points[p] - before_score.points[p]; d > 0)
                fmt::format_to(std::back_inserter(pen), "{}{} +{}", pen.empty() ? "" : ", ",
                               seat_char(p), d);
        if (!pen.empty()) {
            std::string run;
            for (int p = 0; p < v_.players; ++p)
                fmt::format_to(std::back_inserter(run), "{}{} {}", p ? " " : "", seat_char(p),
                               m_.score[p] + score.points[p]);
            add(fmt::format("penalty {}; running {}", pen, run));
        }
    }
    if (t.scores_pips_left && l.kind() == LayoutKind::line && h.over() == HandOver::no)
        add(fmt::format("at stake {}", v_.tile_set().pips() - l.on_table().pips()));
    if (h.over() == HandOver::blocked && before.over() == HandOver::no)
        add(fmt::format("blocked: pip counts {}",
                        counts_words(pips::detail::seat_counts(h), v_.players)));
    return n;
}

}  // namespace pips::checker::impl
