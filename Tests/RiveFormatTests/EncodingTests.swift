import RiveFormat
import Testing

/// The primitive encodings, the header and the table of contents, byte by byte.
struct EncodingTests {
    /// The usable file of riv-format-and-binding.md §1.7: Backboard and an artboard "Main", 100×100.
    static let minimalFile: [UInt8] = [
        0x52, 0x49, 0x56, 0x45, 0x07, 0x00, 0x00, 0x00, 0x17, 0x00,
        0x01, 0x04, 0x04, 0x4D, 0x61, 0x69, 0x6E, 0x07, 0x00, 0x00, 0xC8, 0x42, 0x08, 0x00, 0x00, 0xC8, 0x42, 0x00,
    ]

    @Test("the minimal usable file reads as a Backboard and an artboard \"Main\" of 100×100")
    func minimalFile() throws {
        let document = try RiveReader.read(Self.minimalFile)
        #expect(document.header == RiveHeader(majorVersion: 7, minorVersion: 0, fileID: 0))
        #expect(document.tableOfContents.isEmpty)
        #expect(document.objects.map(\.typeKey) == [RiveTypeKey.backboard, RiveTypeKey.artboard])
        let summary = RiveFileSummary(document)
        #expect(summary.artboards.map(\.name) == ["Main"])
        #expect(summary.artboards.first?.width == 100)
        #expect(summary.artboards.first?.height == 100)
    }

    @Test("a header with no ToC keys imports with no objects")
    func headerOnly() throws {
        let document = try RiveReader.read([0x52, 0x49, 0x56, 0x45, 0x07, 0x00, 0x00, 0x00])
        #expect(document.objects.isEmpty)
    }

    @Test("the view-model example of §1.7 is written byte for byte, ToC aside")
    func viewModelExample() throws {
        let document = RiveDocument(header: RiveHeader(minorVersion: 0), objects: [
            RiveObject(typeKey: RiveTypeKey.backboard),
            RiveObject(typeKey: RiveTypeKey.viewModel, properties: [RiveProperty(key: RivePropertyKey.viewModelComponentName, value: .string("VM"))]),
            RiveObject(typeKey: RiveTypeKey.viewModelPropertyNumber, properties: [RiveProperty(key: RivePropertyKey.viewModelComponentName, value: .string("n"))]),
            RiveObject(typeKey: RiveTypeKey.viewModelInstance, properties: [
                RiveProperty(key: RivePropertyKey.viewModelInstanceViewModelId, value: .uint(0)),
                RiveProperty(key: RivePropertyKey.componentName, value: .string("Default")),
            ]),
            RiveObject(typeKey: RiveTypeKey.viewModelInstanceNumber, properties: [
                RiveProperty(key: RivePropertyKey.viewModelInstanceValueViewModelPropertyId, value: .uint(0)),
                RiveProperty(key: RivePropertyKey.viewModelInstanceNumberPropertyValue, value: .float(42)),
            ]),
            RiveObject(typeKey: RiveTypeKey.artboard, properties: [
                RiveProperty(key: RivePropertyKey.componentName, value: .string("Main")),
                RiveProperty(key: RivePropertyKey.artboardViewModelId, value: .uint(0)),
            ]),
        ])
        let bytes = try RiveWriter.write(document)
        let expectedViewModelPart: [UInt8] = [
            0xB3, 0x03, 0xAD, 0x04, 0x02, 0x56, 0x4D, 0x00,
            0xAF, 0x03, 0xAD, 0x04, 0x01, 0x6E, 0x00,
            0xB5, 0x03, 0xB6, 0x04, 0x00, 0x04, 0x07, 0x44, 0x65, 0x66, 0x61, 0x75, 0x6C, 0x74, 0x00,
            0xBA, 0x03, 0xAA, 0x04, 0x00, 0xBF, 0x04, 0x00, 0x00, 0x28, 0x42, 0x00,
        ]
        #expect(bytes.firstRange(of: [0x17, 0x00] + expectedViewModelPart) != nil)
        #expect(try RiveReader.read(bytes).objects == document.objects)
    }

