import Foundation
import HarnessTestSupport
import RiveFormat
import RiveSchemaGenerator
import Testing

/// The committed generated schema must match a fresh generation from the definitions.
struct SchemaGenerationTests {
    @Test("the committed schema is what rive-schema-gen generates from ../shared/rive-defs",
          .enabled(if: SharedMaterial.hasDefinitions, Comment(rawValue: SharedMaterial.absentComment)))
    func generatedSchemaIsCurrent() throws {
        let fresh = try SchemaGenerator(definitionsDirectory: SharedMaterial.definitionsDirectory).generateSource()
        let committedURL = SharedMaterial.packageRoot.appendingPathComponent("Sources/RiveFormat/Generated/RiveSchema+Generated.swift")
        let committed = try String(contentsOf: committedURL, encoding: .utf8)
        #expect(committed == fresh, """
            Sources/RiveFormat/Generated/RiveSchema+Generated.swift is stale. Regenerate it with:
              swift run rive-schema-gen ../shared/rive-defs Sources/RiveFormat/Generated/RiveSchema+Generated.swift
            """)
    }

    @Test("schema facts from riv-format-and-binding.md §2.4")
    func schemaFacts() throws {
        #expect(RiveSchema.type(RiveTypeKey.artboard)?.parentKey == RiveTypeKey.layoutComponent)
        // LinearAnimation's editor-only parent (LinearAnimationResolver) is skipped.
        #expect(RiveSchema.type(RiveTypeKey.linearAnimation)?.parentKey == RiveTypeKey.animation)
        #expect(RiveSchema.property(9)?.key == RivePropertyKey.nodeX)
        #expect(RiveSchema.property(10)?.key == RivePropertyKey.nodeY)
        #expect(RiveSchema.defaultValue(of: RivePropertyKey.solidColorColorValue) == .color(0xFF74_7474))
        #expect(RiveSchema.defaultValue(of: RivePropertyKey.artboardDefaultStateMachineId) == .uint(0xFFFF_FFFF))
        #expect(RiveSchema.defaultValue(of: RivePropertyKey.keyedPropertyPropertyKey) == .uint(0))
        #expect(RiveSchema.defaultValue(of: RivePropertyKey.linearAnimationFps) == .uint(60))
        #expect(RiveSchema.property(RivePropertyKey.viewModelInstanceBooleanPropertyValue)?.type == .bool)
        #expect(RiveSchema.property(RivePropertyKey.dataBindContextSourcePathIds)?.isEncoded == true)
        #expect(RiveSchema.type(RiveTypeKey.rectangle, hasProperty: RivePropertyKey.nodeX))
        #expect(RiveSchema.type(RiveTypeKey.solidColor, hasProperty: 118), "SolidColor carries the ColorChannels mixin's passthrough colorRed")
        #expect(!RiveSchema.type(RiveTypeKey.solidColor, hasProperty: RivePropertyKey.nodeX))
        // Editor-only defs such as Guide (140) are not runtime types.
        #expect(RiveSchema.type(140) == nil)
        #expect(RiveSchema.type(RiveTypeKey.component)?.isAbstract == true)
    }
}
