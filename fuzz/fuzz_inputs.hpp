// What the fuzz targets make of a record, shared with the test that replays
// their findings (tests/fuzz_regressions_test.cpp): the rule sets a record is
// replayed under (fuzz_check) and the notes it is printed with
// (fuzz_roundtrip).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "parser/ast.hpp"
#include "parser/printer.hpp"

namespace pips::fuzz {

// Rule sets to replay a record under (pips rescore), when compatible.
inline constexpr std::string_view kOverrides[] = {
    "jamaican",
    "jamaican:sporting,playoff,tie-replay",
    "cutthroat",
    "cutthroat:draw",
    "french",
    "french:blank-ten",
    "chiva",
    "quinientos:bonus,capicu,double-blank",
    "quinientos:reshuffle,tie-closer,block-player",
    "fives-threes",
};

// Notes at the positions of the record's own tokens, as pips annotate makes
// them: one after every third ply or line, counted from `salt`.
inline parser::Notes notes_for(const ast::Record& r, std::size_t salt = 0) {
    parser::Notes notes;
    std::size_t i = salt;
    auto maybe = [&](ast::Pos p) {
        if (++i % 3 == 0) notes.emplace_back(p, "note " + std::to_string(i));
    };
    for (const auto& t : r.tags) maybe(t.pos);
    for (const auto& h : r.hands) {
        maybe(h.pos);
        for (const auto& d : h.deals) maybe(d.pos);
        for (const auto& p : h.plies) maybe(p.pos);
        for (const auto& d : h.remains) maybe(d.pos);
        if (h.end) maybe(h.end->pos);
        if (h.points) maybe(h.points->pos);
    }
    return notes;
}

// The record without its comments among the tags and the hands (notes are
// printed as comments there), and without the notes before its first tag
// (which printing with notes replaces).
inline ast::Record without_brace_comments(ast::Record r) {
    std::erase_if(r.leading_comments, [](const std::string& c) { return parser::is_note(c); });
    r.tag_comments.clear();
    for (auto& h : r.hands) {
        h.comments.clear();
        for (auto& x : h.extras) x.comments.clear();
    }
    return r;
}

}  // namespace pips::fuzz
