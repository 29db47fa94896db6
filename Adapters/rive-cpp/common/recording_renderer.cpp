// The recording renderer and the canonical draw-command text (see recording_renderer.hpp).
#include "recording_renderer.hpp"

#include "rive/math/raw_path.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace harness
{

void RecordingRenderer::save()
{
    m_opacityStack.push_back(m_opacity);
    DrawCommand command{DrawCommand::Kind::save};
    m_commands.push_back(std::move(command));
}

void RecordingRenderer::restore()
{
    if (!m_opacityStack.empty())
    {
        m_opacity = m_opacityStack.back();
        m_opacityStack.pop_back();
    }
    DrawCommand command{DrawCommand::Kind::restore};
    m_commands.push_back(std::move(command));
}

void RecordingRenderer::transform(const rive::Mat2D& transform)
{
    DrawCommand command{DrawCommand::Kind::transform};
    command.matrix = transform;
    m_commands.push_back(std::move(command));
}

void RecordingRenderer::drawPath(rive::RenderPath* renderPath, rive::RenderPaint* renderPaint)
{
    const HarnessRenderPath* path = harnessPath(renderPath);
    const HarnessRenderPaint* paint = harnessPaint(renderPaint);
    if (path == nullptr || paint == nullptr)
    {
        ++m_skipped;
        return;
    }
    DrawCommand command{DrawCommand::Kind::drawPath};
    command.path = path->commands;
    command.fillRule = path->rule;
    command.paint = paint->snapshot();
    command.paint.color = modulateAlpha(command.paint.color, m_opacity);
    for (rive::ColorInt& stop : command.paint.shader.colors)
        stop = modulateAlpha(stop, m_opacity);
    m_commands.push_back(std::move(command));
}

void RecordingRenderer::clipPath(rive::RenderPath* renderPath)
{
    const HarnessRenderPath* path = harnessPath(renderPath);
    if (path == nullptr)
    {
        ++m_skipped;
        return;
    }
    DrawCommand command{DrawCommand::Kind::clip};
    command.path = path->commands;
    command.fillRule = path->rule;
    m_commands.push_back(std::move(command));
}

void RecordingRenderer::drawImage(const rive::RenderImage*, rive::ImageSampler, rive::BlendMode, float)
{
    ++m_skipped;
}

void RecordingRenderer::drawImageMesh(const rive::RenderImage*,
                                      rive::ImageSampler,
                                      rive::rcp<rive::RenderBuffer>,
                                      rive::rcp<rive::RenderBuffer>,
                                      rive::rcp<rive::RenderBuffer>,
                                      uint32_t,
                                      uint32_t,
                                      rive::BlendMode,
                                      float)
{
    ++m_skipped;
}

void RecordingRenderer::modulateOpacity(float opacity) { m_opacity *= opacity; }

void RecordingRenderer::reset()
{
    m_commands.clear();
    m_opacityStack.clear();
    m_opacity = 1;
    m_skipped = 0;
}

namespace
{
const char* fillRuleName(rive::FillRule rule)
{
    switch (rule)
    {
        case rive::FillRule::nonZero:
            return "nonZero";
        case rive::FillRule::evenOdd:
            return "evenOdd";
        case rive::FillRule::clockwise:
            return "clockwise";
    }
    return "nonZero";
}

const char* capName(rive::StrokeCap cap)
{
    switch (cap)
    {
        case rive::StrokeCap::butt:
            return "butt";
        case rive::StrokeCap::round:
            return "round";
        case rive::StrokeCap::square:
            return "square";
    }
    return "butt";
}

const char* joinName(rive::StrokeJoin join)
{
    switch (join)
    {
        case rive::StrokeJoin::miter:
            return "miter";
        case rive::StrokeJoin::round:
            return "round";
        case rive::StrokeJoin::bevel:
            return "bevel";
    }
    return "miter";
}

const char* blendModeName(rive::BlendMode mode)
{
    switch (mode)
    {
        case rive::BlendMode::srcOver:
            return "srcOver";
        case rive::BlendMode::screen:
            return "screen";
        case rive::BlendMode::overlay:
            return "overlay";
        case rive::BlendMode::darken:
            return "darken";
        case rive::BlendMode::lighten:
            return "lighten";
        case rive::BlendMode::colorDodge:
            return "colorDodge";
        case rive::BlendMode::colorBurn:
            return "colorBurn";
        case rive::BlendMode::hardLight:
            return "hardLight";
        case rive::BlendMode::softLight:
            return "softLight";
        case rive::BlendMode::difference:
            return "difference";
        case rive::BlendMode::exclusion:
            return "exclusion";
        case rive::BlendMode::multiply:
            return "multiply";
        case rive::BlendMode::hue:
            return "hue";
        case rive::BlendMode::saturation:
            return "saturation";
        case rive::BlendMode::color:
            return "color";
        case rive::BlendMode::luminosity:
            return "luminosity";
    }
    return "srcOver";
}

void appendHexColor(std::string& out, uint32_t color)
{
    static const char digits[] = "0123456789abcdef";
    for (int shift = 28; shift >= 0; shift -= 4)
        out.push_back(digits[(color >> shift) & 0xF]);
}

void appendPoint(std::string& out, float x, float y)
{
    appendCanonicalNumber(out, x);
    out.push_back(' ');
    appendCanonicalNumber(out, y);
}

void appendPath(std::string& out, const std::vector<PathCommand>& path)
{
    out += "path";
    for (const PathCommand& command : path)
    {
        switch (command.kind)
        {
            case PathCommand::Kind::move:
                out += " M ";
                appendPoint(out, command.points[0], command.points[1]);
                break;
            case PathCommand::Kind::line:
                out += " L ";
                appendPoint(out, command.points[0], command.points[1]);
                break;
            case PathCommand::Kind::cubic:
                out += " C ";
                appendPoint(out, command.points[0], command.points[1]);
                out.push_back(' ');
                appendPoint(out, command.points[2], command.points[3]);
                out.push_back(' ');
                appendPoint(out, command.points[4], command.points[5]);
                break;
            case PathCommand::Kind::close:
                out += " Z";
                break;
        }
    }
}

void appendShader(std::string& out, const PaintData& paint)
{
    if (!paint.hasShader)
    {
        out += "solid ";
        appendHexColor(out, paint.color);
        return;
    }
    const ShaderData& shader = paint.shader;
    if (shader.kind == ShaderData::Kind::linear)
    {
        out += "linear ";
        appendPoint(out, shader.x1, shader.y1);
        out.push_back(' ');
        appendPoint(out, shader.x2, shader.y2);
    }
    else
    {
        out += "radial ";
        appendPoint(out, shader.cx, shader.cy);
        out.push_back(' ');
        appendCanonicalNumber(out, shader.radius);
    }
    out += " stops ";
    out += std::to_string(shader.colors.size());
    for (size_t i = 0; i < shader.colors.size(); ++i)
    {
        out.push_back(' ');
        appendHexColor(out, shader.colors[i]);
        out.push_back('@');
        appendCanonicalNumber(out, i < shader.stops.size() ? shader.stops[i] : 0);
    }
}

void appendLine(std::string& out, const DrawCommand& command)
{
    switch (command.kind)
    {
        case DrawCommand::Kind::save:
            out += "save";
            break;
        case DrawCommand::Kind::restore:
            out += "restore";
            break;
        case DrawCommand::Kind::transform:
        {
            const rive::Mat2D& m = command.matrix;
            out += "transform ";
            for (int i = 0; i < 6; ++i)
            {
                if (i > 0)
                    out.push_back(' ');
                appendCanonicalNumber(out, m[i]);
            }
            break;
        }
        case DrawCommand::Kind::clip:
            out += "clip ";
            out += fillRuleName(command.fillRule);
            out.push_back(' ');
            appendPath(out, command.path);
            break;
        case DrawCommand::Kind::drawPath:
            if (command.paint.style == rive::RenderPaintStyle::fill)
            {
                out += "fill ";
                out += fillRuleName(command.fillRule);
            }
            else
            {
                out += "stroke ";
                appendCanonicalNumber(out, command.paint.thickness);
                out.push_back(' ');
                out += capName(command.paint.cap);
                out.push_back(' ');
                out += joinName(command.paint.join);
            }
            out.push_back(' ');
            out += blendModeName(command.paint.blendMode);
            out.push_back(' ');
            appendShader(out, command.paint);
            out.push_back(' ');
            appendPath(out, command.path);
            break;
    }
}
} // namespace

void appendCanonicalNumber(std::string& out, double value)
{
    if (!std::isfinite(value))
    {
        out += std::isnan(value) ? "nan" : (value < 0 ? "-inf" : "inf");
        return;
    }
    double thousandths = std::round(value * 1000); // halves away from zero
    if (std::fabs(thousandths) >= 1e15)
    {
        char buffer[64];
        auto result = std::to_chars(buffer, buffer + sizeof buffer, thousandths / 1000);
        out.append(buffer, result.ptr);
        return;
    }
    long long scaled = static_cast<long long>(thousandths);
    if (scaled == 0)
    {
        out.push_back('0');
        return;
    }
    if (scaled < 0)
    {
        out.push_back('-');
        scaled = -scaled;
    }
    out += std::to_string(scaled / 1000);
    long long fraction = scaled % 1000;
    if (fraction == 0)
        return;
    out.push_back('.');
    long long divisor = 100;
    while (fraction != 0)
    {
        out.push_back(static_cast<char>('0' + fraction / divisor));
        fraction %= divisor;
        divisor /= 10;
    }
}

std::string fnv1a64Hex(const std::string& bytes)
{
    uint64_t hash = 0xcbf29ce484222325ULL;
    for (unsigned char byte : bytes)
    {
        hash ^= byte;
        hash *= 0x100000001b3ULL;
    }
    char buffer[17];
    std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(hash));
    return buffer;
}

