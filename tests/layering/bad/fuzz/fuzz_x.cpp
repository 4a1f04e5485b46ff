// Planted faults for scripts/check_layers.py --self-test: never compiled.
#include "fuzz/fuzz_inputs.hpp"
#include "tests/ast_compare.hpp"  // expect: fuzz/ may include only from
