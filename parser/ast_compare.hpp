// Syntax trees compared as text: a record is dumped one node per line, and
// the first line that differs is the difference. `shape` leaves out
// positions, the source text and syntax errors (the printer's round trip:
// the same record printed again); `exact` has every field, positions and
// syntax errors included (the parser's fast and reference modes). Header
// only, for tests and fuzz targets; the parser does not use it.
#pragma once

#include <cstdint>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "parser/ast.hpp"
#include "parser/tokens.hpp"

namespace pips::ast {

enum class Compare : std::uint8_t { shape, exact };

namespace dump_detail {

using parser::dgn::ActionKw;
using parser::dgn::LineKw;
using parser::dgn::seat_char;
using parser::dgn::spelling;

struct Out {
    std::ostringstream os;
    bool exact = false;
    void at(const Pos& p) {
        if (exact) os << " @" << p.line << ':' << p.column;
    }
    void tile(const TileTok& t) {
        os << ' ' << int(t.a) << '-' << int(t.b);
        at(t.pos);
    }
    void tiles(const std::vector<TileTok>& ts) {
        for (const auto& t : ts) tile(t);
    }
    void comments(std::span<const Comment> cs) {
        for (const auto& c : cs) {
            if (c.line)
                os << " ;[" << c.text << ']';
            else
                os << " {" << c.text << '}';
            at(c.pos);
        }
    }
};

inline void ply(Out& o, const Hand& h, const Ply& p) {
    o.os << "  ply " << (p.seat ? seat_char(*p.seat) : '-');
    if (p.seat) o.at(p.seat_pos);
    o.os << ':';
    o.at(p.pos);
    for (const auto& pre : h.pre_of(p)) {
        if (pre.kind == PreAction::Kind::draw) {
            o.os << ' ' << spelling(ActionKw::draw);
            o.at(pre.pos);
        } else {
            o.os << ' ' << spelling(ActionKw::foul);
            o.at(pre.pos);
            o.tile(pre.tile);
        }
    }
    if (p.kind == Ply::Kind::pass) {
        o.os << ' ' << spelling(p.knock ? ActionKw::knock : ActionKw::pass);
        o.at(p.action_pos);
        if (o.exact) o.tile(p.tile);
    } else {
        o.tile(p.tile);
        o.os << " end letter " << static_cast<int>(p.end);
        o.at(p.action_pos);
    }
    if (p.claim) {
        o.os << " claim " << *p.claim;
        o.at(p.claim_pos);
    }
    o.comments(h.comments_of(p));
}

inline void claims(Out& o, LineKw kw, const std::optional<ClaimLine>& c) {
    o.os << "  " << spelling(kw);
    o.at(c->pos);
    for (const auto& item : c->items) {
        o.os << ' ' << spelling(item.who);
        o.at(item.pos);
        o.os << ' ' << item.value;
        o.at(item.value_pos);
    }
}

}  // namespace dump_detail

// The record, one node per line.
inline std::vector<std::string> dump(const Record& r, Compare how = Compare::shape) {
    using dump_detail::Out;
    using parser::dgn::LineKw;
    using parser::dgn::seat_char;
    using parser::dgn::spelling;
    const bool exact = how == Compare::exact;
    std::vector<std::string> lines;
    const auto line = [&](auto&& fill) {
        Out o;
        o.exact = exact;
        fill(o);
        lines.push_back(o.os.str());
    };
    if (exact) {
        line([&](Out& o) {
            o.os << "record first_line " << r.first_line;
            o.at(r.pos);
            o.os << " source [" << r.source << ']';
        });
        for (const auto& e : r.errors)
            line([&](Out& o) {
                o.os << "error";
                o.at(e.pos);
                o.os << ' ' << e.message;
                if (e.fix) {
                    o.os << " fix";
                    o.at(e.fix->pos);
                    o.os << ' ' << e.fix->length << " [" << e.fix->text << ']';
                }
            });
    }
    for (const auto& c : r.leading_comments) line([&](Out& o) { o.os << "comment [" << c << ']'; });
    if (!r.tag_comments.empty())
        line([&](Out& o) {
            o.os << "tag comments:";
            o.comments(r.tag_comments);
        });
    for (const auto& t : r.tags)
        line([&](Out& o) {
            o.os << "tag [" << t.name << ']';
            o.at(t.pos);
            o.os << " = [" << t.value << ']';
            o.at(t.value_pos);
        });
    for (const auto& h : r.hands) {
        line([&](Out& o) {
            o.os << spelling(LineKw::hand) << ' ' << h.number;
            o.at(h.pos);
            o.at(h.number_pos);
        });
        for (const auto& d : h.deals)
            line([&](Out& o) {
                o.os << "  " << spelling(LineKw::deal) << ' ' << seat_char(d.seat);
                o.at(d.pos);
                o.at(d.seat_pos);
                o.os << " round " << d.round << ':';
                o.tiles(d.tiles);
            });
        for (const auto& s : h.stocks)
            line([&](Out& o) {
                o.os << "  " << spelling(LineKw::stock);
                o.at(s.pos);
                o.os << " round " << s.round << ':';
                o.tiles(s.tiles);
            });
        for (const auto& rd : h.redeals)
            line([&](Out& o) {
                o.os << "  " << spelling(LineKw::redeal) << ' ' << seat_char(rd.seat);
                o.at(rd.pos);
                o.at(rd.seat_pos);
            });
        for (const auto& p : h.plies) line([&](Out& o) { dump_detail::ply(o, h, p); });
        for (const auto& d : h.remains)
            line([&](Out& o) {
                o.os << "  " << spelling(LineKw::remain) << ' ' << seat_char(d.seat);
                o.at(d.pos);
                o.at(d.seat_pos);
                o.os << ':';
                o.tiles(d.tiles);
            });
        if (h.end)
            line([&](Out& o) {
                o.os << "  " << spelling(LineKw::end) << ' ' << spelling(h.end->kind);
                o.at(h.end->pos);
                if (h.end->who) {
                    o.os << ' ' << spelling(*h.end->who);
                    o.at(h.end->who_pos);
                }
            });
        if (h.points) line([&](Out& o) { dump_detail::claims(o, LineKw::points, h.points); });
        if (h.score) line([&](Out& o) { dump_detail::claims(o, LineKw::score, h.score); });
        line([&](Out& o) {
            o.os << "  " << spelling(LineKw::hand) << " comments:";
            o.comments(h.comments);
        });
    }
    return lines;
}

// Empty when the records agree (as `how` compares them); else the first
// difference.
inline std::string difference(const Record& a, const Record& b, Compare how = Compare::shape) {
    const auto x = dump(a, how);
    const auto y = dump(b, how);
    for (std::size_t i = 0; i < x.size() || i < y.size(); ++i) {
        const std::string none = "(nothing)";
        const std::string& l = i < x.size() ? x[i] : none;
        const std::string& r = i < y.size() ? y[i] : none;
        if (l != r) return "node " + std::to_string(i + 1) + ": " + l + "  vs  " + r;
    }
    return {};
}

}  // namespace pips::ast
