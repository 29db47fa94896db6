import Foundation
import RiveFormat

/// Shrinks a `.riv` file while a predicate stays true: delta debugging over its objects, then
/// removal of single properties (or halving of a bytes value that must stay), then objects
/// again (keyed frames and whatever the property pass freed); a file our reader does not read
/// (a byte mutation) is first shrunk as bytes.
///
/// Every candidate is a file our writer validates (`RiveWriter.write`), so the result is a
/// well-formed file that still shows the failure; candidates that break a structural rule are
/// skipped without running the predicate. An input that itself breaks a structural rule (a
/// mutated file without its Backboard, say) is reduced with candidates encoded unchecked that
/// our reader still reads, and the result says so (`validated` is false). Deterministic: the same file and predicate give
/// the same steps and result (unless a deadline cuts the reduction short).
@MainActor
public struct Reducer {
    /// One accepted step: what was removed and the size after it.
    public struct Step: Sendable, Hashable {
        /// The pass (`tail`, `bytes`, `objects`, `properties`, `objects again`).
        public var pass: String
        /// What the step removed (`512 bytes`, `12 objects`, `property x (13) of #4`).
        public var removed: String
        /// Objects left; `nil` after a byte step that left a file our reader does not read.
        public var objects: Int?
        /// Bytes of the encoded file after the step.
        public var bytes: Int
    }

    /// The result: the smallest file found and the steps that got there.
    public struct Result: Sendable {
        /// The reduced document; `nil` when the result is bytes our reader does not read.
        public var document: RiveDocument?
        /// Its bytes (as the writer encodes them).
        public var bytes: [UInt8]
        /// The accepted steps, in order.
        public var steps: [Step]
        /// How many candidates the predicate was run on.
        public var predicateRuns: Int
        /// Whether the time limit stopped the reduction before it was done.
        public var stoppedAtTimeLimit: Bool
        /// Whether every candidate passed the writer's validation; `false` when the input broke
        /// a structural rule, named in `inputProblem`, and candidates only had to stay readable.
        public var validated: Bool { inputProblem == nil }
        /// The structural rule the input breaks, when it breaks one.
        public var inputProblem: String?
        /// Why the input's bytes were reduced first (our reader does not read them, or our
        /// writer's encoding of them loses the failure); `nil` when they were not.
        public var unreadableInput: String?
    }

    /// Why a reduction could not start.
    public enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// Our reader does not read the input's encoding, so there is nothing to reduce structurally.
        case invalidInput(String)
        /// The predicate is false for the input itself.
        case predicateFalseOnInput

