import RiveRendering
/// Paint visibility as upstream's paint mutators track it (`SolidColor::renderOpacityChanged`,
/// `LinearGradient::update`): a paint whose colors are all fully transparent is not visible.
extension Shader {
    /// Whether every color of the shader has alpha 0 (upstream's paint mutator is then not visible).
    var isFullyTransparent: Bool {
        switch self {
        case .solid(let color): color >> 24 == 0
        case .linearGradient(_, _, let stops), .radialGradient(_, _, let stops): stops.allSatisfy { $0.color >> 24 == 0 }
        }
    }
}
