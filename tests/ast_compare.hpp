// Comparing syntax trees without their positions, for round-trip tests of
// the printer: a record is dumped one node per line, and the first line that
// differs is the difference.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "parser/ast.hpp"

namespace pips::tests {

inline const char* who_str(ast::Who w) {
    static const char* const names[] = {"A", "B", "C", "D", "AC", "BD"};
    return names[static_cast<int>(w)];
}

inline void dump_tiles(std::ostream& os, const std::vector<ast::TileTok>& tiles) {
    for (const auto& t : tiles) os << ' ' << int(t.a) << '-' << int(t.b);
}

inline void dump_comments(std::ostream& os, const std::vector<ast::Comment>& cs) {
    for (const auto& c : cs) os << " {" << c.text << '}';
}

// The record without positions, source text or syntax errors.
inline std::vector<std::string> dump(const ast::Record& r) {
    std::vector<std::string> lines;
    auto emit = [&](const std::ostringstream& os) { lines.push_back(os.str()); };
    for (const auto& c : r.leading_comments) {
        std::ostringstream os;
        os << "comment [" << c << ']';
        emit(os);
    }
    for (const auto& t : r.tags) {
        std::ostringstream os;
        os << "tag [" << t.name << "] = [" << t.value << ']';
        emit(os);
    }
    for (const auto& h : r.hands) {
        {
            std::ostringstream os;
            os << "hand " << h.number;
            emit(os);
        }
        for (const auto& d : h.deals) {
            std::ostringstream os;
            os << "  deal " << char('A' + d.seat) << " round " << d.round << ':';
            dump_tiles(os, d.tiles);
            emit(os);
        }
        for (const auto& s : h.stocks) {
            std::ostringstream os;
            os << "  stock round " << s.round << ':';
            dump_tiles(os, s.tiles);
            emit(os);
        }
        for (const auto& rd : h.redeals) {
            std::ostringstream os;
            os << "  redeal " << char('A' + rd.seat);
            emit(os);
        }
        for (const auto& p : h.plies) {
            std::ostringstream os;
            os << "  ply " << (p.seat ? char('A' + *p.seat) : '-') << ':';
            for (const auto& pre : p.pre) {
                if (pre.kind == ast::PreAction::Kind::draw)
                    os << " draw";
                else
                    os << " foul " << int(pre.tile.a) << '-' << int(pre.tile.b);
            }
            if (p.kind == ast::Ply::Kind::pass) {
                os << (p.knock ? " knock" : " pass");
            } else {
                os << ' ' << int(p.tile.a) << '-' << int(p.tile.b) << " end "
                   << int(static_cast<int>(p.end));
            }
            if (p.claim) os << " claim " << *p.claim;
            dump_comments(os, p.comments);
            emit(os);
        }
        for (const auto& d : h.remains) {
            std::ostringstream os;
            os << "  remain " << char('A' + d.seat) << ':';
            dump_tiles(os, d.tiles);
            emit(os);
        }
        if (h.end) {
            std::ostringstream os;
            os << "  end " << static_cast<int>(h.end->kind);
            if (h.end->who) os << ' ' << who_str(*h.end->who);
            emit(os);
        }
        for (const auto* c : {&h.points, &h.score}) {
            if (!*c) continue;
            std::ostringstream os;
            os << (c == &h.points ? "  points" : "  score");
            for (const auto& item : (*c)->items)
                os << ' ' << who_str(item.who) << ' ' << item.value;
            emit(os);
        }
        std::ostringstream os;
        os << "  hand comments:";
        dump_comments(os, h.comments);
        emit(os);
    }
    return lines;
}

// Empty when the records agree except for positions; else the first
// difference.
inline std::string ast_difference(const ast::Record& a, const ast::Record& b) {
    auto x = dump(a);
    auto y = dump(b);
    for (std::size_t i = 0; i < x.size() || i < y.size(); ++i) {
        const std::string none = "(nothing)";
        const std::string& l = i < x.size() ? x[i] : none;
        const std::string& r = i < y.size() ? y[i] : none;
        if (l != r) return "node " + std::to_string(i + 1) + ": " + l + "  vs  " + r;
    }
    return {};
}

}  // namespace pips::tests
