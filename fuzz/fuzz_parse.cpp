// fuzz_parse: the DGN reader over arbitrary bytes.
//
// Feeds the input to RecordReader (as `pips check` and `pips fmt` read a
// file) and to parse_record (the whole input as one record). Besides "no
// crash, no sanitizer report", it traps when:
//   - the records' source texts, joined, are not the input byte for byte, or
//     bytes_read() disagrees with the input size (the reader drops or invents
//     bytes);
//   - a record's first_line is not the line its first byte sits on;
//   - syntax errors are not in position order, or one sits outside its
//     record's lines or at column 0;
//   - an input that the reader reads as one record parses differently through
//     parse_record (the two entry points disagree).
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

std::uint32_t newlines(std::string_view s) {
    std::uint32_t n = 0;
    for (char c : s) n += c == '\n';
    return n;
}

void check_errors(const ast::Record& r) {
    const std::uint32_t last_line = r.first_line + newlines(r.source);
    for (std::size_t i = 0; i < r.errors.size(); ++i) {
        const ast::SyntaxError& e = r.errors[i];
        require(!e.message.empty());
        require(e.pos.line >= r.first_line && e.pos.line <= last_line);
        require(e.pos.column >= 1);
        if (i > 0) require(!(e.pos < r.errors[i - 1].pos));
    }
}

bool same_errors(const ast::Record& a, const ast::Record& b) {
    if (a.errors.size() != b.errors.size()) return false;
    for (std::size_t i = 0; i < a.errors.size(); ++i)
        if (a.errors[i].pos != b.errors[i].pos || a.errors[i].message != b.errors[i].message)
            return false;
    return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    const ast::Record whole = parser::parse_record(text);
    require(whole.source == text);
    require(whole.first_line == 1);
    check_errors(whole);

    std::istringstream in(text);
    parser::RecordReader reader(in);
    ast::Record rec, first;
    std::string joined;
    std::uint32_t line = 1;
    int records = 0;
    while (reader.next(rec)) {
        require(!rec.source.empty());
        require(rec.first_line == line);
        check_errors(rec);
        joined += rec.source;
        line += newlines(rec.source);
        if (records++ == 0) first = rec;
    }
    require(joined == text);
    require(reader.bytes_read() == size);

    if (records == 1) {
        require(ast::difference(first, whole).empty());
        require(same_errors(first, whole));
    }
    return 0;
}