std::string RecordingRenderer::canonicalText() const
{
    std::string text;
    text.reserve(m_commands.size() * 64);
    for (const DrawCommand& command : m_commands)
    {
        appendLine(text, command);
        text.push_back('\n');
    }
    return text;
}

std::vector<std::string> RecordingRenderer::canonicalLines() const
{
    std::vector<std::string> lines;
    lines.reserve(m_commands.size());
    for (const DrawCommand& command : m_commands)
    {
        std::string line;
        appendLine(line, command);
        lines.push_back(std::move(line));
    }
    return lines;
}

std::string RecordingRenderer::digestHex() const { return fnv1a64Hex(canonicalText()); }

namespace
{
// Walks recorded commands into a renderer; makePath and makePaint turn a command's path and
// paint into the render objects that renderer draws with.
template <typename MakePath, typename MakePaint>
void replayCommands(const std::vector<DrawCommand>& commands,
                    rive::Renderer* renderer,
                    MakePath makePath,
                    MakePaint makePaint)
{
    for (const DrawCommand& command : commands)
    {
        switch (command.kind)
        {
            case DrawCommand::Kind::save:
                renderer->save();
                break;
            case DrawCommand::Kind::restore:
                renderer->restore();
                break;
            case DrawCommand::Kind::transform:
                renderer->transform(command.matrix);
                break;
            case DrawCommand::Kind::clip:
                renderer->clipPath(makePath(command).get());
                break;
            case DrawCommand::Kind::drawPath:
                renderer->drawPath(makePath(command).get(), makePaint(command).get());
                break;
        }
    }
}
} // namespace

