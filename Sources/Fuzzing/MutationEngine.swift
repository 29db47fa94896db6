import HarnessSupport
import RiveFormat

/// A seed file for fuzzing: its name, bytes and decoded objects.
public struct FuzzSeed: Sendable {
    /// The name reports use (the file's path as given).
    public var name: String
    /// The decoded document.
    public var document: RiveDocument
    /// The length of the document as our writer encodes it (what mutations start from).
    public var encodedLength: Int

    /// Reads a seed; `nil` when our reader rejects the file or its objects do not re-encode
    /// (such a file cannot be mutated structurally).
    public init?(name: String, bytes: [UInt8]) {
        guard let document = try? RiveReader.read(bytes), let encoded = try? RiveWriter.encodeUnchecked(document) else { return nil }
        self.name = name
        self.document = document
        encodedLength = encoded.count
    }
}

/// Chooses mutation chains that know the format: values at the edges of each property's
/// declared type, ids pointed elsewhere, objects deleted, duplicated, moved, swapped,
/// spliced in from other seeds and cut off, and raw byte changes for the reader.
///
/// All choices come from one `SeededGenerator`, so the same seeds and generator seed give
/// the same chains in the same order.
public struct MutationEngine: Sendable {
    /// The seeds, by index.
    public let seeds: [FuzzSeed]
    private var generator: SeededGenerator

    /// Creates an engine over seeds (at least one) with a generator seed.
    public init(seeds: [FuzzSeed], seed: UInt64) {
        precondition(!seeds.isEmpty, "a fuzz engine needs at least one seed file")
        self.seeds = seeds
        generator = SeededGenerator(seed: seed)
    }

    /// The next case: a seed index and one to four mutations.
    public mutating func next() -> (seed: Int, mutations: [RiveMutation]) {
        let seedIndex = Int.random(in: 0..<seeds.count, using: &generator)
        let document = seeds[seedIndex].document
        let length = [1, 1, 1, 2, 2, 3, 4].randomElement(using: &generator)!
        var mutations: [RiveMutation] = []
        var objectCount = document.objects.count
        var byteLength = seeds[seedIndex].encodedLength
        for _ in 0..<length {
            let mutation = choose(in: document, objectCount: objectCount, byteLength: byteLength)
            switch mutation {
            case .deleteObject: objectCount -= 1
            case .duplicateObject, .spliceObject: objectCount += 1
            case .truncateObjects(let keep): objectCount = min(objectCount, keep)
            case .truncateBytes(let length): byteLength = min(byteLength, length)
            case .insertBytes(_, let bytes): byteLength += bytes.count
            default: break
            }
            mutations.append(mutation)
        }
        return (seedIndex, mutations)
    }

