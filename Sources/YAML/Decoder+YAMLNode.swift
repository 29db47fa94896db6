extension Decoder {
    /// The YAML node this decoder reads, or `nil` when it is not a YAML decoder.
    ///
    /// Lets a custom `init(from:)` inspect the raw tree, for example to choose a variant by
    /// the node's shape.
    public var yamlNode: YAMLNode? {
        (self as? NodeDecoder)?.node
    }

    /// Where the node this decoder reads starts, or `nil` when it is not a YAML decoder.
    public var yamlMark: Mark? {
        yamlNode?.mark
    }
}
