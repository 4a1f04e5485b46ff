// fuzz_parse_reference: the parser's fast way against its reference mode
// (parser::Mode::reference: every word through its X3 rule, no hand-written
// path) on arbitrary bytes.
//
// Reads the input as one record (parse_record) and as a stream of records
// (RecordReader), in both modes. Besides "no crash, no sanitizer report", it
// traps when the two modes give a different number of records, or records
// that differ in any field: a node, a position, the source text or a syntax
// error (parser/ast_compare.hpp, Compare::exact).
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "parser/ast_compare.hpp"
#include "parser/parser.hpp"

namespace {

using namespace pips;

void require(bool ok) {
    if (!ok) __builtin_trap();
}

void require_same(const ast::Record& fast, const ast::Record& reference) {
    require(ast::difference(fast, reference, ast::Compare::exact).empty());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    require_same(parser::parse_record(text, 1, parser::Mode::fast),
                 parser::parse_record(text, 1, parser::Mode::reference));

    std::istringstream fast_in(text);
    std::istringstream reference_in(text);
    parser::RecordReader fast(fast_in, parser::Mode::fast);
    parser::RecordReader reference(reference_in, parser::Mode::reference);
    ast::Record a;
    ast::Record b;
    for (;;) {
        const bool more = fast.next(a);
        require(reference.next(b) == more);
        if (!more) break;
        require_same(a, b);
    }
    return 0;
}
