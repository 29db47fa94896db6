import RiveFormat

/// Applies a chain of mutations to a seed file, deterministically.
///
/// Structural mutations edit the decoded objects; the first byte mutation encodes them
/// (without the writer's structural checks) and later mutations edit bytes. A structural
/// mutation after a byte mutation re-reads the bytes; when they no longer read, or when a
/// mutation names an object or offset the file does not have, or its result would not encode
/// (a value outside its key's declared type), that mutation changes nothing.
/// The same seed and chain always give the same bytes.
public struct MutationApplier: Sendable {
    /// The seed files' decoded documents, by seed index (donors for `spliceObject`).
    public var donors: [RiveDocument]

    /// Creates an applier with the seeds that splices may take objects from.
    public init(donors: [RiveDocument]) { self.donors = donors }

    /// The state between mutations: decoded objects (with their encoding, once made) or
    /// encoded bytes.
    private enum State {
        case document(RiveDocument, encoded: [UInt8]?)
        case bytes([UInt8])
    }

    /// The file after applying every mutation in order.
    public func apply(_ mutations: [RiveMutation], to seed: RiveDocument) -> [UInt8] {
        var state = State.document(seed, encoded: nil)
        for mutation in mutations {
            if mutation.isByteMutation {
                var bytes: [UInt8]
                switch state {
                case .document(let document, let encoded): bytes = encoded ?? Self.encode(document)
                case .bytes(let existing): bytes = existing
                }
                Self.apply(mutation, to: &bytes)
                state = .bytes(bytes)
            } else {
                var document: RiveDocument
                var encoded: [UInt8]?
                switch state {
                case .document(let existing, let existingEncoding): document = existing; encoded = existingEncoding
                case .bytes(let bytes):
                    guard let read = try? RiveReader.read(bytes) else { continue }
                    document = read
                    encoded = nil
                }
                var mutated = document
                apply(mutation, to: &mutated)
                if let mutatedEncoding = try? RiveWriter.encodeUnchecked(mutated) {
                    document = mutated
                    encoded = mutatedEncoding
                }
                state = .document(document, encoded: encoded)
            }
        }
        switch state {
        case .document(let document, let encoded): return encoded ?? Self.encode(document)
        case .bytes(let bytes): return bytes
        }
    }

    /// Encodes without structural checks. Every document here encodes: seeds are checked when
    /// loaded (`FuzzSeed`), and a structural mutation whose result would not encode is undone.
    static func encode(_ document: RiveDocument) -> [UInt8] {
        (try? RiveWriter.encodeUnchecked(document)) ?? []
    }

    private func apply(_ mutation: RiveMutation, to document: inout RiveDocument) {
        let count = document.objects.count
        switch mutation {
        case .setValue(let object, let key, let value):
            guard object < count else { return }
            set(key, to: value.propertyValue, in: &document.objects[object])
        case .repoint(let object, let key, let to):
            guard object < count else { return }
            set(key, to: .uint(to), in: &document.objects[object])
        case .removeProperty(let object, let key):
            guard object < count else { return }
            document.objects[object].properties.removeAll { $0.key == key }
        case .deleteObject(let index):
            guard index < count else { return }
            document.objects.remove(at: index)
        case .duplicateObject(let index):
            guard index < count else { return }
            document.objects.insert(document.objects[index], at: index + 1)
        case .moveObject(let from, let to):
            guard from < count, to < count else { return }
            let object = document.objects.remove(at: from)
            document.objects.insert(object, at: to)
        case .swapObjects(let a, let b):
            guard a < count, b < count else { return }
            document.objects.swapAt(a, b)
        case .spliceObject(let donor, let donorObject, let at):
            guard donor < donors.count, donorObject < donors[donor].objects.count, at <= count else { return }
            document.objects.insert(donors[donor].objects[donorObject], at: at)
        case .truncateObjects(let keep):
            guard keep < count else { return }
            document.objects.removeLast(count - keep)
        case .flipBit, .setByte, .truncateBytes, .insertBytes:
            return
        }
    }

    private func set(_ key: UInt32, to value: RivePropertyValue, in object: inout RiveObject) {
        if let index = object.properties.firstIndex(where: { $0.key == key }) {
            object.properties[index].value = value
        } else {
            object.properties.append(RiveProperty(key: key, value: value))
        }
    }

    private static func apply(_ mutation: RiveMutation, to bytes: inout [UInt8]) {
        switch mutation {
        case .flipBit(let offset, let bit):
            guard offset < bytes.count else { return }
            bytes[offset] ^= UInt8(1) << UInt8(bit & 7)
        case .setByte(let offset, let value):
            guard offset < bytes.count else { return }
            bytes[offset] = value
        case .truncateBytes(let length):
            guard length < bytes.count else { return }
            bytes.removeLast(bytes.count - length)
        case .insertBytes(let offset, let inserted):
            guard offset <= bytes.count else { return }
            bytes.insert(contentsOf: inserted, at: offset)
        default:
            return
        }
    }
}
