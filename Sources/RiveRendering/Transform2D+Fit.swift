extension Transform2D {
    /// The transform that places `content` into `frame` with a fit and an alignment (Rive's `computeAlignment`).
    ///
    /// As upstream: the content point at alignment (x, y) of the content box, that is
    /// (minX + w/2 + x·w/2, minY + h/2 + y·h/2), maps to the same alignment point of the
    /// frame, with the scale chosen by `fit`:
    /// fill (fw/cw, fh/ch); contain min(fw/cw, fh/ch); cover max(…); fitWidth fw/cw;
    /// fitHeight fh/ch; none 1; scaleDown min(contain, 1). The result is
    /// translate(frameAnchor) · scale · translate(−contentAnchor).
    /// Upstream divides by zero for empty content; here an axis of zero or negative content
    /// size uses scale 1 instead, so the transform stays finite.
    public static func fitting(_ content: Bounds, into frame: Bounds, fit: Fit, alignment: Alignment) -> Transform2D {
        let contentWidth = content.width
        let contentHeight = content.height
        let ratioX = contentWidth > 0 ? frame.width / contentWidth : 1
        let ratioY = contentHeight > 0 ? frame.height / contentHeight : 1
        let scaleX: Double
        let scaleY: Double
        switch fit {
        case .fill:
            scaleX = ratioX
            scaleY = ratioY
        case .contain:
            scaleX = min(ratioX, ratioY)
            scaleY = scaleX
        case .cover:
            scaleX = max(ratioX, ratioY)
            scaleY = scaleX
        case .fitWidth:
            scaleX = ratioX
            scaleY = ratioX
        case .fitHeight:
            scaleX = ratioY
            scaleY = ratioY
        case .none:
            scaleX = 1
            scaleY = 1
        case .scaleDown:
            scaleX = min(min(ratioX, ratioY), 1)
            scaleY = scaleX
        }
        let contentAnchorX = content.minX + contentWidth * 0.5 + alignment.x * contentWidth * 0.5
        let contentAnchorY = content.minY + contentHeight * 0.5 + alignment.y * contentHeight * 0.5
        let frameAnchorX = frame.minX + frame.width * 0.5 + alignment.x * frame.width * 0.5
        let frameAnchorY = frame.minY + frame.height * 0.5 + alignment.y * frame.height * 0.5
        return Transform2D(
            a: scaleX, b: 0, c: 0, d: scaleY,
            tx: frameAnchorX - scaleX * contentAnchorX,
            ty: frameAnchorY - scaleY * contentAnchorY
        )
    }
}
