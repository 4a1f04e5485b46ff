#include "cli/render_run.hpp"

#include <fmt/format.h>

#include <cstdio>

#include "cli/diagnostic.hpp"
#include "cli/input.hpp"
#include "parser/parser.hpp"
#include "render/scene.hpp"

namespace pips::cli {

namespace {

int fail(const Io& io, const std::string& file, std::string_view code, const std::string& message) {
    return say_run_error(io.err, Diagnostic{file, {}, std::string(code), message}, io.color_err);
}

}  // namespace

int run_render(const RenderArgs& args, const Io& io) {
    if (args.width < render::kMinWidth || args.width > render::kMaxWidth)
        return fail(io, "", kBadArgument,
                    fmt::format("--width {} is out of range: {} to {} pixels", args.width,
                                render::kMinWidth, render::kMaxWidth));
    if (args.record < 1)
        return fail(io, "", kBadArgument,
                    fmt::format("--record {}: records count from 1", args.record));
    if (args.hand < 0)
        return fail(io, "", kBadArgument,
                    fmt::format("--hand {}: hands are numbered from 1", args.hand));
    if (args.ply < 0)
        return fail(io, "", kBadArgument, fmt::format("--ply {}: plies count from 1", args.ply));
    Input input(args.file, *io.in);
    if (const Diagnostic* d = input.error()) {
        std::string s;
        render_diagnostic(s, *d, nullptr, io.color_err);
        std::fputs(s.c_str(), io.err);
        return kExitCannotRun;
    }
    parser::RecordReader reader(input.stream());
    ast::Record record;
    int index = 0;
    bool found = false;
    while (reader.next(record))
        if (++index == args.record) {
            found = true;
            break;
        }
    if (!found) {
        if (auto d = input.read_error()) {
            std::string s;
            render_diagnostic(s, *d, nullptr, io.color_err);
            std::fputs(s.c_str(), io.err);
            return kExitCannotRun;
        }
        return fail(
            io, input.name(), kBadArgument,
            fmt::format("{}: no record {} (the input holds {})", input.name(), args.record, index));
    }
    render::Found f = render::find_position(record, {args.hand, args.ply});
    if (!f.position)
        return fail(io, input.name(), kBadArgument, fmt::format("{}: {}", input.name(), f.error));
    const std::string picture = render::svg(render::build_scene(*f.position, {args.width}));
    if (const auto e = write_output(args.output, picture, io.out))
        return say_run_error(io.err, *e, io.color_err);
    return f.position->error ? kExitInvalid : kExitValid;
}

}  // namespace pips::cli
