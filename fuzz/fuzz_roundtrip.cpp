// fuzz_roundtrip: the printer's round trip (parser/printer.hpp) on records
// parsed from arbitrary bytes.
//
// For every record without syntax errors, r1 = parse(print(r)) must parse
// without errors, equal r except for positions (parser/ast_compare.hpp), and
// print(r1) must be byte-identical to print(r). Printing with notes (pips
// annotate) must keep the record too: notes are brace comments, so only the
// comments may change, and the result must parse without errors.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "fuzz/fuzz_inputs.hpp"
#include "parser/ast_compare.hpp"
#include "parser/parser.hpp"
#include "parser/printer.hpp"

namespace {

using namespace pips;

void require(bool ok) {
    if (!ok) __builtin_trap();
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
        require(ast::difference(rec, again).empty());
        require(parser::print_record(again) == printed);

        const parser::Notes notes = fuzz::notes_for(rec, size);
        const std::string annotated = parser::print_record(rec, &notes);
        const ast::Record reread = parser::parse_record(annotated);
        require(reread.errors.empty());
        require(
            ast::difference(fuzz::without_brace_comments(rec), fuzz::without_brace_comments(reread))
                .empty());
    }
    return 0;
}
