// A rive::Renderer that rasterizes with cairo, for pixel oracles on the real runtime. It
// follows the reference runtime's CairoRasterizer (docs/rendering.md, "Rasterization, fit
// and alignment"): one ARGB32 surface reused per frame, beginFrame() clears it and maps
// the artboard's bounds into the image with a fit and an alignment (Rive's
// computeAlignment, an empty axis scales by 1), anti-aliased drawing, miter limit 4,
// clockwise filled as non-zero, gradients with pad extend, a singular transform makes
// drawing a no-op until the matching restore, an unmatched restore is ignored.
// straightRGBA() gives straight-alpha R, G, B, A bytes with cairo's own un-premultiply
// rounding.
//
// Use:
//   harness::CairoRenderer raster(256, 256);
//   raster.beginFrame(artboard->bounds());          // contain, centre, transparent
//   artboard->draw(&raster);                         // or recorder.replay(&raster)
//   std::vector<uint8_t> rgba = raster.straightRGBA();
//   raster.writePNG("frame.png");
#pragma once

#include "harness_render.hpp"

#include "rive/math/aabb.hpp"

#include <cairo.h>
#include <cstdint>
#include <string>
#include <vector>

namespace harness
{

/// How content is scaled into the frame (Rive's Fit, in its order).
enum class FitMode
{
    fill,
    contain,
    cover,
    fitWidth,
    fitHeight,
    none,
    scaleDown
};

/// The transform placing `content` into `frame` with a fit and an alignment (-1…1 per axis).
rive::Mat2D fitting(const rive::AABB& content,
                    const rive::AABB& frame,
                    FitMode fit,
                    float alignmentX,
                    float alignmentY);

/// Rasterizes rive::Renderer calls with paths and paints from HarnessFactory.
class CairoRenderer : public rive::Renderer
{
public:
    CairoRenderer(int width, int height);
    ~CairoRenderer() override;
    CairoRenderer(const CairoRenderer&) = delete;
    CairoRenderer& operator=(const CairoRenderer&) = delete;

    int width() const { return m_width; }
    int height() const { return m_height; }

    /// Clears to `backgroundARGB` and maps `artboardBounds` into the image.
    void beginFrame(const rive::AABB& artboardBounds,
                    FitMode fit = FitMode::contain,
                    float alignmentX = 0,
                    float alignmentY = 0,
                    uint32_t backgroundARGB = 0);
    /// The pixels as straight-alpha R, G, B, A bytes, rows from the top left.
    std::vector<uint8_t> straightRGBA();
    /// Writes the pixels as PNG to `path` through a temporary file renamed into place.
    /// Returns false (and leaves no file) when cairo or the rename fails.
    bool writePNG(const std::string& path);

    void save() override;
    void restore() override;
    void transform(const rive::Mat2D& transform) override;
    void drawPath(rive::RenderPath* path, rive::RenderPaint* paint) override;
    void clipPath(rive::RenderPath* path) override;
    void drawImage(const rive::RenderImage*, rive::ImageSampler, rive::BlendMode, float) override {}
    void drawImageMesh(const rive::RenderImage*,
                       rive::ImageSampler,
                       rive::rcp<rive::RenderBuffer>,
                       rive::rcp<rive::RenderBuffer>,
                       rive::rcp<rive::RenderBuffer>,
                       uint32_t,
                       uint32_t,
                       rive::BlendMode,
                       float) override
    {}
    void modulateOpacity(float opacity) override { m_opacity *= opacity; }

private:
    void appendPath(const HarnessRenderPath& path);
    void setSource(const PaintData& paint);

    int m_width;
    int m_height;
    cairo_surface_t* m_surface = nullptr;
    cairo_t* m_context = nullptr;
    bool m_degenerate = false;
    float m_opacity = 1;
    struct Saved
    {
        bool degenerate;
        float opacity;
    };
    std::vector<Saved> m_saved;
};

} // namespace harness
