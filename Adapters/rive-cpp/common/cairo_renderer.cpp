// Cairo rasterization of rive::Renderer calls (see cairo_renderer.hpp).
#include "cairo_renderer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <unistd.h>

namespace harness
{

rive::Mat2D fitting(const rive::AABB& content,
                    const rive::AABB& frame,
                    FitMode fit,
                    float alignmentX,
                    float alignmentY)
{
    double contentWidth = content.width();
    double contentHeight = content.height();
    double frameWidth = frame.width();
    double frameHeight = frame.height();
    double ratioX = contentWidth > 0 ? frameWidth / contentWidth : 1;
    double ratioY = contentHeight > 0 ? frameHeight / contentHeight : 1;
    double scaleX = 1, scaleY = 1;
    switch (fit)
    {
        case FitMode::fill:
            scaleX = ratioX;
            scaleY = ratioY;
            break;
        case FitMode::contain:
            scaleX = scaleY = std::min(ratioX, ratioY);
            break;
        case FitMode::cover:
            scaleX = scaleY = std::max(ratioX, ratioY);
            break;
        case FitMode::fitWidth:
            scaleX = scaleY = ratioX;
            break;
        case FitMode::fitHeight:
            scaleX = scaleY = ratioY;
            break;
        case FitMode::none:
            break;
        case FitMode::scaleDown:
            scaleX = scaleY = std::min(std::min(ratioX, ratioY), 1.0);
            break;
    }
    double contentAnchorX = content.minX + contentWidth * 0.5 + alignmentX * contentWidth * 0.5;
    double contentAnchorY = content.minY + contentHeight * 0.5 + alignmentY * contentHeight * 0.5;
    double frameAnchorX = frame.minX + frameWidth * 0.5 + alignmentX * frameWidth * 0.5;
    double frameAnchorY = frame.minY + frameHeight * 0.5 + alignmentY * frameHeight * 0.5;
    return rive::Mat2D(static_cast<float>(scaleX),
                       0,
                       0,
                       static_cast<float>(scaleY),
                       static_cast<float>(frameAnchorX - scaleX * contentAnchorX),
                       static_cast<float>(frameAnchorY - scaleY * contentAnchorY));
}

namespace
{
cairo_matrix_t toCairo(const rive::Mat2D& m)
{
    cairo_matrix_t matrix;
    cairo_matrix_init(&matrix, m[0], m[1], m[2], m[3], m[4], m[5]);
    return matrix;
}

bool invertible(const cairo_matrix_t& m)
{
    double determinant = m.xx * m.yy - m.yx * m.xy;
    return std::isfinite(determinant) && determinant != 0 && std::isfinite(m.x0) && std::isfinite(m.y0);
}

cairo_fill_rule_t fillRule(rive::FillRule rule)
{
    return rule == rive::FillRule::evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING;
}

cairo_operator_t blendOperator(rive::BlendMode mode)
{
    switch (mode)
    {
        case rive::BlendMode::srcOver:
            return CAIRO_OPERATOR_OVER;
        case rive::BlendMode::screen:
            return CAIRO_OPERATOR_SCREEN;
        case rive::BlendMode::overlay:
            return CAIRO_OPERATOR_OVERLAY;
        case rive::BlendMode::darken:
            return CAIRO_OPERATOR_DARKEN;
        case rive::BlendMode::lighten:
            return CAIRO_OPERATOR_LIGHTEN;
        case rive::BlendMode::colorDodge:
            return CAIRO_OPERATOR_COLOR_DODGE;
        case rive::BlendMode::colorBurn:
            return CAIRO_OPERATOR_COLOR_BURN;
        case rive::BlendMode::hardLight:
            return CAIRO_OPERATOR_HARD_LIGHT;
        case rive::BlendMode::softLight:
            return CAIRO_OPERATOR_SOFT_LIGHT;
        case rive::BlendMode::difference:
            return CAIRO_OPERATOR_DIFFERENCE;
        case rive::BlendMode::exclusion:
            return CAIRO_OPERATOR_EXCLUSION;
        case rive::BlendMode::multiply:
            return CAIRO_OPERATOR_MULTIPLY;
        case rive::BlendMode::hue:
            return CAIRO_OPERATOR_HSL_HUE;
        case rive::BlendMode::saturation:
            return CAIRO_OPERATOR_HSL_SATURATION;
        case rive::BlendMode::color:
            return CAIRO_OPERATOR_HSL_COLOR;
        case rive::BlendMode::luminosity:
            return CAIRO_OPERATOR_HSL_LUMINOSITY;
    }
    return CAIRO_OPERATOR_OVER;
}

void setColor(cairo_t* context, uint32_t argb)
{
    cairo_set_source_rgba(context,
                          ((argb >> 16) & 0xFF) / 255.0,
                          ((argb >> 8) & 0xFF) / 255.0,
                          (argb & 0xFF) / 255.0,
                          (argb >> 24) / 255.0);
}

cairo_status_t writeToFile(void* closure, const unsigned char* data, unsigned int length)
{
    return std::fwrite(data, 1, length, static_cast<FILE*>(closure)) == length ? CAIRO_STATUS_SUCCESS
                                                                               : CAIRO_STATUS_WRITE_ERROR;
}
} // namespace

CairoRenderer::CairoRenderer(int width, int height) :
    m_width(std::max(width, 1)), m_height(std::max(height, 1))
{
    m_surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, m_width, m_height);
    m_context = cairo_create(m_surface);
    cairo_set_miter_limit(m_context, 4);
}

