// A rive::Renderer that records draw calls in the harness's canonical draw-command form
// (docs/rendering.md, "The digest: canonical form"): one text line per call, numbers
// rounded to 1e-3, FNV-1a 64-bit digest of the text. The same text and digest come out of
// the reference runtime's DrawCommandRecorder for the same calls, so digests and dumps
// compare across runtimes.
//
// Use:
//   harness::RecordingRenderer recorder;
//   artboard->draw(&recorder);            // paths/paints from harness::HarnessFactory
//   std::string text = recorder.canonicalText();
//   std::string hex  = recorder.digestHex();
//   recorder.replay(&cairoRenderer);       // draw the same frame as pixels
//   recorder.reset();                      // before the next frame
//
// Calls with paths or paints from another factory, images and image meshes are not part
// of the canonical form and are counted in skippedCalls() instead.
// modulateOpacity() multiplies the alpha of later paints' colors (and gradient stops), as
// the reference folds inherited opacity into colors; save()/restore() keep it.
#pragma once

#include "harness_render.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace harness
{

/// One recorded call with copies of its path and paint data.
struct DrawCommand
{
    enum class Kind : uint8_t
    {
        save,
        restore,
        transform,
        clip,
        drawPath
    };
    Kind kind;
    rive::Mat2D matrix;               // transform
    std::vector<PathCommand> path;    // clip, drawPath
    rive::FillRule fillRule = rive::FillRule::nonZero; // clip, drawPath
    PaintData paint;                  // drawPath (colors already modulated)
};

/// Records rive::Renderer calls and writes them as canonical text.
class RecordingRenderer : public rive::Renderer
{
public:
    void save() override;
    void restore() override;
    void transform(const rive::Mat2D& transform) override;
    void drawPath(rive::RenderPath* path, rive::RenderPaint* paint) override;
    void clipPath(rive::RenderPath* path) override;
    void drawImage(const rive::RenderImage*, rive::ImageSampler, rive::BlendMode, float) override;
    void drawImageMesh(const rive::RenderImage*,
                       rive::ImageSampler,
                       rive::rcp<rive::RenderBuffer>,
                       rive::rcp<rive::RenderBuffer>,
                       rive::rcp<rive::RenderBuffer>,
                       uint32_t,
                       uint32_t,
                       rive::BlendMode,
                       float) override;
    void modulateOpacity(float opacity) override;

    /// Empties the recording (keeps capacity).
    void reset();
    /// The recorded calls in order.
    const std::vector<DrawCommand>& commands() const { return m_commands; }
    /// Calls left out of the canonical form (foreign objects, images).
    size_t skippedCalls() const { return m_skipped; }
    /// The canonical text: one line per call, each ending in '\n'.
    std::string canonicalText() const;
    /// The canonical lines without their newlines.
    std::vector<std::string> canonicalLines() const;
    /// FNV-1a 64-bit hash of canonicalText() as 16 lowercase hex digits.
    std::string digestHex() const;
    /// Makes the same calls on another renderer (paths and paints re-created there are ours).
    void replay(rive::Renderer* renderer) const;
    /// Makes the same calls on a renderer that draws only its own factory's objects (the Rive
    /// Renderer): paths, paints and gradients are re-created with `factory`.
    void replay(rive::Renderer* renderer, rive::Factory* factory) const;

private:
    std::vector<DrawCommand> m_commands;
    std::vector<float> m_opacityStack;
    float m_opacity = 1;
    size_t m_skipped = 0;
};

/// Appends one number in canonical form (rounded to 1e-3, no trailing zeros, -0 → 0).
void appendCanonicalNumber(std::string& out, double value);
/// FNV-1a 64-bit of bytes as 16 lowercase hex digits.
std::string fnv1a64Hex(const std::string& bytes);

} // namespace harness