        /// A message with what to do next.
        public var description: String {
            switch self {
            case .invalidInput(let why): "our reader does not read the file as our writer encodes it (\(why)); reduce the file's bytes instead (Reducer.reduce(bytes:))"
            case .predicateFalseOnInput: "the predicate is false for the file as given, so there is nothing to keep while reducing; check the predicate and the adapter"
            }
        }
    }

    /// Whether a candidate still shows the failure.
    public let predicate: @MainActor ([UInt8]) async -> Bool
    /// Called after each accepted step.
    public let onStep: (Step) -> Void
    /// When to stop trying candidates and keep the smallest file found so far (nil: never).
    public let deadline: Date?
    private var runs = 0
    private var stopped = false
    /// Whether candidates must pass the writer's validation (false for an input that does not).
    private var validates = true

    /// Creates a reducer.
    public init(predicate: @escaping @MainActor ([UInt8]) async -> Bool, deadline: Date? = nil, onStep: @escaping (Step) -> Void = { _ in }) {
        self.predicate = predicate
        self.deadline = deadline
        self.onStep = onStep
    }

    /// Reduces a document.
    /// - Throws: `Reducer.Failure` when the input is not a valid file or the predicate is false for it.
    public mutating func reduce(_ input: RiveDocument) async throws(Failure) -> Result {
        let inputBytes: [UInt8]
        var inputProblem: String?
        do { inputBytes = try RiveWriter.write(input) } catch {
            inputProblem = error.message
            validates = false
            guard let unchecked = encode(input) else { throw .invalidInput(error.message) }
            inputBytes = unchecked
        }
        runs = 1
        guard await predicate(inputBytes) else { throw .predicateFalseOnInput }
        var current = input
        var steps: [Step] = []
        current = await minimizeObjects(current, pass: "objects", steps: &steps)
        current = await removeProperties(current, steps: &steps)
        current = await minimizeObjects(current, pass: "objects again", steps: &steps)
        return Result(document: current, bytes: encode(current) ?? inputBytes, steps: steps, predicateRuns: runs,
                      stoppedAtTimeLimit: stopped, inputProblem: inputProblem, unreadableInput: nil)
    }

    /// Reduces a file's bytes: a file our reader reads is reduced as a document (`reduce(_:)`);
    /// any other file, or one whose failure our writer's encoding loses, is first shrunk as
    /// bytes (its tail cut, then delta debugging over byte ranges), and reduced as a document
    /// once what is left reads and still shows the failure.
    /// - Throws: `Reducer.Failure.predicateFalseOnInput` when the predicate is false for the input.
    public mutating func reduce(bytes input: [UInt8]) async throws(Failure) -> Result {
        let document: RiveDocument
        do { document = try RiveReader.read(input) } catch {
            return try await reduceAsBytes(input, reason: error.message)
        }
        var structural = self
        do { return try await structural.reduce(document) } catch {
            return try await reduceAsBytes(input, reason: "our writer's encoding of what our reader read does not reduce: \(error.description)")
        }
    }

    /// `reduce(bytes:)` for a file that cannot be reduced as a document, for the reason given.
    private mutating func reduceAsBytes(_ input: [UInt8], reason readError: String) async throws(Failure) -> Result {
        runs = 1
        guard await predicate(input) else { throw .predicateFalseOnInput }
        var steps: [Step] = []
        var current = await cutTail(input, steps: &steps)
        current = await removeByteRanges(current, steps: &steps)
        var result = Result(document: nil, bytes: current, steps: steps, predicateRuns: runs, stoppedAtTimeLimit: stopped, inputProblem: nil,
                            unreadableInput: readError)
        if !stopped, let document = try? RiveReader.read(current) {
            var structural = self
            if let reduced = try? await structural.reduce(document), reduced.bytes.count <= current.count {
                result = Result(document: reduced.document, bytes: reduced.bytes, steps: steps + reduced.steps, predicateRuns: runs + reduced.predicateRuns,
                                stoppedAtTimeLimit: reduced.stoppedAtTimeLimit, inputProblem: reduced.inputProblem, unreadableInput: readError)
            } else {
                result.document = document
            }
        }
        return result
    }

    /// Whether the bytes still show the failure (counting the run; false once the deadline passed).
    private mutating func acceptsBytes(_ candidate: [UInt8]) async -> Bool {
        if let deadline, Date() >= deadline { stopped = true }
        guard !stopped, !candidate.isEmpty else { return false }
        runs += 1
        return await predicate(candidate)
    }

    /// Records an accepted step.
    private func record(_ step: Step, in steps: inout [Step]) {
        steps.append(step)
        onStep(step)
    }

    /// Cuts the file's tail: drops its last half while that still fails, then its last quarter,
    /// and so on down to one byte (a reader's failure is often in the first objects).
    private mutating func cutTail(_ bytes: [UInt8], steps: inout [Step]) async -> [UInt8] {
        var current = bytes
        var cut = current.count / 2
        while cut >= 1, !stopped {
            if cut < current.count, case let candidate = Array(current.prefix(current.count - cut)), await acceptsBytes(candidate) {
                current = candidate
                record(Step(pass: "tail", removed: "\(cut) bytes", objects: nil, bytes: current.count), in: &steps)
            } else {
                cut /= 2
            }
        }
        return current
    }

    /// ddmin over byte ranges: removes ranges of halving size while the rest still fails.
    private mutating func removeByteRanges(_ bytes: [UInt8], steps: inout [Step]) async -> [UInt8] {
        await removeRuns(bytes, keepingFirst: 0, steps: &steps) { reducer, candidate, start, count in
            guard await reducer.acceptsBytes(candidate) else { return nil }
            return Step(pass: "bytes", removed: "\(count) byte\(count == 1 ? "" : "s") at \(start)", objects: nil, bytes: candidate.count)
        }
    }

    /// Delta debugging (ddmin): removes runs of `items` past the first `keepingFirst`, of
    /// halving length, while `attempt` accepts what is left (given the run's start and length)
    /// and names the step; returns what is left.
    private mutating func removeRuns<Element>(_ items: [Element], keepingFirst first: Int, steps: inout [Step],
                                              attempt: @MainActor (inout Reducer, [Element], Int, Int) async -> Step?) async -> [Element] {
        var current = items
        var granularity = 2
        while current.count > first, !stopped {
            let removable = current.count - first
            let chunkSize = max(1, (removable + granularity - 1) / granularity)
            var reduced = false
            var start = first
            while start < current.count, !stopped {
                let end = min(current.count, start + chunkSize)
                let candidate = Array(current[..<start] + current[end...])
                if let step = await attempt(&self, candidate, start, end - start) {
                    current = candidate
                    record(step, in: &steps)
                    reduced = true
                    break
                }
                start += chunkSize
            }
            if reduced {
                granularity = max(granularity - 1, 2)
            } else if chunkSize == 1 {
                break
            } else {
                granularity = min(granularity * 2, removable)
            }
        }
        return current
    }

    /// A document's bytes: validated by the writer, or (for an input that breaks a structural
    /// rule) encoded unchecked and read back by our reader; `nil` when that fails.
    private func encode(_ document: RiveDocument) -> [UInt8]? {
        if validates { return try? RiveWriter.write(document) }
        guard let bytes = try? RiveWriter.encodeUnchecked(document), (try? RiveReader.read(bytes)) != nil else { return nil }
        return bytes
    }

    /// The candidate's bytes when it encodes (`encode`) and the predicate holds.
    private mutating func accepts(_ candidate: RiveDocument) async -> [UInt8]? {
        if let deadline, Date() >= deadline { stopped = true }
        guard !stopped, let bytes = encode(candidate) else { return nil }
        runs += 1
        return await predicate(bytes) ? bytes : nil
    }

    /// ddmin over object indices (the header objects at index 0 stay).
    private mutating func minimizeObjects(_ document: RiveDocument, pass: String, steps: inout [Step]) async -> RiveDocument {
        var result = document
        result.objects = await removeRuns(document.objects, keepingFirst: 1, steps: &steps) { reducer, objects, _, count in
            var candidate = document
            candidate.objects = objects
            guard let bytes = await reducer.accepts(candidate) else { return nil }
            return Step(pass: pass, removed: "\(count) object\(count == 1 ? "" : "s")", objects: objects.count, bytes: bytes.count)
        }
        return result
    }

    /// Tries removing each property of each object, last object first; a bytes value (an
    /// embedded image or font) that must stay is cut to its first half while the predicate holds.
    private mutating func removeProperties(_ document: RiveDocument, steps: inout [Step]) async -> RiveDocument {
        var current = document
        for objectIndex in current.objects.indices.reversed() {
            var propertyIndex = current.objects[objectIndex].properties.count - 1
            while propertyIndex >= 0 {
                var candidate = current
                let removed = candidate.objects[objectIndex].properties.remove(at: propertyIndex)
                if let bytes = await accepts(candidate) {
                    current = candidate
                    record(Step(pass: "properties", removed: "\(removed.name ?? "key \(removed.key)") of #\(objectIndex)",
                                objects: current.objects.count, bytes: bytes.count), in: &steps)
                } else if case .bytes = removed.value {
                    current = await shortenBytes(current, object: objectIndex, property: propertyIndex, steps: &steps)
                }
                propertyIndex -= 1
            }
        }
        return current
    }

    /// Halves a bytes value (keeping its start) while the predicate holds.
    private mutating func shortenBytes(_ document: RiveDocument, object: Int, property: Int, steps: inout [Step]) async -> RiveDocument {
        var current = document
        guard case .bytes(let payload) = current.objects[object].properties[property].value else { return current }
        var length = payload.count / 2
        while length > 0 {
            var candidate = current
            candidate.objects[object].properties[property].value = .bytes(Array(payload.prefix(length)))
            guard let bytes = await accepts(candidate) else { break }
            current = candidate
            let name = current.objects[object].properties[property].name ?? "key \(current.objects[object].properties[property].key)"
            record(Step(pass: "properties", removed: "\(name) of #\(object) cut to \(length) bytes", objects: current.objects.count, bytes: bytes.count), in: &steps)
            length /= 2
        }
        return current
    }
}