CairoRenderer::~CairoRenderer()
{
    cairo_destroy(m_context);
    cairo_surface_destroy(m_surface);
}

void CairoRenderer::beginFrame(const rive::AABB& artboardBounds,
                               FitMode fit,
                               float alignmentX,
                               float alignmentY,
                               uint32_t backgroundARGB)
{
    if (cairo_status(m_context) != CAIRO_STATUS_SUCCESS)
    {
        cairo_destroy(m_context);
        m_context = cairo_create(m_surface);
        cairo_set_miter_limit(m_context, 4);
        m_saved.clear();
    }
    for (size_t i = 0; i < m_saved.size(); ++i)
        cairo_restore(m_context);
    m_saved.clear();
    m_opacity = 1;
    cairo_reset_clip(m_context);
    cairo_identity_matrix(m_context);
    cairo_set_operator(m_context, CAIRO_OPERATOR_SOURCE);
    setColor(m_context, backgroundARGB);
    cairo_paint(m_context);
    rive::Mat2D base = fitting(artboardBounds,
                               rive::AABB(0, 0, static_cast<float>(m_width), static_cast<float>(m_height)),
                               fit,
                               alignmentX,
                               alignmentY);
    cairo_matrix_t matrix = toCairo(base);
    m_degenerate = !invertible(matrix);
    if (!m_degenerate)
        cairo_set_matrix(m_context, &matrix);
}

std::vector<uint8_t> CairoRenderer::straightRGBA()
{
    cairo_surface_flush(m_surface);
    const unsigned char* data = cairo_image_surface_get_data(m_surface);
    int stride = cairo_image_surface_get_stride(m_surface);
    std::vector<uint8_t> rgba(static_cast<size_t>(m_width) * m_height * 4);
    size_t out = 0;
    for (int y = 0; y < m_height; ++y)
    {
        const uint32_t* row = reinterpret_cast<const uint32_t*>(data + y * stride);
        for (int x = 0; x < m_width; ++x)
        {
            uint32_t pixel = row[x];
            uint32_t a = pixel >> 24;
            uint32_t r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF;
            if (a == 0)
                r = g = b = 0;
            else if (a != 255)
            {
                r = std::min<uint32_t>(255, (r * 255 + a / 2) / a);
                g = std::min<uint32_t>(255, (g * 255 + a / 2) / a);
                b = std::min<uint32_t>(255, (b * 255 + a / 2) / a);
            }
            rgba[out++] = static_cast<uint8_t>(r);
            rgba[out++] = static_cast<uint8_t>(g);
            rgba[out++] = static_cast<uint8_t>(b);
            rgba[out++] = static_cast<uint8_t>(a);
        }
    }
    return rgba;
}

bool CairoRenderer::writePNG(const std::string& path)
{
    cairo_surface_flush(m_surface);
    std::string temporary = path + ".tmp-" + std::to_string(getpid());
    FILE* file = std::fopen(temporary.c_str(), "wb");
    if (file == nullptr)
        return false;
    cairo_status_t status = cairo_surface_write_to_png_stream(m_surface, writeToFile, file);
    bool closed = std::fclose(file) == 0;
    if (status != CAIRO_STATUS_SUCCESS || !closed || std::rename(temporary.c_str(), path.c_str()) != 0)
    {
        std::remove(temporary.c_str());
        return false;
    }
    return true;
}

void CairoRenderer::save()
{
    cairo_save(m_context);
    m_saved.push_back(Saved{m_degenerate, m_opacity});
}

