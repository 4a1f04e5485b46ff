// How every pips subcommand opens its inputs: a file, or `-` for standard
// input. A directory, or a file that cannot be opened or read, is a
// diagnostic (cli/diagnostic.hpp) rather than an empty input.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/diagnostic.hpp"

namespace pips::cli {

// How a file is named in messages: `-` is standard input.
std::string display_name(std::string_view path);

class Input {
public:
    static constexpr std::size_t kBuffer = std::size_t{1} << 16;

    // Opens `path` to read in binary through a buffer of `buffer` bytes;
    // `-` reads `standard_input`. See error() before reading.
    Input(std::string_view path, std::istream& standard_input, std::size_t buffer = kBuffer);
    Input(const Input&) = delete;
    Input& operator=(const Input&) = delete;

    // `<stdin>` for `-`, else the path.
    const std::string& name() const { return name_; }

    // Why the input cannot be read: "cannot read 'NAME': is a directory"
    // (kCannotRead), "cannot open 'NAME': REASON" (kCannotOpen); nullptr when
    // it can be read.
    const Diagnostic* error() const { return error_ ? &*error_ : nullptr; }

    // The stream to read; only when error() is nullptr.
    std::istream& stream() { return *in_; }

    // After reading: "cannot read 'NAME': read error" (kCannotRead) when the
    // stream failed other than by ending.
    std::optional<Diagnostic> read_error() const;

    // Reads the rest of the input into `text`; false when it cannot be read
    // (error() or read_error() say why).
    bool read_all(std::string& text);

private:
    Diagnostic input_error(std::string_view code, std::string message) const;

    std::string name_;
    // file_'s buffer: declared first, destroyed last. Left uninitialised
    // (the stream writes before it reads): zeroing it cost every run a
    // loop over its bytes and the page faults of touching them.
    std::unique_ptr<char[]> buffer_;
    std::ifstream file_;
    std::istream* in_ = nullptr;
    std::optional<Diagnostic> error_;
};

// Writes `bytes` whole to `path` (`-`: `standard_output`, flushed); the
// problem when it cannot ("cannot write 'PATH': REASON", kCannotWrite).
std::optional<Diagnostic> write_output(const std::string& path, std::string_view bytes,
                                       std::FILE* standard_output);

// The total size of the inputs when every one is a regular file; else 0
// (unknown: standard input, a pipe, a missing file).
std::uint64_t input_size(const std::vector<std::string>& paths);

}  // namespace pips::cli
