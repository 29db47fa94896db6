import RiveFormat

private typealias T = RiveTypeKey
private typealias P = RivePropertyKey

extension ArtboardScene {
    /// Whether a fill or stroke draws at all (upstream `ShapePaint::shouldDraw`): a stroke
    /// needs a thickness above 0 (`Stroke::isVisible`), and the paint's color must keep some
    /// alpha once the container's render opacity is folded in: a solid color's alpha byte, or
    /// any gradient stop's after the gradient's opacity too (`SolidColor::renderOpacityChanged`,
    /// `LinearGradient::update`, which set the mutator's visible flag; alphas rounded as
    /// `colorModulateOpacity` does). A host's opacity is not part of it: upstream applies
    /// that through the renderer.
    func paintDraws(_ paint: Int, isStroke: Bool, renderOpacity: Double) -> Bool {
        if isStroke, !(store.double(paint, P.strokeThickness, 1) > 0) { return false }
        guard let source = components[paint]?.children.first(where: { components[$0]?.kind == .solidColor || components[$0]?.kind == .gradient }),
              let sourceComponent = components[source] else { return true }
        func keepsAlpha(_ color: UInt32, _ opacity: Double) -> Bool {
            let alpha = Float(color >> 24) / 255 * Float(opacity)
            return (255 * min(1, max(0, alpha))).rounded() > 0
        }
        if sourceComponent.kind == .solidColor {
            return keepsAlpha(store.color(source, P.solidColorColorValue, 0xFF74_7474), renderOpacity)
        }
        let opacity = Double(Float(store.double(source, P.linearGradientOpacity, 1)) * Float(renderOpacity))
        return sourceComponent.children.contains { stop in
            components[stop]?.kind == .gradientStop && keepsAlpha(store.color(stop, P.gradientStopColorValue, 0xFFFF_FFFF), opacity)
        }
    }
}
