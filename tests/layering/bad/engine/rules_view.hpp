// Planted faults for scripts/check_layers.py --self-test: never compiled.
#pragma once
#include "checker/checker.hpp"  // expect: engine/ may include only from engine
#include "engine/tile.hpp"
#include "parser/ast.hpp"  // expect: engine/ may include only from engine