void CairoRenderer::restore()
{
    if (m_saved.empty())
        return;
    cairo_restore(m_context);
    m_degenerate = m_saved.back().degenerate;
    m_opacity = m_saved.back().opacity;
    m_saved.pop_back();
}

void CairoRenderer::transform(const rive::Mat2D& transform)
{
    if (m_degenerate)
        return;
    cairo_matrix_t current;
    cairo_get_matrix(m_context, &current);
    cairo_matrix_t local = toCairo(transform);
    cairo_matrix_t combined;
    // cairo_matrix_multiply(r, a, b) applies a first, then b: local first, then current.
    cairo_matrix_multiply(&combined, &local, &current);
    if (!invertible(combined))
    {
        m_degenerate = true;
        return;
    }
    cairo_set_matrix(m_context, &combined);
}

void CairoRenderer::appendPath(const HarnessRenderPath& path)
{
    cairo_new_path(m_context);
    for (const PathCommand& command : path.commands)
    {
        const float* p = command.points;
        switch (command.kind)
        {
            case PathCommand::Kind::move:
                cairo_move_to(m_context, p[0], p[1]);
                break;
            case PathCommand::Kind::line:
                cairo_line_to(m_context, p[0], p[1]);
                break;
            case PathCommand::Kind::cubic:
                cairo_curve_to(m_context, p[0], p[1], p[2], p[3], p[4], p[5]);
                break;
            case PathCommand::Kind::close:
                cairo_close_path(m_context);
                break;
        }
    }
}

void CairoRenderer::setSource(const PaintData& paint)
{
    if (!paint.hasShader)
    {
        setColor(m_context, modulateAlpha(paint.color, m_opacity));
        return;
    }
    const ShaderData& shader = paint.shader;
    cairo_pattern_t* pattern =
        shader.kind == ShaderData::Kind::linear
            ? cairo_pattern_create_linear(shader.x1, shader.y1, shader.x2, shader.y2)
            : cairo_pattern_create_radial(shader.cx, shader.cy, 0, shader.cx, shader.cy, shader.radius);
    for (size_t i = 0; i < shader.colors.size(); ++i)
    {
        uint32_t argb = modulateAlpha(shader.colors[i], m_opacity);
        cairo_pattern_add_color_stop_rgba(pattern,
                                          i < shader.stops.size() ? shader.stops[i] : 0,
                                          ((argb >> 16) & 0xFF) / 255.0,
                                          ((argb >> 8) & 0xFF) / 255.0,
                                          (argb & 0xFF) / 255.0,
                                          (argb >> 24) / 255.0);
    }
    cairo_set_source(m_context, pattern);
    cairo_pattern_destroy(pattern);
}

void CairoRenderer::drawPath(rive::RenderPath* renderPath, rive::RenderPaint* renderPaint)
{
    const HarnessRenderPath* path = harnessPath(renderPath);
    const HarnessRenderPaint* paint = harnessPaint(renderPaint);
    if (m_degenerate || path == nullptr || paint == nullptr)
        return;
    PaintData data = paint->snapshot();
    bool stroke = data.style == rive::RenderPaintStyle::stroke;
    if (stroke && !(data.thickness > 0 && std::isfinite(data.thickness)))
        return;
    appendPath(*path);
    cairo_set_operator(m_context, blendOperator(data.blendMode));
    setSource(data);
    if (!stroke)
    {
        cairo_set_fill_rule(m_context, fillRule(path->rule));
        cairo_fill(m_context);
        return;
    }
    cairo_set_line_width(m_context, data.thickness);
    cairo_set_line_cap(m_context,
                       data.cap == rive::StrokeCap::round    ? CAIRO_LINE_CAP_ROUND
                       : data.cap == rive::StrokeCap::square ? CAIRO_LINE_CAP_SQUARE
                                                             : CAIRO_LINE_CAP_BUTT);
    cairo_set_line_join(m_context,
                        data.join == rive::StrokeJoin::round   ? CAIRO_LINE_JOIN_ROUND
                        : data.join == rive::StrokeJoin::bevel ? CAIRO_LINE_JOIN_BEVEL
                                                               : CAIRO_LINE_JOIN_MITER);
    cairo_stroke(m_context);
}

void CairoRenderer::clipPath(rive::RenderPath* renderPath)
{
    const HarnessRenderPath* path = harnessPath(renderPath);
    if (m_degenerate || path == nullptr)
        return;
    appendPath(*path);
    cairo_set_fill_rule(m_context, fillRule(path->rule));
    cairo_clip(m_context);
}

} // namespace harness
