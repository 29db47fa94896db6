// Our render objects and factory (see harness_render.hpp).
#include "harness_render.hpp"

#include "rive/math/raw_path.hpp"
#include "utils/factory_utils.hpp"

#include <cairo.h>
#include <cmath>
#include <cstring>

namespace harness
{

namespace
{
PathCommand point2(PathCommand::Kind kind, float x, float y)
{
    PathCommand command{kind, {x, y, 0, 0, 0, 0}};
    return command;
}
} // namespace

void HarnessRenderPath::rewind() { commands.clear(); }
void HarnessRenderPath::fillRule(rive::FillRule value) { rule = value; }
void HarnessRenderPath::moveTo(float x, float y)
{
    commands.push_back(point2(PathCommand::Kind::move, x, y));
}
void HarnessRenderPath::lineTo(float x, float y)
{
    commands.push_back(point2(PathCommand::Kind::line, x, y));
}
void HarnessRenderPath::cubicTo(float ox, float oy, float ix, float iy, float x, float y)
{
    commands.push_back(PathCommand{PathCommand::Kind::cubic, {ox, oy, ix, iy, x, y}});
}
void HarnessRenderPath::close()
{
    commands.push_back(PathCommand{PathCommand::Kind::close, {0, 0, 0, 0, 0, 0}});
}

void HarnessRenderPath::addRenderPath(const rive::RenderPath* path, const rive::Mat2D& m)
{
    const HarnessRenderPath* other = harnessPath(path);
    if (other == nullptr)
        return;
    // Copy first: `path` may be this path.
    std::vector<PathCommand> source = other->commands;
    const bool isIdentity = m == rive::Mat2D();
    for (PathCommand command : source)
    {
        int pointCount = command.kind == PathCommand::Kind::cubic ? 3
                         : command.kind == PathCommand::Kind::close ? 0
                                                                     : 1;
        // As the Rive renderer's RiveRenderPath::addRenderPath: the identity copies the
        // points, any other matrix maps them with Mat2D::mapPoints (RawPath::addPath), which
        // leaves y alone under a scale-and-translate matrix (so 0 * inf never makes a NaN).
        for (int i = 0; i < pointCount && !isIdentity; ++i)
        {
            rive::Vec2D p(command.points[2 * i], command.points[2 * i + 1]);
            m.mapPoints(&p, &p, 1);
            command.points[2 * i] = p.x;
            command.points[2 * i + 1] = p.y;
        }
        commands.push_back(command);
    }
}

void HarnessRenderPath::addRawPath(const rive::RawPath& path)
{
    // The points as they are (the Rive renderer's addRawPath copies them untransformed).
    auto points = path.points();
    size_t index = 0;
    rive::Vec2D last(0, 0);
    auto next = [&]() -> rive::Vec2D {
        rive::Vec2D p = index < points.size() ? points[index] : rive::Vec2D(0, 0);
        ++index;
        return p;
    };
    for (rive::PathVerb verb : path.verbs())
    {
        switch (verb)
        {
            case rive::PathVerb::move:
                last = next();
                moveTo(last.x, last.y);
                break;
            case rive::PathVerb::line:
                last = next();
                lineTo(last.x, last.y);
                break;
            case rive::PathVerb::quad:
            {
                // Degree elevation: c1 = p0 + 2/3 (q - p0), c2 = p + 2/3 (q - p).
                rive::Vec2D q = next();
                rive::Vec2D p = next();
                rive::Vec2D c1 = last + (q - last) * (2.0f / 3.0f);
                rive::Vec2D c2 = p + (q - p) * (2.0f / 3.0f);
                cubicTo(c1.x, c1.y, c2.x, c2.y, p.x, p.y);
                last = p;
                break;
            }
            case rive::PathVerb::cubic:
            {
                rive::Vec2D c1 = next();
                rive::Vec2D c2 = next();
                last = next();
                cubicTo(c1.x, c1.y, c2.x, c2.y, last.x, last.y);
                break;
            }
            case rive::PathVerb::close:
                close();
                break;
        }
    }
}

PaintData HarnessRenderPaint::snapshot() const
{
    PaintData copy = data;
    const HarnessRenderShader* gradient = harnessShader(shaderValue.get());
    copy.hasShader = gradient != nullptr;
    if (gradient != nullptr)
        copy.shader = gradient->data;
    return copy;
}

HarnessRenderImage::HarnessRenderImage(int width, int height, std::vector<uint32_t> argb) :
    pixels(std::move(argb))
{
    m_Width = width;
    m_Height = height;
}

rive::rcp<rive::RenderBuffer> HarnessFactory::makeRenderBuffer(rive::RenderBufferType type,
                                                               rive::RenderBufferFlags flags,
                                                               size_t sizeInBytes)
{
    return rive::make_rcp<rive::DataRenderBuffer>(type, flags, sizeInBytes);
}

rive::rcp<rive::RenderShader> HarnessFactory::makeLinearGradient(float sx,
                                                                 float sy,
                                                                 float ex,
                                                                 float ey,
                                                                 const rive::ColorInt colors[],
                                                                 const float stops[],
                                                                 size_t count)
{
    auto shader = rive::make_rcp<HarnessRenderShader>();
    shader->data.kind = ShaderData::Kind::linear;
    shader->data.x1 = sx;
    shader->data.y1 = sy;
    shader->data.x2 = ex;
    shader->data.y2 = ey;
    shader->data.colors.assign(colors, colors + count);
    shader->data.stops.assign(stops, stops + count);
    return shader;
}

rive::rcp<rive::RenderShader> HarnessFactory::makeRadialGradient(float cx,
                                                                 float cy,
                                                                 float radius,
                                                                 const rive::ColorInt colors[],
                                                                 const float stops[],
                                                                 size_t count)
{
    auto shader = rive::make_rcp<HarnessRenderShader>();
    shader->data.kind = ShaderData::Kind::radial;
    shader->data.cx = cx;
    shader->data.cy = cy;
    shader->data.radius = radius;
    shader->data.colors.assign(colors, colors + count);
    shader->data.stops.assign(stops, stops + count);
    return shader;
}

rive::rcp<rive::RenderPath> HarnessFactory::makeRenderPath(rive::RawPath& raw, rive::FillRule rule)
{
    auto path = rive::make_rcp<HarnessRenderPath>();
    path->rule = rule;
    path->addRawPath(raw);
    return path;
}

rive::rcp<rive::RenderPath> HarnessFactory::makeEmptyRenderPath()
{
    return rive::make_rcp<HarnessRenderPath>();
}

rive::rcp<rive::RenderPaint> HarnessFactory::makeRenderPaint()
{
    return rive::make_rcp<HarnessRenderPaint>();
}

namespace
{
struct PngReader
{
    const uint8_t* bytes;
    size_t size;
    size_t offset;
};

cairo_status_t readPng(void* closure, unsigned char* data, unsigned int length)
{
    auto* reader = static_cast<PngReader*>(closure);
    if (reader->size - reader->offset < length)
        return CAIRO_STATUS_READ_ERROR;
    std::memcpy(data, reader->bytes + reader->offset, length);
    reader->offset += length;
    return CAIRO_STATUS_SUCCESS;
}
} // namespace

rive::rcp<rive::RenderImage> HarnessFactory::decodeImage(rive::Span<const uint8_t> bytes)
{
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (bytes.size() < 8 || std::memcmp(bytes.data(), signature, 8) != 0)
        return nullptr;
    PngReader reader{bytes.data(), bytes.size(), 0};
    cairo_surface_t* surface = cairo_image_surface_create_from_png_stream(readPng, &reader);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS)
    {
        cairo_surface_destroy(surface);
        return nullptr;
    }
    cairo_surface_flush(surface);
    int width = cairo_image_surface_get_width(surface);
    int height = cairo_image_surface_get_height(surface);
    int stride = cairo_image_surface_get_stride(surface);
    const unsigned char* data = cairo_image_surface_get_data(surface);
    std::vector<uint32_t> argb(static_cast<size_t>(width) * height);
    for (int y = 0; y < height; ++y)
    {
        const uint32_t* row = reinterpret_cast<const uint32_t*>(data + y * stride);
        for (int x = 0; x < width; ++x)
        {
            uint32_t premultiplied = row[x];
            uint32_t a = premultiplied >> 24;
            uint32_t out = 0;
            if (a == 255)
                out = premultiplied;
            else if (a != 0)
            {
                uint32_t r = std::min<uint32_t>(255, (((premultiplied >> 16) & 0xFF) * 255 + a / 2) / a);
                uint32_t g = std::min<uint32_t>(255, (((premultiplied >> 8) & 0xFF) * 255 + a / 2) / a);
                uint32_t b = std::min<uint32_t>(255, ((premultiplied & 0xFF) * 255 + a / 2) / a);
                out = (a << 24) | (r << 16) | (g << 8) | b;
            }
            argb[static_cast<size_t>(y) * width + x] = out;
        }
    }
    cairo_surface_destroy(surface);
    return rive::make_rcp<HarnessRenderImage>(width, height, std::move(argb));
}

const HarnessRenderPath* harnessPath(const rive::RenderPath* path)
{
    return rive::lite_rtti_cast<const HarnessRenderPath*>(path);
}
const HarnessRenderPaint* harnessPaint(const rive::RenderPaint* paint)
{
    return rive::lite_rtti_cast<const HarnessRenderPaint*>(paint);
}
const HarnessRenderShader* harnessShader(const rive::RenderShader* shader)
{
    return rive::lite_rtti_cast<const HarnessRenderShader*>(shader);
}

rive::ColorInt modulateAlpha(rive::ColorInt color, float opacity)
{
    if (opacity >= 1.0f)
        return color;
    float clamped = opacity > 0 ? opacity : 0;
    uint32_t alpha = static_cast<uint32_t>(std::lround((color >> 24) * clamped));
    return (color & 0x00FFFFFF) | (std::min<uint32_t>(alpha, 255) << 24);
}

} // namespace harness
