// fuzz_roundtrip: the printer's round trip (parser/printer.hpp) on records
// parsed from arbitrary bytes.
//
// For every record without syntax errors, r1 = parse(print(r)) must parse
// without errors, equal r except for positions (tests/ast_compare.hpp), and
// print(r1) must be byte-identical to print(r). Printing with notes (pips
// annotate) must keep the record too: notes are brace comments, so only the
// comments may change, and the result must parse without errors.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "parser/parser.hpp"
#include "parser/printer.hpp"
#include "tests/ast_compare.hpp"

namespace {

using namespace pips;

void require(bool ok) {
    if (!ok) __builtin_trap();
}

// Notes at the positions of the record's own tokens, as pips annotate makes
// them: one after each ply and line the input chooses.
parser::Notes notes_for(const ast::Record& r, std::size_t salt) {
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

ast::Record without_brace_comments(ast::Record r) {
    for (auto& h : r.hands) {
        h.comments.clear();
        for (auto& p : h.plies) p.comments.clear();
    }
    return r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::istringstream in(text);
    parser::RecordReader reader(in);
    ast::Record rec;
    while (reader.next(rec)) {
        if (!rec.errors.empty()) continue;
        const std::string printed = parser::print_record(rec);
        const ast::Record again = parser::parse_record(printed);
        require(again.errors.empty());
        require(tests::ast_difference(rec, again).empty());
        require(parser::print_record(again) == printed);

        const parser::Notes notes = notes_for(rec, size);
        const std::string annotated = parser::print_record(rec, &notes);
        const ast::Record reread = parser::parse_record(annotated);
        require(reread.errors.empty());
        require(tests::ast_difference(without_brace_comments(rec), without_brace_comments(reread))
                    .empty());
    }
    return 0;
}