    @Test("the writer's ToC lists every written key with its field id, four per little-endian word")
    func tableOfContentsPacking() throws {
        let document = RiveDocument(objects: [
            RiveObject(typeKey: RiveTypeKey.backboard),
            RiveObject(typeKey: RiveTypeKey.artboard, properties: [
                RiveProperty(key: RivePropertyKey.componentName, value: .string("A")),          // field 1
                RiveProperty(key: RivePropertyKey.layoutComponentWidth, value: .float(10)),     // field 2
                RiveProperty(key: RivePropertyKey.layoutComponentClip, value: .bool(true)),     // field 0
                RiveProperty(key: RivePropertyKey.artboardViewModelId, value: .uint(0xFFFF_FFFF)), // field 0
                RiveProperty(key: RivePropertyKey.layoutComponentStyleId, value: .uint(2)),     // field 0
            ]),
            RiveObject(typeKey: RiveTypeKey.solidColor, properties: [RiveProperty(key: RivePropertyKey.solidColorColorValue, value: .color(0xFF00_FF00))]),
        ])
        let bytes = try RiveWriter.write(document)
        let read = try RiveReader.read(bytes)
        #expect(read.tableOfContents.map(\.key) == [4, 7, 196, 583, 494, 37])
        #expect(read.tableOfContents.map(\.fieldID) == [.bytes, .float, .uint, .uint, .uint, .color])
        // Header (8 bytes) then the six keys (4, 7, 196→C4 01, 583→C7 04, 494→EE 03, 37), the 0, then two words.
        let tocStart = 7
        #expect(Array(bytes[tocStart..<tocStart + 10]) == [0x04, 0x07, 0xC4, 0x01, 0xC7, 0x04, 0xEE, 0x03, 0x25, 0x00])
        #expect(Array(bytes[tocStart + 10..<tocStart + 18]) == [0b0000_1001, 0, 0, 0, 0b0000_1100, 0, 0, 0])
        #expect(read.objects == document.objects)
    }

    @Test("bools are one byte wherever they appear, and only 1 is true")
    func booleans() throws {
        var bytes: [UInt8] = Array("RIVE".utf8) + [7, 0, 0, 0, 0x17, 0x00]
        // An artboard carrying clip (196) as 2: a known bool whose byte is not 1 reads as false.
        bytes += [0x01, 0xC4, 0x01, 0x02, 0x04, 0x01, 0x41, 0x00]
        let document = try RiveReader.read(bytes)
        #expect(document.objects[1].storedValue(RivePropertyKey.layoutComponentClip) == .bool(false))
        #expect(document.objects[1].string(RivePropertyKey.componentName) == "A")
        // A known bool on a type that does not declare it is still skipped as one byte (pitfall 1.4(c)).
        var foreign: [UInt8] = Array("RIVE".utf8) + [7, 0, 0, 0, 0x17, 0x00]
        foreign += [0x12, 0xC4, 0x01, 0x01, 0x25, 0x01, 0x02, 0x03, 0x04, 0x00]
        let solid = try RiveReader.read(foreign).objects[1]
        #expect(solid.storedValue(RivePropertyKey.solidColorColorValue) == .color(0x0403_0201))
    }

    @Test("alternate keys 9 and 10 read as Node.x and Node.y")
    func alternateKeys() throws {
        var bytes: [UInt8] = Array("RIVE".utf8) + [7, 0, 0, 0, 0x17, 0x00, 0x01, 0x00]
        bytes += [0x02, 0x09, 0x00, 0x00, 0x80, 0x3F, 0x0A, 0x00, 0x00, 0x00, 0x40, 0x00]
        let node = try RiveReader.read(bytes).objects[2]
        #expect(node.storedValue(RivePropertyKey.nodeX) == .float(1))
        #expect(node.storedValue(RivePropertyKey.nodeY) == .float(2))
    }

    @Test("keys unknown to the schema are skipped by their ToC field id and kept")
    func unknownKeysThroughTableOfContents() throws {
        // ToC: keys 9000 (uint), 9001 (bytes), 9002 (float), 9003 (color) in one word 0b11_10_01_00.
        var bytes: [UInt8] = Array("RIVE".utf8) + [7, 0, 0]
        bytes += [0xA8, 0x46, 0xA9, 0x46, 0xAA, 0x46, 0xAB, 0x46, 0x00, 0b1110_0100, 0, 0, 0]
        bytes += [0x17, 0x00]
        // An unknown type 5000 with all four keys, then a known artboard.
        bytes += [0x88, 0x27, 0xA8, 0x46, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0xA9, 0x46, 0x02, 0xAA, 0xBB, 0xAA, 0x46, 0, 0, 0, 0, 0xAB, 0x46, 1, 2, 3, 4, 0x00]
        bytes += [0x01, 0x00]
        let document = try RiveReader.read(bytes)
        #expect(document.objects.count == 3)
        #expect(document.objects[1].properties.map(\.value) == [.uint(0xF_FFFF_FFFF), .bytes([0xAA, 0xBB]), .float(0), .color(0x0403_0201)])
        #expect(try RiveReader.read(try RiveWriter.encodeUnchecked(document)) == document)
    }
}
