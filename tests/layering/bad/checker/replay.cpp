// Planted faults for scripts/check_layers.py --self-test: never compiled.
#include <boost/spirit/home/x3.hpp>  // expect: Boost is private to parser/
#include "checker/checker.hpp"
#include "cli/report.hpp"      // expect: checker/ may include only from
#include "parser/grammar.hpp"  // expect: X3 stays inside parser/
bool french(const pips::Variant& v) {
    return v.rules == pips::RuleSet::french;  // expect: names RuleSet::
}
// A comment may name RuleSet::french without fault.