void RecordingRenderer::replay(rive::Renderer* renderer) const
{
    auto makePath = [](const DrawCommand& command) {
        auto path = rive::make_rcp<HarnessRenderPath>();
        path->commands = command.path;
        path->rule = command.fillRule;
        return path;
    };
    auto makePaint = [](const DrawCommand& command) {
        auto paint = rive::make_rcp<HarnessRenderPaint>();
        paint->data = command.paint;
        if (command.paint.hasShader)
        {
            auto shader = rive::make_rcp<HarnessRenderShader>();
            shader->data = command.paint.shader;
            paint->shaderValue = shader;
        }
        return paint;
    };
    replayCommands(m_commands, renderer, makePath, makePaint);
}

void RecordingRenderer::replay(rive::Renderer* renderer, rive::Factory* factory) const
{
    auto makePath = [factory](const DrawCommand& command) {
        rive::RawPath raw;
        for (const PathCommand& step : command.path)
        {
            const float* p = step.points;
            switch (step.kind)
            {
                case PathCommand::Kind::move:
                    raw.moveTo(p[0], p[1]);
                    break;
                case PathCommand::Kind::line:
                    raw.lineTo(p[0], p[1]);
                    break;
                case PathCommand::Kind::cubic:
                    raw.cubicTo(p[0], p[1], p[2], p[3], p[4], p[5]);
                    break;
                case PathCommand::Kind::close:
                    raw.close();
                    break;
            }
        }
        return factory->makeRenderPath(raw, command.fillRule);
    };
    auto makePaint = [factory](const DrawCommand& command) {
        const PaintData& data = command.paint;
        rive::rcp<rive::RenderPaint> paint = factory->makeRenderPaint();
        paint->style(data.style);
        paint->color(data.color);
        paint->thickness(data.thickness);
        paint->join(data.join);
        paint->cap(data.cap);
        paint->blendMode(data.blendMode);
        paint->feather(data.feather);
        if (data.hasShader)
        {
            const ShaderData& shader = data.shader;
            paint->shader(shader.kind == ShaderData::Kind::linear
                              ? factory->makeLinearGradient(shader.x1, shader.y1, shader.x2, shader.y2,
                                                            shader.colors.data(), shader.stops.data(),
                                                            shader.colors.size())
                              : factory->makeRadialGradient(shader.cx, shader.cy, shader.radius,
                                                            shader.colors.data(), shader.stops.data(),
                                                            shader.colors.size()));
        }
        return paint;
    };
    replayCommands(m_commands, renderer, makePath, makePaint);
}

} // namespace harness
