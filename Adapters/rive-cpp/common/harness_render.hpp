// Our render objects for the Rive C++ runtime: a rive::Factory whose paths, paints and
// shaders keep their data in plain fields, so that both of our renderers (the recording
// renderer and the cairo renderer) can read them. Written for RiveHarness; no upstream
// code is copied here.
//
// Use: create one HarnessFactory and hand it to the runtime (File::import, CommandServer).
// Every RenderPath / RenderPaint / RenderShader the runtime then makes is one of the types
// below; a renderer receiving a rive::RenderPath* casts it with harnessPath() (nullptr when
// it came from another factory, and the renderer then skips the call).
#pragma once

#include "rive/factory.hpp"
#include "rive/renderer.hpp"
#include "rive/math/mat2d.hpp"
#include "rive/math/path_types.hpp"
#include "rive/shapes/paint/blend_mode.hpp"
#include "rive/shapes/paint/stroke_cap.hpp"
#include "rive/shapes/paint/stroke_join.hpp"
#include "utils/lite_rtti.hpp"

#include <cstdint>
#include <vector>

namespace harness
{

/// One path command in the path's own coordinates (quadratics are raised to cubics).
struct PathCommand
{
    enum class Kind : uint8_t
    {
        move,
        line,
        cubic,
        close
    };
    Kind kind;
    /// move/line: points[0..1] = x, y; cubic: control1, control2, end (6 floats).
    float points[6];
};

/// A path: commands plus the fill rule it is filled (and clipped) with.
class HarnessRenderPath
    : public rive::lite_rtti_override<rive::RenderPath, HarnessRenderPath, CONST_ID(HarnessRenderPath)>
{
public:
    std::vector<PathCommand> commands;
    rive::FillRule rule = rive::FillRule::nonZero;

    void rewind() override;
    void fillRule(rive::FillRule value) override;
    void moveTo(float x, float y) override;
    void lineTo(float x, float y) override;
    void cubicTo(float ox, float oy, float ix, float iy, float x, float y) override;
    void close() override;
    void addRenderPath(const rive::RenderPath* path,
                       const rive::Mat2D& transform) override;
    void addRawPath(const rive::RawPath& path) override;
};

/// A gradient's data: linear (start, end) or radial (center, radius), straight-alpha ARGB stops.
struct ShaderData
{
    enum class Kind : uint8_t
    {
        linear,
        radial
    };
    Kind kind = Kind::linear;
    float x1 = 0, y1 = 0, x2 = 0, y2 = 0; // linear start/end
    float cx = 0, cy = 0, radius = 0;     // radial
    std::vector<rive::ColorInt> colors;
    std::vector<float> stops;
};

/// A gradient made by the factory.
class HarnessRenderShader
    : public rive::lite_rtti_override<rive::RenderShader, HarnessRenderShader, CONST_ID(HarnessRenderShader)>
{
public:
    ShaderData data;
};

/// A paint's data: fill or stroke, solid color or gradient, blend mode.
struct PaintData
{
    rive::RenderPaintStyle style = rive::RenderPaintStyle::fill;
    rive::ColorInt color = 0xFF000000;
    float thickness = 1;
    rive::StrokeJoin join = rive::StrokeJoin::miter;
    rive::StrokeCap cap = rive::StrokeCap::butt;
    rive::BlendMode blendMode = rive::BlendMode::srcOver;
    /// The feather (blur) radius; not in the canonical form, and only the Rive Renderer
    /// draws it (cairo draws feathered paths hard).
    float feather = 0;
    bool hasShader = false;
    ShaderData shader; // valid when hasShader
};

/// A paint made by the factory. The shader stays shared until a renderer reads it.
class HarnessRenderPaint
    : public rive::lite_rtti_override<rive::RenderPaint, HarnessRenderPaint, CONST_ID(HarnessRenderPaint)>
{
public:
    PaintData data;
    rive::rcp<rive::RenderShader> shaderValue;

    void style(rive::RenderPaintStyle value) override { data.style = value; }
    void color(rive::ColorInt value) override { data.color = value; }
    void thickness(float value) override { data.thickness = value; }
    void join(rive::StrokeJoin value) override { data.join = value; }
    void cap(rive::StrokeCap value) override { data.cap = value; }
    void blendMode(rive::BlendMode value) override { data.blendMode = value; }
    void feather(float value) override { data.feather = value; }
    void shader(rive::rcp<rive::RenderShader> value) override
    {
        shaderValue = std::move(value);
    }
    void invalidateStroke() override {}
    /// The paint's data with the current shader's data copied in.
    PaintData snapshot() const;
};

/// An image decoded by the factory: straight-alpha ARGB pixels (PNG through cairo).
class HarnessRenderImage
    : public rive::lite_rtti_override<rive::RenderImage, HarnessRenderImage, CONST_ID(HarnessRenderImage)>
{
public:
    HarnessRenderImage(int width, int height, std::vector<uint32_t> argb);
    std::vector<uint32_t> pixels;
};

/// The factory handed to the runtime. Images decode as PNG (cairo); other formats fail.
class HarnessFactory : public rive::Factory
{
public:
    rive::rcp<rive::RenderBuffer> makeRenderBuffer(rive::RenderBufferType,
                                                   rive::RenderBufferFlags,
                                                   size_t sizeInBytes) override;
    rive::rcp<rive::RenderShader> makeLinearGradient(float sx,
                                                     float sy,
                                                     float ex,
                                                     float ey,
                                                     const rive::ColorInt colors[],
                                                     const float stops[],
                                                     size_t count) override;
    rive::rcp<rive::RenderShader> makeRadialGradient(float cx,
                                                     float cy,
                                                     float radius,
                                                     const rive::ColorInt colors[],
                                                     const float stops[],
                                                     size_t count) override;
    rive::rcp<rive::RenderPath> makeRenderPath(rive::RawPath&,
                                               rive::FillRule) override;
    rive::rcp<rive::RenderPath> makeEmptyRenderPath() override;
    rive::rcp<rive::RenderPaint> makeRenderPaint() override;
    rive::rcp<rive::RenderImage> decodeImage(rive::Span<const uint8_t>) override;
};

/// Our path behind a runtime path pointer, or nullptr when another factory made it.
const HarnessRenderPath* harnessPath(const rive::RenderPath* path);
/// Our paint behind a runtime paint pointer, or nullptr.
const HarnessRenderPaint* harnessPaint(const rive::RenderPaint* paint);
/// Our shader behind a runtime shader pointer, or nullptr.
const HarnessRenderShader* harnessShader(const rive::RenderShader* shader);

/// A color with its alpha multiplied by `opacity` (0…1), rounded to the nearest step.
rive::ColorInt modulateAlpha(rive::ColorInt color, float opacity);

} // namespace harness
