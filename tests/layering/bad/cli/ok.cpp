// Planted faults for scripts/check_layers.py --self-test: never compiled.
// Nothing wrong here: cli/ may include every library.
#include "checker/checker.hpp"
#include "gen/generate.hpp"
#include "parser/parser.hpp"
