// Runs a pips command as a library call with its standard output and error
// in files, for tests that read what it wrote (header only: the tests that
// use it link the CLI library, the support library does not).
#pragma once

#include <cstdio>
#include <string>

#include "cli/commands.hpp"
#include "tests/support/support.hpp"

namespace pips::test {

// What a command wrote, and its exit code.
struct Captured {
    int code = -1;
    std::string out, err;
};

// Runs `fn(io)` with io.out and io.err going to files in `dir`.
template <class Fn>
Captured capture(const TempDir& dir, Fn&& fn) {
    Captured c;
    std::FILE* out = std::fopen(dir.path("stdout").c_str(), "wb");
    std::FILE* err = std::fopen(dir.path("stderr").c_str(), "wb");
    cli::Io io;
    io.out = out;
    io.err = err;
    c.code = fn(io);
    std::fclose(out);
    std::fclose(err);
    c.out = slurp(dir.path("stdout"));
    c.err = slurp(dir.path("stderr"));
    return c;
}

}  // namespace pips::test
