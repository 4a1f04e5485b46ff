// fuzz_check: parse arbitrary bytes into records and check every record.
//
// Each record is checked three ways: plain, with notes and hand summaries
// (pips annotate, pips rescore), and replayed under other rules when
// rescore_compatible() allows it. Besides "no crash, no sanitizer report", it
// traps when:
//   - a verdict is valid with errors, or invalid without any;
//   - a record with syntax errors is valid, or its syntax errors are missing
//     from the verdict;
//   - errors are not sorted by position, or one has no line, no column or no
//     message;
//   - an engine invariant broke during the replay: the fuzz preset compiles
//     with PIPS_CHECK_INVARIANTS, and the checker then reports an "internal
//     error" diagnostic;
//   - annotating or summarising changes the verdict.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "checker/checker.hpp"
#include "fuzz/fuzz_inputs.hpp"
#include "parser/parser.hpp"

namespace {

using namespace pips;

void require(bool ok) {
    if (!ok) __builtin_trap();
}

void check_verdict(const ast::Record& rec, const checker::Verdict& v) {
    require(v.valid == v.errors.empty());
    if (!rec.errors.empty()) require(!v.valid);
    std::size_t syntax = 0;
    for (std::size_t i = 0; i < v.errors.size(); ++i) {
        const checker::Diagnostic& d = v.errors[i];
        require(d.pos.line >= 1 && d.pos.column >= 1);
        require(!d.message.empty());
        require(!std::string_view(d.message).starts_with("internal error: "));
        require(std::string_view(checker::code_name(d.code)) != "");
        if (i > 0) require(!(d.pos < v.errors[i - 1].pos));
        syntax += d.code == checker::Code::syntax;
    }
    require(syntax >= rec.errors.size());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::istringstream in(text);
    parser::RecordReader reader(in);
    ast::Record rec;
    std::size_t n = 0;
    while (reader.next(rec)) {
        const checker::Verdict plain = checker::check_record(rec);
        check_verdict(rec, plain);

        checker::CheckOptions opt;
        opt.annotate = true;
        opt.summaries = true;
        const checker::Verdict annotated = checker::check_record(rec, opt);
        check_verdict(rec, annotated);
        require(checker::same_verdict(plain, annotated));
        for (const auto& note : annotated.notes) require(!note.text.empty());

        // One other rule set per record, picked by the input so that every
        // one gets its turn.
        const std::string spec(fuzz::kOverrides[(size + n++) % std::size(fuzz::kOverrides)]);
        if (checker::rescore_compatible(rec, spec).empty()) {
            checker::CheckOptions over;
            over.rules_override = spec;
            over.summaries = true;
            check_verdict(rec, checker::check_record(rec, over));
        }
    }
    return 0;
}