    private mutating func choose(in document: RiveDocument, objectCount: Int, byteLength: Int) -> RiveMutation {
        guard objectCount > 0 else { return byteMutation(byteLength: byteLength) }
        let object = Int.random(in: 0..<objectCount, using: &generator)
        // Objects the chain has not moved keep their seed's properties; past the seed's end
        // (duplicates, splices) the seed's last object stands in for choosing a key.
        let record = document.objects[min(object, document.objects.count - 1)]
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<35:
            return valueMutation(object: object, record: record) ?? .deleteObject(object)
        case 35..<50:
            return referenceMutation(object: object, record: record, objectCount: objectCount) ?? .duplicateObject(object)
        case 50..<55:
            guard let property = record.properties.randomElement(using: &generator) else { return .deleteObject(object) }
            return .removeProperty(object: object, key: property.key)
        case 55..<63: return .deleteObject(object)
        case 63..<69: return .duplicateObject(object)
        case 69..<74: return .moveObject(from: object, to: Int.random(in: 0..<objectCount, using: &generator))
        case 74..<81:
            let neighbour = min(objectCount - 1, object + Int.random(in: 1...3, using: &generator))
            return .swapObjects(object, neighbour)
        case 81..<86:
            let donor = Int.random(in: 0..<seeds.count, using: &generator)
            let donorCount = seeds[donor].document.objects.count
            guard donorCount > 0 else { return .deleteObject(object) }
            return .spliceObject(donor: donor, donorObject: Int.random(in: 0..<donorCount, using: &generator), at: object)
        case 86..<89: return .truncateObjects(keep: object)
        default: return byteMutation(byteLength: byteLength)
        }
    }

    /// A value at the edge of the property's declared type, or a random one of it.
    private mutating func valueMutation(object: Int, record: RiveObject) -> RiveMutation? {
        let keys = Self.settableKeys(of: record.typeKey)
        guard let key = keys.randomElement(using: &generator), let definition = RiveSchema.property(key) else { return nil }
        guard let value = edgeValue(of: definition.type, current: record.storedValue(key)) else { return nil }
        return .setValue(object: object, key: key, value: MutationValue(value))
    }

    /// An id or index property (`…Id`) pointed at another object, the object itself, one past
    /// the end, or the largest value its type holds.
    private mutating func referenceMutation(object: Int, record: RiveObject, objectCount: Int) -> RiveMutation? {
        let keys = Self.settableKeys(of: record.typeKey).filter { key in
            guard let definition = RiveSchema.property(key) else { return false }
            return definition.name.hasSuffix("Id") && definition.type.valueKind == .uint
        }
        guard let key = keys.randomElement(using: &generator), let limit = RiveSchema.property(key)?.type.unsignedLimit else { return nil }
        let targets: [UInt64] = [UInt64(Int.random(in: 0..<max(1, objectCount), using: &generator)), UInt64(object),
                                 UInt64(objectCount), 0, limit, limit - 1]
        return .repoint(object: object, key: key, to: min(limit, targets.randomElement(using: &generator)!))
    }

    private mutating func byteMutation(byteLength: Int) -> RiveMutation {
        let length = max(1, byteLength)
        let offset = Int.random(in: 0..<length, using: &generator)
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: return .flipBit(offset: offset, bit: Int.random(in: 0..<8, using: &generator))
        case 1: return .setByte(offset: offset, value: [0, 0x7F, 0x80, 0xFF, UInt8.random(in: 0...255, using: &generator)].randomElement(using: &generator)!)
        case 2: return .truncateBytes(length: offset)
        default:
            let count = [1, 2, 8, 64].randomElement(using: &generator)!
            return .insertBytes(offset: offset, bytes: (0..<count).map { _ in [0, 0xFF, 0x80, UInt8.random(in: 0...255, using: &generator)].randomElement(using: &generator)! })
        }
    }

    /// A value of a declared type: its edges (0, limits, NaN, infinities, empty and huge
    /// strings) most of the time, else a scaled or random one.
    private mutating func edgeValue(of type: RiveDeclaredType, current: RivePropertyValue?) -> RivePropertyValue? {
        switch type {
        case .uint, .uint8, .uint16, .uint64:
            let limit = type.unsignedLimit!
            let choices: [UInt64] = [0, 1, 2, 3, limit, limit - 1, limit / 2 + 1, UInt64.random(in: 0...min(limit, 64), using: &generator)]
            return .uint(choices.randomElement(using: &generator)!)
        case .int, .int16:
            let range = type.signedRange!
            let choices: [Int64] = [0, -1, 1, range.lowerBound, range.upperBound, Int64.random(in: -64...64, using: &generator)]
            return .int(choices.randomElement(using: &generator)!)
        case .double:
            let existing = current?.floatValue ?? 1
            let choices: [Float] = [0, -0.0, .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                    .leastNonzeroMagnitude, 1e30, -1e30, -1, existing * 1000, -existing, existing + 1]
            return .float(choices.randomElement(using: &generator)!)
        case .bool:
            return .bool(!(current?.boolValue ?? false))
        case .string:
            let choices = ["", String(repeating: "A", count: 65_536), "\u{0}", "é\u{301}\u{200F}ש", "💥🏳️‍🌈", "../../x", "%s%n"]
            return .string(choices.randomElement(using: &generator)!)
        case .color:
            return .color([0, 0xFFFF_FFFF, 0x00FF_FFFF, 0x8000_0000, UInt32.random(in: 0...UInt32.max, using: &generator)].randomElement(using: &generator)!)
        case .bytes:
            let existing = current?.bytesValue ?? []
            let choices: [[UInt8]] = [[], Array(existing.prefix(existing.count / 2)), [UInt8](repeating: 0xFF, count: 16),
                                      (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }]
            return .bytes(choices.randomElement(using: &generator)!)
        case .callback:
            return nil
        }
    }

    /// The keys a type and its ancestors declare, except callbacks.
    static func settableKeys(of typeKey: UInt32) -> [UInt32] {
        var keys: [UInt32] = []
        var next: UInt32? = typeKey
        var seen: Set<UInt32> = []
        while let key = next, seen.insert(key).inserted, let definition = RiveSchema.typesByKey[key] {
            keys += definition.ownPropertyKeys.filter { RiveSchema.property($0)?.type != .callback }
            for mixin in definition.mixinKeys { keys += RiveSchema.typesByKey[mixin]?.ownPropertyKeys ?? [] }
            next = definition.parentKey
        }
        return keys
    }
}
