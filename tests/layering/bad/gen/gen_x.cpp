// Planted faults for scripts/check_layers.py --self-test: never compiled.
#include "checker/codes.hpp"
#include "cli/tools.hpp"  // expect: gen/ may include only from
